import { Module } from '@nestjs/common';
import { OutboxEnvelopes } from './envelopes';
import { OutboxChannels } from './outbox-channels';
import { OutboxErasure } from './erasure';

/**
 * What every message channel and the contexts that hand secrets to them share: the envelopes that carry a
 * link's token or a phone code to its message (ADR 021, 026), the registry of channels (OutboxChannels: each
 * channel's module registers itself; the restore and the erasure read it) and the erasure of a person's
 * messages (ADR 053). The rest of server/outbox is plain classes each channel's module builds for itself.
 */
@Module({
  providers: [OutboxEnvelopes, OutboxErasure, OutboxChannels],
  exports: [OutboxEnvelopes, OutboxErasure, OutboxChannels],
})
export class OutboxModule {}
