import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../common/clock';
import { eventMetadata, type RequestMetadata } from '../../common/request/request-metadata';
import { quoteIdentifier } from '../../event-store/projection';
import { phoneDecider, phoneStreamId, type PhoneCommand, type PhoneState } from '../domain/phone';
import type { PhoneEvent } from '../domain/phone.events';
import { CommandPath } from '../../event-store/command-path/command-path';
import { writePhoneRisk } from './phone-risk.projection';

export interface PhoneBlockResult {
  phone: string;
  blocked: boolean;
}

/** Admin blocks (or unblocks) a phone number for new orders, with a reason (issue 14). */
export class ChangePhoneBlockCommand extends Command<PhoneBlockResult> {
  constructor(
    readonly phone: string,
    readonly block: boolean,
    readonly reason: string,
    readonly meta: RequestMetadata,
  ) {
    super();
  }
}

/**
 * Folds `phone-<number>`, decides, appends with the expected version and sets `phone_risk.blocked` in the
 * same transaction, so the very next checkout for the phone is refused.
 */
@CommandHandler(ChangePhoneBlockCommand)
export class ChangePhoneBlockHandler implements ICommandHandler<ChangePhoneBlockCommand, PhoneBlockResult> {
  constructor(
    private readonly commands: CommandPath,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ phone, block, reason, meta }: ChangePhoneBlockCommand): Promise<PhoneBlockResult> {
    const streamId = phoneStreamId(phone);
    const command: PhoneCommand = { type: block ? 'BlockPhone' : 'UnblockPhone', data: { phone, now: this.clock.now(), reason } };
    await this.commands.handle<PhoneState, PhoneEvent>(streamId, (state) => phoneDecider.decide(command, state), eventMetadata(meta, { note: reason.trim() }), (manager, result) =>
      writePhoneRisk(manager, quoteIdentifier, result.events),
    );
    return { phone, blocked: block };
  }
}
