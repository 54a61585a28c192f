import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { NotFoundError } from '../../common/errors/domain-error';
import { eventMetadata } from '../../common/request/request-metadata';
import { MailEnvelopes } from '../../mail/envelopes/mail-envelopes';
import { CommandPath } from '../../event-store/command-path/command-path';
import { CLOCK, Clock } from '../../common/clock';
import { LinkOrigins } from '../users/link-origins';
import { findUserByPhone, recordAccountEvents } from '../users/user-account';
import { emailVerificationRequest } from './email-verification';
import { ACCOUNT_NOT_FOUND } from './find-account.handler';
import { MailBudget } from './mail-budget';
import { RequestEmailVerification } from './recovery.commands';

@CommandHandler(RequestEmailVerification)
export class RequestEmailVerificationHandler implements ICommandHandler<RequestEmailVerification, void> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly commands: CommandPath,
    private readonly envelopes: MailEnvelopes,
    private readonly origins: LinkOrigins,
    private readonly budget: MailBudget,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ phone, host, meta }: RequestEmailVerification): Promise<void> {
    const user = await findUserByPhone(this.dataSource.manager, phone);
    if (!user) throw new NotFoundError(ACCOUNT_NOT_FOUND);
    // Over the mailbox's budget the owner is answered as usual and a link sent before is what they use.
    if (!(await this.budget.allows('email-verification', user.id))) return;
    // The link goes to the address the account already has: knowing a phone number proves nothing.
    const request = emailVerificationRequest(user, user.email, this.origins.resolve(host), 'phone-recovery', this.clock.now(), this.envelopes);
    await recordAccountEvents(this.commands, user, [request.event], eventMetadata(meta), (tx) => request.write(tx));
  }
}
