import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ConflictError, ValidationFailedError } from '../../common/errors/domain-error';
import { eventMetadata, type RequestMetadata } from '../../common/request/request-metadata';
import { compareCheckpoints } from '../../event-store/checkpoint';
import { ConcurrencyError } from '../../event-store/concurrency-error';
import { EventStore } from '../../event-store/event-store';
import type { AppendRequest, EventMetadata, NewEvent, RecordedEvent } from '../../event-store/event-store.types';
import { readCheckpoint } from '../../event-store/projection-checkpoints';
import { CATALOG_READ_MODEL } from '../read-cache/read-model-tags';
import { reservationStreamId, type NameReserved } from '../domain/catalog.events';

/** One aggregate's pure rules: the same shape for products, categories, settings, posts and brands. */
export interface Decider<TCommand, TState, TEvent> {
  initialState(): TState;
  evolve(state: TState, event: TEvent): TState;
  decide(command: TCommand, state: TState): TEvent[];
}

export interface Reservation {
  kind: NameReserved['data']['kind'];
  value: string;
  ownerId: number;
  /** The field the client named the value in, for the 422 when it is taken. */
  field: string;
}

export interface WriteRequest<TCommand, TState, TEvent> {
  streamId: string;
  decider: Decider<TCommand, TState, TEvent>;
  command: TCommand | ((state: TState) => TCommand);
  meta: RequestMetadata | EventMetadata;
  /** The version the client last saw; a different current version is a 409 the person can act on. */
  expectedVersion?: number;
  /** Unique names claimed with the change (a new slug or SKU). */
  reserve?: Reservation[];
  /** What to call the thing in a conflict message ("product", "category"). */
  noun: string;
}

export interface WriteResult<TState> {
  state: TState;
  version: number;
  events: RecordedEvent[];
}

const MAX_ATTEMPTS = 5;
const READ_MODEL_WAIT_MS = 3_000;

/**
 * The catalog's command path: read the stream, fold it, decide, append with the version read (plus any
 * name reservations, in the same transaction), retry on a concurrent writer unless the client named the
 * version it decided against. After the append it waits (briefly) until the catalog projection has applied
 * the events, so the admin who made the change, and every shopper, reads it on the next call.
 */
@Injectable()
export class CatalogWriter {
  constructor(
    private readonly eventStore: EventStore,
    private readonly dataSource: DataSource,
  ) {}

  async write<TCommand, TState, TEvent>(request: WriteRequest<TCommand, TState, TEvent>): Promise<WriteResult<TState>> {
    const metadata: EventMetadata = 'causationId' in request.meta ? request.meta : eventMetadata(request.meta);
    for (let attempt = 1; ; attempt += 1) {
      const history = await this.eventStore.readStream(request.streamId);
      const version = history.length;
      if (request.expectedVersion !== undefined && request.expectedVersion !== version) throw staleVersion(request.noun, request.expectedVersion, version);
      let state = request.decider.initialState();
      for (const event of history) state = request.decider.evolve(state, event as unknown as TEvent);
      const command = typeof request.command === 'function' ? (request.command as (state: TState) => TCommand)(state) : request.command;
      const events = request.decider.decide(command, state);
      if (events.length === 0) return { state, version, events: [] };
      const requests: AppendRequest[] = [{ streamId: request.streamId, expectedVersion: version, events: events as unknown as NewEvent[] }];
      for (const reservation of request.reserve ?? []) {
        requests.push({
          streamId: reservationStreamId(reservation.kind, reservation.value),
          expectedVersion: 0,
          events: [{ type: 'NameReserved', data: { kind: reservation.kind, value: reservation.value, ownerId: reservation.ownerId } }],
        });
      }
      try {
        const result = await this.eventStore.appendToStreams(requests, metadata);
        for (const event of events) state = request.decider.evolve(state, event);
        const own = result.events.filter((event) => event.streamId === request.streamId);
        await this.waitForReadModel(result.events[result.events.length - 1]);
        return { state, version: result.streams[0].version, events: own };
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        const reservation = request.reserve?.find((r) => reservationStreamId(r.kind, r.value) === error.streamId);
        if (reservation) throw ValidationFailedError.field(reservation.field, `The ${reservation.field} "${reservation.value}" is already taken.`);
        if (request.expectedVersion !== undefined) throw staleVersion(request.noun, request.expectedVersion, error.actual);
        if (attempt >= MAX_ATTEMPTS) throw new ConflictError(`The ${request.noun} is being changed by someone else right now. Please try again.`);
      }
    }
  }

  /** Resolves once the catalog projection has passed `event` (or after a few seconds, when no process runs it). */
  async waitForReadModel(event: RecordedEvent | undefined): Promise<void> {
    if (!event) return;
    const target = { transactionId: event.transactionId, position: event.globalPosition };
    const deadline = Date.now() + READ_MODEL_WAIT_MS;
    while (Date.now() < deadline) {
      const checkpoint = await readCheckpoint(this.dataSource.manager, CATALOG_READ_MODEL);
      if (compareCheckpoints(checkpoint, target) >= 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** The next id of a new product, category or brand (ids are chosen before the first event). */
  async nextId(kind: 'product' | 'category' | 'brand'): Promise<number> {
    const [{ id }] = await this.dataSource.query(`SELECT nextval('catalog_${kind}_ids')::int AS id`);
    return id;
  }
}

function staleVersion(noun: string, _expected: number, _actual: number): ConflictError {
  return new ConflictError(`This ${noun} was changed by someone else after you opened it. Reload it to see their change, then make yours again.`);
}
