import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { eventMetadata } from '../../common/request/request-metadata';
import { MailEnvelopes } from '../../mail/envelopes/mail-envelopes';
import { issueToken, storeToken } from '../tokens/one-time-tokens';
import { CommandPath } from '../../event-store/command-path/command-path';
import { CLOCK, Clock } from '../../common/clock';
import { LinkOrigins } from '../users/link-origins';
import { findUserByEmail, recordAccountEvents } from '../users/user-account';
import { MailBudget } from './mail-budget';
import { RequestPasswordReset } from './recovery.commands';

@CommandHandler(RequestPasswordReset)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordReset, void> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly commands: CommandPath,
    private readonly envelopes: MailEnvelopes,
    private readonly origins: LinkOrigins,
    private readonly budget: MailBudget,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ email, host, meta }: RequestPasswordReset): Promise<void> {
    const user = await findUserByEmail(this.dataSource.manager, email);
    // Either way the caller hears the same: no account, or the mailbox has had its recovery mails this hour.
    if (!user || !(await this.budget.allows('password-reset', user.id))) return;
    const token = issueToken('password-reset', this.clock.now());
    const eventId = randomUUID();
    await recordAccountEvents(
      this.commands,
      user,
      [
        {
          id: eventId,
          type: 'PasswordResetRequested',
          data: {
            userId: user.id,
            email: user.email,
            name: user.name,
            tokenId: token.id,
            linkOrigin: this.origins.resolve(host),
            expiresAt: token.expiresAt.toISOString(),
          },
        },
      ],
      eventMetadata(meta),
      async (tx) => {
        await storeToken(tx, token, { userId: user.id, purpose: 'password-reset', email: user.email });
        await this.envelopes.store(tx, eventId, { token: token.raw }, token.expiresAt);
      },
    );
  }
}
