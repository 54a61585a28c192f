import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BadRequestError, ValidationFailedError } from '../../common/errors/domain-error';
import type { AccountEvent } from '../domain/account.events';
import { consumeToken, findUsableToken, revokeOpenTokens } from '../tokens/one-time-tokens';
import { AccountWrites } from '../users/account-writes';
import { uniqueViolation } from '../users/unique-violation';
import { findUserByEmail, findUserById } from '../users/user-account';
import { emailVerificationRequest } from './email-verification';
import { ConfirmEmail } from './recovery.commands';

@CommandHandler(ConfirmEmail)
export class ConfirmEmailHandler implements ICommandHandler<ConfirmEmail, void> {
  constructor(private readonly accounts: AccountWrites) {}

  async execute({ token, email, meta }: ConfirmEmail): Promise<void> {
    const manager = this.accounts.manager;
    const record = await findUsableToken(manager, token, 'email-verification');
    const user = record && (await findUserById(manager, record.userId));
    // A link only speaks for the address it was sent to, and only while that is still the account's address.
    if (!record || !user || user.email !== record.email) throw new BadRequestError('verification-link-expired');
    const changing = email !== user.email;
    if (changing && (await findUserByEmail(manager, email))) throw ValidationFailedError.field('email', 'email-taken');

    const follow = changing
      ? emailVerificationRequest(user, email, this.accounts.linkOrigin(undefined), 'email-changed', this.accounts.now(), this.accounts.envelopes)
      : undefined;
    const events: AccountEvent[] = changing
      ? [{ type: 'EmailChanged', data: { userId: user.id, previousEmail: user.email, newEmail: email, tokenId: record.id } }, follow!.event]
      : [{ type: 'EmailVerified', data: { userId: user.id, email, tokenId: record.id } }];
    try {
      await this.accounts.record(user, events, meta, async (tx) => {
        if (!(await consumeToken(tx, record.id))) throw new BadRequestError('verification-link-expired');
        await revokeOpenTokens(tx, user.id, 'email-verification');
        if (changing) {
          // The new address is not proven yet: it gets its own verification link (written by follow).
          await tx.query('UPDATE users SET email = $2, email_verified_at = NULL WHERE id = $1', [user.id, email]);
          await revokeOpenTokens(tx, user.id, 'password-reset');
          await follow!.write(tx);
        } else {
          await tx.query('UPDATE users SET email_verified_at = $2 WHERE id = $1', [user.id, this.accounts.now()]);
        }
      });
    } catch (error) {
      if (uniqueViolation(error) === 'users_email_key') throw ValidationFailedError.field('email', 'email-taken');
      throw error;
    }
  }
}
