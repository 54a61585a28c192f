import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { UnauthorizedError } from '../../common/errors/domain-error';
import type { AuthenticatedUser } from '../../common/request/authenticated-user';
import { RequestMeta, RequestMetadata } from '../../common/request/request-metadata';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { JwtAuthGuard } from '../../common/auth/jwt-auth.guard';
import { UpdateProfile } from '../profile/update-profile.command';
import { findUserById } from '../users/user-account';
import { toUserResponse, UserResponse } from '../users/user.response';
import { parseOrThrow, savedAddressRequest, updateProfileRequest } from './dto/account.requests';
import { DeliveryAddresses } from '../profile/delivery-address';
import { FormBody } from './form-body';

@Controller('user')
@UseGuards(JwtAuthGuard)
export class UserController {
  constructor(
    private readonly commands: CommandBus,
    private readonly dataSource: DataSource,
    private readonly addresses: DeliveryAddresses,
  ) {}

  /** Issue 32: the delivery address the customer saved, which the checkout offers (null when none). */
  @Get('delivery-address')
  async deliveryAddress(@CurrentUser() current: AuthenticatedUser) {
    return { success: true, address: await this.addresses.read(current.id) };
  }

  @Post('delivery-address')
  @HttpCode(200)
  async saveDeliveryAddress(@Body() body: unknown, @CurrentUser() current: AuthenticatedUser, @RequestMeta() meta: RequestMetadata) {
    const input = parseOrThrow(savedAddressRequest, body);
    return { success: true, address: await this.addresses.save(current.id, input, meta) };
  }

  @Get('checkCurrentUser')
  async checkCurrentUser(@CurrentUser() current: AuthenticatedUser) {
    const user = await findUserById(this.dataSource.manager, current.id);
    if (!user) throw new UnauthorizedError('login-required');
    return { success: true, user: toUserResponse(user) };
  }

  /** Multipart (as the storefront sends it) or JSON: name, phone_number. */
  @Post('updateUserFrontend')
  @HttpCode(200)
  @FormBody()
  async updateUserFrontend(@Body() body: unknown, @CurrentUser() current: AuthenticatedUser, @RequestMeta() meta: RequestMetadata) {
    const input = parseOrThrow(updateProfileRequest, body);
    const user = await this.commands.execute<UpdateProfile, UserResponse>(
      new UpdateProfile(current.id, input.name, input.phone_number, meta),
    );
    return { success: true, message: 'Has been successfully update', user };
  }
}
