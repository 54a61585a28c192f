import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnauthorizedError } from '../../common/errors/domain-error';
import { AccessTokenService } from '../login/access-token.service';
import type { SignedIn } from '../login/log-in.handler';
import { PasswordHasher } from '../password-hasher';
import { revokeOpenTokens } from '../tokens/one-time-tokens';
import { AccountWrites } from '../users/account-writes';
import { findUserById } from '../users/user-account';
import { toUserResponse } from '../users/user.response';
import { ChangePassword } from './change-password.command';

@CommandHandler(ChangePassword)
export class ChangePasswordHandler implements ICommandHandler<ChangePassword, SignedIn> {
  constructor(
    private readonly accounts: AccountWrites,
    private readonly hasher: PasswordHasher,
    private readonly tokens: AccessTokenService,
  ) {}

  async execute({ userId, newPassword, meta }: ChangePassword): Promise<SignedIn> {
    const user = await findUserById(this.accounts.manager, userId);
    if (!user) throw new UnauthorizedError('login-required');
    const passwordHash = await this.hasher.hash(newPassword);
    const changedAt = this.accounts.now();
    await this.accounts.record(
      user,
      [{ type: 'PasswordChanged', data: { userId, changedAt: changedAt.toISOString() } }],
      meta,
      async (tx) => {
        await tx.query('UPDATE users SET password_hash = $2, password_changed_at = $3, awaiting_password = false WHERE id = $1', [userId, passwordHash, changedAt]);
        await revokeOpenTokens(tx, userId, 'password-reset');
      },
    );
    const updated = (await findUserById(this.accounts.manager, userId))!;
    return { user: toUserResponse(updated), ...(await this.tokens.issue(updated)) };
  }
}
