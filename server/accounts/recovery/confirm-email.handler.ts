import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { BadRequestError, ValidationFailedError } from '../../common/errors/domain-error';
import { eventMetadata } from '../../common/request/request-metadata';
import { MailEnvelopes } from '../../mail/envelopes/mail-envelopes';
import type { AccountEvent } from '../domain/account.events';
import { consumeToken, findUsableToken, revokeOpenTokens } from '../tokens/one-time-tokens';
import { CommandPath } from '../../event-store/command-path/command-path';
import { CLOCK, Clock } from '../../common/clock';
import { CONTACT_MESSAGES } from '../users/contact-rules';
import { LinkOrigins } from '../users/link-origins';
import { uniqueViolation } from '../users/unique-violation';
import { findUserByEmail, findUserById, recordAccountEvents } from '../users/user-account';
import { emailVerificationRequest } from './email-verification';
import { ConfirmEmail } from './recovery.commands';

export const INVALID_VERIFICATION_LINK = 'The verification link is invalid or expired.';

@CommandHandler(ConfirmEmail)
export class ConfirmEmailHandler implements ICommandHandler<ConfirmEmail, void> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly commands: CommandPath,
    private readonly envelopes: MailEnvelopes,
    private readonly origins: LinkOrigins,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ token, email, meta }: ConfirmEmail): Promise<void> {
    const manager = this.dataSource.manager;
    const record = await findUsableToken(manager, token, 'email-verification');
    const user = record && (await findUserById(manager, record.userId));
    // A link only speaks for the address it was sent to, and only while that is still the account's address.
    if (!record || !user || user.email !== record.email) throw new BadRequestError(INVALID_VERIFICATION_LINK);
    const changing = email !== user.email;
    if (changing && (await findUserByEmail(manager, email))) throw ValidationFailedError.field('email', CONTACT_MESSAGES.emailTaken);

    const follow = changing
      ? emailVerificationRequest(user, email, this.origins.resolve(undefined), 'email-changed', this.clock.now(), this.envelopes)
      : undefined;
    const events: AccountEvent[] = changing
      ? [{ type: 'EmailChanged', data: { userId: user.id, previousEmail: user.email, newEmail: email, tokenId: record.id } }, follow!.event]
      : [{ type: 'EmailVerified', data: { userId: user.id, email, tokenId: record.id } }];
    try {
      await recordAccountEvents(this.commands, user, events, eventMetadata(meta), async (tx) => {
        if (!(await consumeToken(tx, record.id))) throw new BadRequestError(INVALID_VERIFICATION_LINK);
        await revokeOpenTokens(tx, user.id, 'email-verification');
        if (changing) {
          // The new address is not proven yet: it gets its own verification link (written by follow).
          await tx.query('UPDATE users SET email = $2, email_verified_at = NULL WHERE id = $1', [user.id, email]);
          await revokeOpenTokens(tx, user.id, 'password-reset');
          await follow!.write(tx);
        } else {
          await tx.query('UPDATE users SET email_verified_at = $2 WHERE id = $1', [user.id, this.clock.now()]);
        }
      });
    } catch (error) {
      if (uniqueViolation(error) === 'users_email_key') throw ValidationFailedError.field('email', CONTACT_MESSAGES.emailTaken);
      throw error;
    }
  }
}
