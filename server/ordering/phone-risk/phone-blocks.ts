import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../common/clock';
import { eventMetadata, type RequestMetadata } from '../../common/request/request-metadata';
import { quoteIdentifier } from '../../event-store/projection';
import { DataSource } from 'typeorm';
import type { StreamState } from '../../event-store/command-path/stream-states';
import { personalDataVault } from '../../event-store/personal-data/personal-data';
import { legacyPhoneStreamId, phoneDecider, phoneStreamId, type PhoneCommand, type PhoneState } from '../domain/phone';
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
 * Folds the phone's stream (`phone-<pseudonym>`, and the `phone-<number>` of blocks recorded before issue 27:
 * until the phone's own stream has an event, its state is the old stream's), decides, appends to the phone's
 * stream with the expected version and sets `phone_risk.blocked` in the same transaction, so the very next
 * checkout for the phone is refused. The number, reason and note are sealed under the phone's key (ADR 053).
 */
@CommandHandler(ChangePhoneBlockCommand)
export class ChangePhoneBlockHandler implements ICommandHandler<ChangePhoneBlockCommand, PhoneBlockResult> {
  constructor(
    private readonly commands: CommandPath,
    private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ phone, block, reason, meta }: ChangePhoneBlockCommand): Promise<PhoneBlockResult> {
    const vault = personalDataVault(this.dataSource);
    if (!vault) throw new Error('No personal-data key is configured.');
    const streamId = phoneStreamId(vault.phonePseudonym(phone));
    const legacyId = legacyPhoneStreamId(phone);
    const command: PhoneCommand = { type: block ? 'BlockPhone' : 'UnblockPhone', data: { phone, now: this.clock.now(), reason } };
    // The state depends on whether the number was erased since this process last folded it: fold afresh.
    this.commands.forget([streamId, legacyId]);
    await this.commands.write([streamId, legacyId], async (attempt) => {
      const loaded = await attempt.load([streamId, legacyId]);
      const own = loaded.get(streamId) as StreamState<PhoneState>;
      const state = own.version > 0 ? own.state : (loaded.get(legacyId) as StreamState<PhoneState>).state;
      const events: PhoneEvent[] = phoneDecider.decide(command, state);
      await attempt.append([{ streamId, events }], eventMetadata(meta, { note: reason.trim() }), (manager, result) => writePhoneRisk(manager, quoteIdentifier, result.events));
    });
    return { phone, blocked: block };
  }
}
