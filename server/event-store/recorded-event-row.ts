import type { EventMetadata, RecordedEvent } from './event-store.types';

/**
 * The select list every read uses. int8 and xid8 come back as text under aliases that differ from the
 * columns, so that `ORDER BY transaction_id, global_position` still sorts the numbers (see checkpoint.ts).
 */
export const EVENT_COLUMNS = `global_position::text AS position_text, event_id, stream_id, stream_position,
  type, schema_version, data, metadata, recorded_at, transaction_id::text AS transaction_text`;

export interface RecordedEventRow {
  position_text: string;
  event_id: string;
  stream_id: string;
  stream_position: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
  transaction_text: string;
}

export function toRecordedEvent(row: RecordedEventRow): RecordedEvent {
  return {
    id: row.event_id,
    globalPosition: BigInt(row.position_text),
    streamId: row.stream_id,
    streamPosition: row.stream_position,
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
    transactionId: BigInt(row.transaction_text),
  };
}
