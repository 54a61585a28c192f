import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ConflictError, ValidationFailedError } from '../../common/errors/domain-error';
import { CommandPath, type WriteAttempt } from '../../event-store/command-path/command-path';
import type { Decider, StreamEvents } from '../../event-store/command-path/decider';
import { eventMetadata, type RequestMetadata } from '../../common/request/request-metadata';
import { compareCheckpoints } from '../../event-store/checkpoint';
import type { EventMetadata, RecordedEvent } from '../../event-store/event-store.types';
import { readCheckpoint } from '../../event-store/projection-checkpoints';
import { ReadModelCache } from '../read-cache/read-model-cache';
import { CATALOG_READ_MODEL } from '../read-cache/read-model-tags';
import { reservationStreamId, type NameHolder, type NameReserved } from '../domain/catalog.events';

export type { Decider };

export interface Reservation {
  kind: NameReserved['data']['kind'];
  value: string;
  ownerId: number;
  /** The field the client named the value in, for the 422 when it is taken. */
  field: string;
}

export interface WriteRequest<TCommand, TState, TEvent> {
  streamId: string;
  decider: Decider<TCommand, TEvent, TState>;
  command: TCommand | ((state: TState) => TCommand);
  meta: RequestMetadata | EventMetadata;
  /** The version the client last saw; a different current version is a 409 the person can act on. */
  expectedVersion?: number;
  /** Unique names claimed with the change (a new slug or SKU); may be filled by a command function. */
  reserve?: Reservation[];
  /**
   * Run inside the write, after the decision: reads what it must (through the attempt, so the append checks
   * it has not changed meanwhile), may refuse, and returns more streams' events to append in the same
   * transaction (a category move appends to the `category-tree` stream, so moves happen one at a time).
   */
  guard?: (attempt: WriteAttempt) => Promise<StreamEvents[]>;
  /** What to call the thing in a conflict message ("product", "category"). */
  noun: string;
}

export interface WriteResult<TState> {
  state: TState;
  version: number;
  events: RecordedEvent[];
}

const READ_MODEL_WAIT_MS = 3_000;

/**
 * The catalog's side of the one command path (server/event-store/command-path, ADR 041): the stream is
 * folded with the decider registered for its prefix, the command decided, and the events appended at the
 * version folded, together with any name reservations (a name nobody holds yet, or one the same entity holds). A
 * concurrent writer makes the path decide again, unless the client named the version it decided against:
 * then it is a 409 the person can act on. After the append it waits (briefly) until the catalog projection
 * has applied the events, so the admin who made the change, and every shopper, reads it on the next call.
 */
@Injectable()
export class CatalogWriter {
  constructor(
    private readonly commands: CommandPath,
    private readonly dataSource: DataSource,
    private readonly cache: ReadModelCache,
  ) {}

  async write<TCommand, TState, TEvent>(request: WriteRequest<TCommand, TState, TEvent>): Promise<WriteResult<TState>> {
    const metadata: EventMetadata = 'causationId' in request.meta ? request.meta : eventMetadata(request.meta);
    const result = await this.commands.write([request.streamId], async (attempt): Promise<WriteResult<TState>> => {
      const loaded = (await attempt.load([request.streamId])).get(request.streamId)!;
      const version = loaded.version;
      let state = loaded.state as TState;
      if (request.expectedVersion !== undefined && request.expectedVersion !== version) throw staleVersion(request.noun);
      const command = typeof request.command === 'function' ? (request.command as (state: TState) => TCommand)(state) : request.command;
      const events = request.decider.decide(command, state);
      if (events.length === 0) return { state, version, events: [] };
      const streams: StreamEvents[] = [{ streamId: request.streamId, events: events as unknown as StreamEvents['events'] }];
      // Each name is claimed in this same append: a name nobody holds is reserved at the version read (a
      // concurrent claim makes the path decide again), a name this entity holds already (its own earlier slug)
      // is reused as it is, and a name another one holds is the client's to change.
      const reserve = request.reserve ?? [];
      const holders = await attempt.load(reserve.map((reservation) => reservationStreamId(reservation.kind, reservation.value)));
      for (const reservation of reserve) {
        const streamId = reservationStreamId(reservation.kind, reservation.value);
        const { ownerId } = holders.get(streamId)!.state as NameHolder;
        if (ownerId === reservation.ownerId) continue;
        if (ownerId !== null) throw ValidationFailedError.field(reservation.field, 'name-taken', { field: reservation.field, value: reservation.value });
        streams.push({
          streamId,
          events: [{ type: 'NameReserved', data: { kind: reservation.kind, value: reservation.value, ownerId: reservation.ownerId } }],
        });
      }
      if (request.guard) streams.push(...(await request.guard(attempt)));
      const appended = await attempt.append(streams, metadata);
      for (const event of events) state = request.decider.evolve(state, event);
      return { state, version: appended.streams[0].version, events: appended.events.filter((event) => event.streamId === request.streamId) };
    });
    await this.waitForReadModel(result.events[result.events.length - 1]);
    return result;
  }

  /** Resolves once the catalog projection has passed `event` (or after a few seconds, when no process runs it). */
  async waitForReadModel(event: RecordedEvent | undefined): Promise<void> {
    if (!event) return;
    const target = { transactionId: event.transactionId, position: event.globalPosition };
    const deadline = Date.now() + READ_MODEL_WAIT_MS;
    while (Date.now() < deadline) {
      const checkpoint = await readCheckpoint(this.dataSource.manager, CATALOG_READ_MODEL);
      if (compareCheckpoints(checkpoint, target) >= 0) {
        // The projection's NOTIFY reaches this process's listener a moment after the commit: drop the cached
        // answers now, so the admin's very next call (and a shopper's on this process) reads the change.
        this.cache.invalidate(CATALOG_READ_MODEL);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** The next id of a new product, category or brand (ids are chosen before the first event). */
  async nextId(kind: 'product' | 'category' | 'brand'): Promise<number> {
    const [{ id }] = await this.dataSource.query(`SELECT nextval('catalog_${kind}_ids')::int AS id`);
    return id;
  }
}

function staleVersion(noun: string): ConflictError {
  return new ConflictError('changed-meanwhile', { noun });
}
