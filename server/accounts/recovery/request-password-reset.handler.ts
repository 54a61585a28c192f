import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { issueToken, storeToken } from '../tokens/one-time-tokens';
import { AccountWrites } from '../users/account-writes';
import { findUserByEmail } from '../users/user-account';
import { MailBudget } from './mail-budget';
import { RequestPasswordReset } from './recovery.commands';

@CommandHandler(RequestPasswordReset)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordReset, void> {
  constructor(
    private readonly accounts: AccountWrites,
    private readonly budget: MailBudget,
  ) {}

  async execute({ email, host, meta }: RequestPasswordReset): Promise<void> {
    const user = await findUserByEmail(this.accounts.manager, email);
    // Either way the caller hears the same: no account, or the mailbox has had its recovery mails this hour.
    if (!user || !(await this.budget.allows('password-reset', user.id))) return;
    const token = issueToken('password-reset', this.accounts.now());
    const eventId = randomUUID();
    await this.accounts.record(
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
            linkOrigin: this.accounts.linkOrigin(host),
            expiresAt: token.expiresAt.toISOString(),
          },
        },
      ],
      meta,
      async (tx) => {
        await storeToken(tx, token, { userId: user.id, purpose: 'password-reset', email: user.email });
        await this.accounts.envelopes.store(tx, { id: eventId, type: 'PasswordResetRequested' }, { token: token.raw }, token.expiresAt);
      },
    );
  }
}
