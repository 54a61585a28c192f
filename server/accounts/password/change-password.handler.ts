import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { UnauthorizedError } from '../../common/errors/domain-error';
import { eventMetadata } from '../../common/request/request-metadata';
import { AccessTokenService } from '../login/access-token.service';
import type { SignedIn } from '../login/log-in.handler';
import { PasswordHasher } from '../password-hasher';
import { revokeOpenTokens } from '../tokens/one-time-tokens';
import { CommandPath } from '../../event-store/command-path/command-path';
import { CLOCK, Clock } from '../../common/clock';
import { findUserById, recordAccountEvents } from '../users/user-account';
import { toUserResponse } from '../users/user.response';
import { ChangePassword } from './change-password.command';

@CommandHandler(ChangePassword)
export class ChangePasswordHandler implements ICommandHandler<ChangePassword, SignedIn> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly commands: CommandPath,
    private readonly hasher: PasswordHasher,
    private readonly tokens: AccessTokenService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId, newPassword, meta }: ChangePassword): Promise<SignedIn> {
    const user = await findUserById(this.dataSource.manager, userId);
    if (!user) throw new UnauthorizedError('Please log in to continue.');
    const passwordHash = await this.hasher.hash(newPassword);
    const changedAt = this.clock.now();
    await recordAccountEvents(
      this.commands,
      user,
      [{ type: 'PasswordChanged', data: { userId, changedAt: changedAt.toISOString() } }],
      eventMetadata(meta),
      async (tx) => {
        await tx.query('UPDATE users SET password_hash = $2, password_changed_at = $3 WHERE id = $1', [userId, passwordHash, changedAt]);
        await revokeOpenTokens(tx, userId, 'password-reset');
      },
    );
    const updated = (await findUserById(this.dataSource.manager, userId))!;
    return { user: toUserResponse(updated), ...(await this.tokens.issue(updated)) };
  }
}
