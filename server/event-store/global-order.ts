import type { EntityManager } from 'typeorm';
import { checkpointFromRow, compareCheckpoints } from './checkpoint';
import type { GlobalCheckpoint, RecordedEvent } from './event-store.types';
import { keysReadWithEvents, openPersonalData, SEALED_KEY_COLUMN, sealedKeyJoin } from './personal-data/personal-data';
import { EVENT_COLUMNS, RecordedEventRow, toRecordedEvent } from './recorded-event-row';

/**
 * Reading the log in its safe global order: (transaction id, global position), and only events written by
 * transactions older than every transaction still in flight. An identity value is taken at insert but
 * becomes visible at commit, so reading by position alone would skip an event committed late by a slow
 * transaction; below the snapshot's xmin nothing can still appear.
 */
export interface SafeBatchQuery {
  after: GlobalCheckpoint;
  limit: number;
  /** Only these event types; the batch still reports how far the log was scanned. */
  types?: readonly string[];
  /** A safe head read earlier (a safe head stays safe): saves reading it again. */
  head?: GlobalCheckpoint | null;
}

export interface SafeBatch {
  events: RecordedEvent[];
  /** Where a reader may put its checkpoint after this batch: the last event, or the safe head if the batch was not full. */
  scannedTo: GlobalCheckpoint;
}

/** The last event every reader may already see: the safe head. `null` when none is. */
// ORDER BY names the table's columns: the select lists alias them to text, and a bare name would sort as text.
export async function readSafeHead(manager: EntityManager): Promise<GlobalCheckpoint | null> {
  const rows: Array<{ transaction_text: string; position_text: string }> = await manager.query(
    `SELECT transaction_id::text AS transaction_text, global_position::text AS position_text FROM events
      WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      ORDER BY events.transaction_id DESC, events.global_position DESC LIMIT 1`,
  );
  return rows.length ? checkpointFromRow(rows[0]) : null;
}

/** The last committed event, safe or not: what "caught up as of now" means. `null` on an empty log. */
export async function readCommittedHead(manager: EntityManager): Promise<GlobalCheckpoint | null> {
  const rows: Array<{ transaction_text: string; position_text: string }> = await manager.query(
    `SELECT transaction_id::text AS transaction_text, global_position::text AS position_text FROM events
      ORDER BY events.transaction_id DESC, events.global_position DESC LIMIT 1`,
  );
  return rows.length ? checkpointFromRow(rows[0]) : null;
}

export async function readSafeBatch(manager: EntityManager, query: SafeBatchQuery): Promise<SafeBatch> {
  // The head is fixed first: every event at or below it is final, so the second statement (a newer
  // snapshot under READ COMMITTED) sees exactly the same events up to it and the batch may end there.
  const head = query.head !== undefined ? query.head : await readSafeHead(manager);
  if (!head || compareCheckpoints(head, query.after) <= 0) return { events: [], scannedTo: query.after };
  const events = await readEventsBetween(manager, query.after, head, query.limit, query.types);
  const last = events[events.length - 1];
  const full = events.length === query.limit;
  return {
    events,
    scannedTo: full ? { transactionId: last.transactionId, position: last.globalPosition } : head,
  };
}

/**
 * The events after `after` up to and including `head` (a safe head), at most `limit`, in the safe global
 * order, of `types` only when given, their personal data opened: one statement.
 */
export async function readEventsBetween(
  manager: EntityManager,
  after: GlobalCheckpoint,
  head: GlobalCheckpoint,
  limit: number,
  types?: readonly string[],
): Promise<RecordedEvent[]> {
  const parameters: unknown[] = [after.transactionId.toString(), after.position.toString(), head.transactionId.toString(), head.position.toString(), limit];
  const typeFilter = types ? 'AND type = ANY($6::text[])' : '';
  if (types) parameters.push(types);
  // Each sealed event comes with its person's wrapped key: opening the batch takes no statement of its own.
  const rows: Array<RecordedEventRow & { sealing_key: Buffer | null }> = await manager.query(
    `SELECT ${EVENT_COLUMNS}, ${SEALED_KEY_COLUMN} FROM events ${sealedKeyJoin()}
      WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
        AND (transaction_id, global_position) <= ($3::xid8, $4::bigint)
        ${typeFilter}
      ORDER BY events.transaction_id, events.global_position
      LIMIT $5`,
    parameters,
  );
  const events = rows.map(toRecordedEvent);
  await openPersonalData(manager, events, keysReadWithEvents(rows));
  return events;
}

/**
 * Right after a bulk load (a restore, a benchmark, a long outage) the statistics of `events` are stale, and
 * the planner then answers each catch-up batch by fetching and sorting every remaining event instead of
 * walking the global-order index: a batch of 1,000 took 0.5 s on a million events. Runners and rebuilds
 * refresh them before they start; autovacuum keeps them current afterwards.
 */
export async function refreshEventStatistics(executor: { query(sql: string): Promise<unknown> }): Promise<void> {
  await executor.query('ANALYZE events');
}
