import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { LuckyDrawTokensResponse, OfferChangeResponse } from '../../../contracts/offers';
import { Roles } from '../../common/auth/roles.decorator';
import { RequestMeta, type RequestMetadata } from '../../common/request/request-metadata';
import { parseOrThrow } from '../../common/validation/zod-validation.pipe';
import { ChangeOfferCommand, CloseOfferCommand, CommitDrawCommand, CreateOfferCommand, HoldDrawCommand } from '../offers/offers.commands';
import { GetOfferQuery, GetOrderTokensQuery, ListOffersQuery } from '../offers/offers.queries';
import { changeOfferSchema, createOfferSchema } from './dto/offer.requests';

/**
 * The lucky draw in the staff console: admins create and change offers, commit the draw, close the offer and
 * hold the draw; care may read offers and any order's tokens. Each answer is the offer as staff see it.
 */
@Controller('admin')
@Roles('admin')
export class AdminOffersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('offers')
  @Roles('care', 'admin')
  async list() {
    return { success: true, data: await this.queries.execute(new ListOffersQuery()) };
  }

  @Post('offers')
  async create(@Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    const { offerId } = await this.commands.execute(new CreateOfferCommand(parseOrThrow(createOfferSchema(new Date()), body), meta));
    return this.answer(offerId, 'Offer created.');
  }

  @Get('offers/:offerId')
  @Roles('care', 'admin')
  async view(@Param('offerId') offerId: string) {
    return { success: true, data: await this.queries.execute(new GetOfferQuery(offerId, 'staff')) };
  }

  @Patch('offers/:offerId')
  async change(@Param('offerId') offerId: string, @Body() body: unknown, @RequestMeta() meta: RequestMetadata) {
    await this.commands.execute(new ChangeOfferCommand(offerId, parseOrThrow(changeOfferSchema, body), meta));
    return this.answer(offerId, 'Offer updated.');
  }

  @Post('offers/:offerId/commit')
  @HttpCode(200)
  async commit(@Param('offerId') offerId: string, @RequestMeta() meta: RequestMetadata) {
    await this.commands.execute(new CommitDrawCommand(offerId, meta));
    return this.answer(offerId, 'The draw is committed: its commitment is published.');
  }

  @Post('offers/:offerId/close')
  @HttpCode(200)
  async close(@Param('offerId') offerId: string, @RequestMeta() meta: RequestMetadata) {
    await this.commands.execute(new CloseOfferCommand(offerId, meta));
    return this.answer(offerId, 'The offer is closed: the eligible tokens are published.');
  }

  @Post('offers/:offerId/draw')
  @HttpCode(200)
  async draw(@Param('offerId') offerId: string, @RequestMeta() meta: RequestMetadata) {
    await this.commands.execute(new HoldDrawCommand(offerId, meta));
    return this.answer(offerId, 'The draw is held: the seed and the winners are published.');
  }

  /** Care's order page: every token of the order and its state. */
  @Get('lucky-draw-tokens/:orderId')
  @Roles('care', 'admin')
  async orderTokens(@Param('orderId') orderId: string) {
    const { orderId: id, tokens } = await this.queries.execute(new GetOrderTokensQuery(orderId, undefined));
    return { success: true, order_id: id, tokens } satisfies LuckyDrawTokensResponse;
  }

  private answer(offerId: string, message: string): OfferChangeResponse {
    return { success: true, offer_id: offerId.trim().toUpperCase(), message };
  }
}
