import { Injectable } from '@nestjs/common';
import { eventMetadata, type RequestMetadata } from '../../common/request/request-metadata';
import { ConcurrencyError } from '../../event-store/concurrency-error';
import { EventStore, type AppendOptions } from '../../event-store/event-store';
import { offerDecider, type OfferCommand } from '../domain/offer';
import { offerStreamId, type OfferEvent } from '../domain/offer.events';

const MAX_ATTEMPTS = 5;

/** Read `offer-<id>`, fold it with the offer decider, decide, append at the version read; retry on a concurrent write. */
@Injectable()
export class OfferCommandPath {
  constructor(private readonly eventStore: EventStore) {}

  async run(command: OfferCommand, meta: RequestMetadata, options: AppendOptions = {}): Promise<{ offerId: string; events: OfferEvent[] }> {
    const streamId = offerStreamId(command.data.offerId);
    for (let attempt = 1; ; attempt += 1) {
      const history = await this.eventStore.readStream(streamId);
      const state = history.reduce((current, event) => offerDecider.evolve(current, { type: event.type, data: event.data } as OfferEvent), offerDecider.initialState());
      const events = offerDecider.decide(command, state);
      try {
        const expected = history.length === 0 ? 'no-stream' : history[history.length - 1].streamPosition;
        await this.eventStore.append(streamId, expected, events, eventMetadata(meta), options);
        return { offerId: command.data.offerId, events };
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }
}
