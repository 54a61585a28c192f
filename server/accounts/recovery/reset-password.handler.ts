import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BadRequestError } from '../../common/errors/domain-error';
import { PasswordHasher } from '../password-hasher';
import { consumeToken, findUsableToken, revokeOpenTokens } from '../tokens/one-time-tokens';
import { AccountWrites } from '../users/account-writes';
import { findUserById } from '../users/user-account';
import { ResetPassword } from './recovery.commands';

@CommandHandler(ResetPassword)
export class ResetPasswordHandler implements ICommandHandler<ResetPassword, void> {
  constructor(
    private readonly accounts: AccountWrites,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute({ token, newPassword, meta }: ResetPassword): Promise<void> {
    const manager = this.accounts.manager;
    const record = await findUsableToken(manager, token, 'password-reset');
    const user = record && (await findUserById(manager, record.userId));
    if (!record || !user || user.email !== record.email) throw new BadRequestError('link-expired');
    const passwordHash = await this.hasher.hash(newPassword);
    const changedAt = this.accounts.now();
    await this.accounts.record(
      user,
      [
        {
          type: 'PasswordResetCompleted',
          data: { userId: user.id, email: user.email, name: user.name, tokenId: record.id, changedAt: changedAt.toISOString() },
        },
      ],
      meta,
      async (tx) => {
        // Single use even under a race: only one transaction moves used_at from NULL; the other rolls back.
        if (!(await consumeToken(tx, record.id))) throw new BadRequestError('link-expired');
        await revokeOpenTokens(tx, user.id, 'password-reset');
        // An invited member who set a password through "forgot password" needs the invitation no more.
        await revokeOpenTokens(tx, user.id, 'staff-invitation');
        // A new password_changed_at ends every session whose token carries the old one.
        await tx.query(
          `UPDATE users SET password_hash = $2, password_changed_at = $3, email_verified_at = coalesce(email_verified_at, $3), awaiting_password = false
            WHERE id = $1`,
          [user.id, passwordHash, changedAt],
        );
      },
    );
  }
}
