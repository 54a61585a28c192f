import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnauthorizedError, ValidationFailedError } from '../../common/errors/domain-error';
import { uniqueViolation } from '../users/unique-violation';
import { AccountWrites } from '../users/account-writes';
import { findUserById, findUserByPhone } from '../users/user-account';
import { toUserResponse, UserResponse } from '../users/user.response';
import { UpdateProfile } from './update-profile.command';

@CommandHandler(UpdateProfile)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfile, UserResponse> {
  constructor(private readonly accounts: AccountWrites) {}

  async execute({ userId, name, phoneNumber, meta }: UpdateProfile): Promise<UserResponse> {
    const manager = this.accounts.manager;
    const user = await findUserById(manager, userId);
    if (!user) throw new UnauthorizedError('login-required');
    const phone = phoneNumber ?? user.phoneNumber;
    if (phone && phone !== user.phoneNumber && (await findUserByPhone(manager, phone))) {
      throw ValidationFailedError.field('phone_number', 'phone-taken');
    }
    if (name === user.name && phone === user.phoneNumber) return toUserResponse(user);
    try {
      await this.accounts.record(
        user,
        [{ type: 'CustomerProfileUpdated', data: { userId, name, phoneNumber: phone } }],
        meta,
        async (tx) => {
          // Another number typed here is not proven by a code: it is the account's, unverified (issue 17).
          await tx.query(
            `UPDATE users SET name = $2, phone_number = $3,
                    phone_verified_at = CASE WHEN phone_number IS DISTINCT FROM $3 THEN NULL ELSE phone_verified_at END
              WHERE id = $1`,
            [userId, name, phone],
          );
        },
      );
    } catch (error) {
      if (uniqueViolation(error) === 'users_phone_number_key') {
        throw ValidationFailedError.field('phone_number', 'phone-taken');
      }
      throw error;
    }
    return toUserResponse((await findUserById(manager, userId))!);
  }
}
