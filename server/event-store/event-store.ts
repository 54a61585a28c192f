import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { assertValidAppend } from './append-validation';
import { ConcurrencyError, DuplicateEventError } from './concurrency-error';
import type {
  AppendRequest,
  AppendResult,
  EventMetadata,
  ExpectedVersion,
  GlobalCheckpoint,
  NewEvent,
  RecordedEvent,
} from './event-store.types';
import { appendNotification, EVENTS_CHANNEL } from './events-channel';
import { readSafeBatch } from './global-order';
import { openPersonalData, sealPersonalData } from './personal-data/personal-data';
import { EVENT_COLUMNS, RecordedEventRow, toRecordedEvent } from './recorded-event-row';

export interface AppendOptions {
  /**
   * Runs inside the append transaction, after the events are inserted: inline read models that a page must
   * see at once, idempotency records. Keep it short; everything it does holds back every projection.
   */
  inTransaction?: (manager: EntityManager, result: AppendResult) => Promise<void>;
}

export interface ReadAllQuery {
  after: GlobalCheckpoint;
  limit: number;
  types?: string[];
}

export { EVENTS_CHANNEL } from './events-channel';

interface InsertedRow {
  event_id: string;
  position_text: string;
  recorded_at: Date;
  transaction_text: string;
}

/**
 * Appends events with optimistic concurrency and reads them back. A plain class so scripts and tests can
 * `new EventStore(dataSource)`; `EventStoreModule` provides it to Nest.
 */
export class EventStore {
  private readonly appendedListeners = new Set<(events: RecordedEvent[]) => void>();

  constructor(private readonly dataSource: DataSource) {}

  /** Tells `listener` of every append once it has committed (metrics count them); returns the unsubscribe. */
  onAppended(listener: (events: RecordedEvent[]) => void): () => void {
    this.appendedListeners.add(listener);
    return () => this.appendedListeners.delete(listener);
  }

  append(
    streamId: string,
    expectedVersion: ExpectedVersion,
    events: NewEvent[],
    metadata: EventMetadata,
    options?: AppendOptions,
  ): Promise<AppendResult> {
    return this.appendToStreams([{ streamId, expectedVersion, events }], metadata, options);
  }

  /**
   * All streams in one transaction: every expected version holds and everything is written, or nothing is.
   * `metadata` is every event's, except for an event that brings its own (`NewEvent.metadata`).
   */
  async appendToStreams(requests: AppendRequest[], metadata: EventMetadata, options: AppendOptions = {}): Promise<AppendResult> {
    assertValidAppend(requests, metadata);
    let result: AppendResult;
    try {
      result = await this.dataSource.transaction(async (manager) => {
        const streamIds = requests.map((request) => request.streamId);
        await lockStreams(manager, streamIds);
        const versions = await readVersions(manager, streamIds);
        for (const request of requests) assertExpectedVersion(request, versions.get(request.streamId) ?? 0);
        const result = await insertEvents(manager, requests, versions, metadata);
        // Delivered by PostgreSQL only on commit, so a subscriber never wakes for a rolled-back append. It names
        // the event types, so only the projections that handle one of them wake (see events-channel.ts).
        await manager.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, appendNotification(result.events)]);
        await options.inTransaction?.(manager, result);
        return result;
      });
    } catch (error) {
      throw translateUniqueViolation(error);
    }
    for (const listener of this.appendedListeners) listener(result.events);
    return result;
  }

  /** A stream's events in stream order; with `fromVersion`, only those after that version. */
  async readStream(streamId: string, options: { fromVersion?: number } = {}): Promise<RecordedEvent[]> {
    const rows: RecordedEventRow[] = await this.dataSource.query(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 AND stream_position > $2 ORDER BY stream_position`,
      [streamId, options.fromVersion ?? 0],
    );
    const events = rows.map(toRecordedEvent);
    await openPersonalData(this.dataSource.manager, events);
    return events;
  }

  /** The position of the stream's last event; 0 for a stream that does not exist. */
  async streamVersion(streamId: string): Promise<number> {
    const rows: Array<{ version: number }> = await this.dataSource.query(
      'SELECT coalesce(max(stream_position), 0) AS version FROM events WHERE stream_id = $1',
      [streamId],
    );
    return rows[0].version;
  }

  /** Events after `after` in the safe global order (see global-order.ts); never one that could still be overtaken. */
  async readAll(query: ReadAllQuery): Promise<RecordedEvent[]> {
    return (await readSafeBatch(this.dataSource.manager, query)).events;
  }
}

/**
 * Serialises appends per stream for the rest of the transaction. Keys are taken in sorted order so two
 * multi-stream appends can never wait on each other in a cycle. An advisory lock assigns no transaction
 * id, so the transaction stays invisible to readers' xmin until its insert.
 */
async function lockStreams(manager: EntityManager, streamIds: string[]): Promise<void> {
  await manager.query(
    `SELECT pg_advisory_xact_lock(key)
       FROM (SELECT DISTINCT hashtextextended(id, 0) AS key FROM unnest($1::text[]) AS id ORDER BY key) AS keys`,
    [streamIds],
  );
}

async function readVersions(manager: EntityManager, streamIds: string[]): Promise<Map<string, number>> {
  const rows: Array<{ stream_id: string; version: number }> = await manager.query(
    `SELECT id AS stream_id,
            coalesce((SELECT max(stream_position) FROM events WHERE stream_id = id), 0) AS version
       FROM unnest($1::text[]) AS id`,
    [streamIds],
  );
  return new Map(rows.map((row) => [row.stream_id, row.version]));
}

function assertExpectedVersion(request: AppendRequest, actual: number): void {
  const expected = request.expectedVersion;
  if (expected === 'any') return;
  const wanted = expected === 'no-stream' ? 0 : expected;
  if (wanted !== actual) throw new ConcurrencyError(request.streamId, expected, actual);
}

async function insertEvents(
  manager: EntityManager,
  requests: AppendRequest[],
  versions: Map<string, number>,
  metadata: EventMetadata,
): Promise<AppendResult> {
  const pending = requests.flatMap((request) => {
    const from = versions.get(request.streamId) ?? 0;
    return request.events.map((event, index) => ({
      id: event.id ?? randomUUID(),
      streamId: request.streamId,
      streamPosition: from + index + 1,
      type: event.type,
      schemaVersion: event.schemaVersion ?? 1,
      data: event.data,
      metadata: event.metadata ?? metadata,
    }));
  });
  // One multi-row insert whatever the number of events. Metadata is sent once per distinct object (most
  // appends have one) and each event points at its own.
  // Personal fields sealed under their person's key (ADR 053); the events handed back keep them in the clear.
  const stored = await sealPersonalData(manager, pending);
  const distinct = new Map<EventMetadata, number>();
  for (const event of pending) if (!distinct.has(event.metadata)) distinct.set(event.metadata, distinct.size + 1);
  const inserted: InsertedRow[] = await manager.query(
    `INSERT INTO events (event_id, stream_id, stream_position, type, schema_version, data, metadata)
     SELECT e.event_id, e.stream_id, e.stream_position, e.type, e.schema_version, e.data, ($7::jsonb[])[e.metadata_index]
       FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::int[], $6::jsonb[], $8::int[])
         AS e(event_id, stream_id, stream_position, type, schema_version, data, metadata_index)
     RETURNING event_id, global_position::text AS position_text, recorded_at, transaction_id::text AS transaction_text`,
    [
      pending.map((event) => event.id),
      pending.map((event) => event.streamId),
      pending.map((event) => event.streamPosition),
      pending.map((event) => event.type),
      pending.map((event) => event.schemaVersion),
      stored.map((data) => JSON.stringify(data ?? null)),
      [...distinct.keys()].map((each) => JSON.stringify(each)),
      pending.map((event) => distinct.get(event.metadata)!),
    ],
  );
  const byId = new Map(inserted.map((row) => [row.event_id, row]));
  const events: RecordedEvent[] = pending.map((event) => {
    const row = byId.get(event.id)!;
    return {
      ...event,
      globalPosition: BigInt(row.position_text),
      recordedAt: row.recorded_at,
      transactionId: BigInt(row.transaction_text),
    };
  });
  return {
    streams: requests.map((request) => ({
      streamId: request.streamId,
      version: (versions.get(request.streamId) ?? 0) + request.events.length,
    })),
    events,
  };
}

/** Under the stream locks only a reused event id can collide; name it instead of leaking a driver error. */
function translateUniqueViolation(error: unknown): unknown {
  if (error instanceof QueryFailedError) {
    const driverError = error.driverError as { code?: string; constraint?: string; detail?: string };
    if (driverError.code === '23505' && driverError.constraint === 'events_event_id_key') {
      return new DuplicateEventError(driverError.detail ?? 'event_id');
    }
  }
  return error;
}
