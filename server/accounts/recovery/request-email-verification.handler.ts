import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../common/errors/domain-error';
import { AccountWrites } from '../users/account-writes';
import { findUserByProvenPhone } from '../users/user-account';
import { emailVerificationRequest } from './email-verification';
import { MailBudget } from './mail-budget';
import { RequestEmailVerification } from './recovery.commands';

@CommandHandler(RequestEmailVerification)
export class RequestEmailVerificationHandler implements ICommandHandler<RequestEmailVerification, void> {
  constructor(
    private readonly accounts: AccountWrites,
    private readonly budget: MailBudget,
  ) {}

  async execute({ phone, host, meta }: RequestEmailVerification): Promise<void> {
    const user = await findUserByProvenPhone(this.accounts.manager, phone);
    if (!user) throw new NotFoundError('account-not-found');
    // Over the mailbox's budget the owner is answered as usual and a link sent before is what they use.
    if (!(await this.budget.allows('email-verification', user.id))) return;
    // The link goes to the address the account already has: knowing a phone number proves nothing.
    const request = emailVerificationRequest(user, user.email, this.accounts.linkOrigin(host), 'phone-recovery', this.accounts.now(), this.accounts.envelopes);
    await this.accounts.record(user, [request.event], meta, (tx) => request.write(tx));
  }
}
