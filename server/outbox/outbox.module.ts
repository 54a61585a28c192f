import { Module } from '@nestjs/common';
import { OutboxEnvelopes } from './envelopes';

/**
 * What every message channel and the contexts that hand secrets to them share: the envelopes that carry a
 * link's token or a phone code to its message (ADR 021, 026). The rest of server/outbox is plain classes each
 * channel's module builds for itself.
 */
@Module({
  providers: [OutboxEnvelopes],
  exports: [OutboxEnvelopes],
})
export class OutboxModule {}
