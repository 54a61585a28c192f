import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { BadRequestError } from '../../common/errors/domain-error';
import { eventMetadata } from '../../common/request/request-metadata';
import { PasswordHasher } from '../password-hasher';
import { consumeToken, findUsableToken, revokeOpenTokens } from '../tokens/one-time-tokens';
import { CommandPath } from '../../event-store/command-path/command-path';
import { CLOCK, Clock } from '../../common/clock';
import { findUserById, recordAccountEvents } from '../users/user-account';
import { ResetPassword } from './recovery.commands';

export const INVALID_RESET_LINK = 'The reset link is invalid or expired.';

@CommandHandler(ResetPassword)
export class ResetPasswordHandler implements ICommandHandler<ResetPassword, void> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly commands: CommandPath,
    private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ token, newPassword, meta }: ResetPassword): Promise<void> {
    const manager = this.dataSource.manager;
    const record = await findUsableToken(manager, token, 'password-reset');
    const user = record && (await findUserById(manager, record.userId));
    if (!record || !user || user.email !== record.email) throw new BadRequestError(INVALID_RESET_LINK);
    const passwordHash = await this.hasher.hash(newPassword);
    const changedAt = this.clock.now();
    await recordAccountEvents(
      this.commands,
      user,
      [
        {
          type: 'PasswordResetCompleted',
          data: { userId: user.id, email: user.email, name: user.name, tokenId: record.id, changedAt: changedAt.toISOString() },
        },
      ],
      eventMetadata(meta),
      async (tx) => {
        // Single use even under a race: only one transaction moves used_at from NULL; the other rolls back.
        if (!(await consumeToken(tx, record.id))) throw new BadRequestError(INVALID_RESET_LINK);
        await revokeOpenTokens(tx, user.id, 'password-reset');
        // A new password_changed_at ends every session whose token carries the old one.
        await tx.query(
          `UPDATE users SET password_hash = $2, password_changed_at = $3, email_verified_at = coalesce(email_verified_at, $3)
            WHERE id = $1`,
          [user.id, passwordHash, changedAt],
        );
      },
    );
  }
}
