import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnauthorizedError } from '../../common/errors/domain-error';
import { AccountWrites } from '../users/account-writes';
import { findUserById } from '../users/user-account';
import { toUserResponse, UserResponse } from '../users/user.response';
import { UpdateProfile } from './update-profile.command';

@CommandHandler(UpdateProfile)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfile, UserResponse> {
  constructor(private readonly accounts: AccountWrites) {}

  async execute({ userId, name, phoneNumber, meta }: UpdateProfile): Promise<UserResponse> {
    const manager = this.accounts.manager;
    const user = await findUserById(manager, userId);
    if (!user) throw new UnauthorizedError('login-required');
    // Any number may be typed, whoever else typed or proved it: it is unproven here until a code proves it,
    // and counts for nothing before (ADR 057). No answer tells whether another account has it.
    const phone = phoneNumber ?? user.phoneNumber;
    if (name === user.name && phone === user.phoneNumber) return toUserResponse(user);
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
    return toUserResponse((await findUserById(manager, userId))!);
  }
}
