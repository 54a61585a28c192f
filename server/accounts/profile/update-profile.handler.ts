import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { UnauthorizedError, ValidationFailedError } from '../../common/errors/domain-error';
import { eventMetadata } from '../../common/request/request-metadata';
import { CommandPath } from '../../event-store/command-path/command-path';
import { CONTACT_MESSAGES } from '../users/contact-rules';
import { uniqueViolation } from '../users/unique-violation';
import { findUserById, findUserByPhone, recordAccountEvents } from '../users/user-account';
import { toUserResponse, UserResponse } from '../users/user.response';
import { UpdateProfile } from './update-profile.command';

@CommandHandler(UpdateProfile)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfile, UserResponse> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly commands: CommandPath,
  ) {}

  async execute({ userId, name, phoneNumber, meta }: UpdateProfile): Promise<UserResponse> {
    const manager = this.dataSource.manager;
    const user = await findUserById(manager, userId);
    if (!user) throw new UnauthorizedError('Please log in to continue.');
    const phone = phoneNumber ?? user.phoneNumber;
    if (phone && phone !== user.phoneNumber && (await findUserByPhone(manager, phone))) {
      throw ValidationFailedError.field('phone_number', CONTACT_MESSAGES.phoneTaken);
    }
    if (name === user.name && phone === user.phoneNumber) return toUserResponse(user);
    try {
      await recordAccountEvents(
        this.commands,
        user,
        [{ type: 'CustomerProfileUpdated', data: { userId, name, phoneNumber: phone } }],
        eventMetadata(meta),
        async (tx) => {
          await tx.query('UPDATE users SET name = $2, phone_number = $3 WHERE id = $1', [userId, name, phone]);
        },
      );
    } catch (error) {
      if (uniqueViolation(error) === 'users_phone_number_key') {
        throw ValidationFailedError.field('phone_number', CONTACT_MESSAGES.phoneTaken);
      }
      throw error;
    }
    return toUserResponse((await findUserById(manager, userId))!);
  }
}
