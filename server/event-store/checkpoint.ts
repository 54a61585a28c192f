import type { GlobalCheckpoint } from './event-store.types';

/** The start of the global order: before every event. */
export const START: GlobalCheckpoint = Object.freeze({ transactionId: 0n, position: 0n });

/** Orders checkpoints the way the log is read: by transaction id, then global position. */
export function compareCheckpoints(a: GlobalCheckpoint, b: GlobalCheckpoint): number {
  if (a.transactionId !== b.transactionId) return a.transactionId < b.transactionId ? -1 : 1;
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  return 0;
}

/**
 * Queries select int8 and xid8 cast to text under a `*_text` alias, converted to bigint here: text survives
 * any pg type parser, and an alias that differs from the column keeps `ORDER BY column` numeric (an
 * ORDER BY name resolves to the output column first, which would sort the text).
 */
export function checkpointFromRow(row: { transaction_text: string; position_text: string }): GlobalCheckpoint {
  return { transactionId: BigInt(row.transaction_text), position: BigInt(row.position_text) };
}
