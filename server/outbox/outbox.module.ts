import { Module } from '@nestjs/common';
import { OutboxEnvelopes } from './envelopes';
import { OutboxErasure } from './erasure';

/**
 * What every message channel and the contexts that hand secrets to them share: the envelopes that carry a
 * link's token or a phone code to its message (ADR 021, 026), and the erasure of a person's messages (ADR 053). The rest of server/outbox is plain classes each
 * channel's module builds for itself.
 */
@Module({
  providers: [OutboxEnvelopes, OutboxErasure],
  exports: [OutboxEnvelopes, OutboxErasure],
})
export class OutboxModule {}
