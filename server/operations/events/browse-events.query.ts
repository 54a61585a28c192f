import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { likeEscaped, SqlConditions } from '../../common/sql/sql-conditions';
import type { EventMetadata } from '../../event-store/event-store.types';
import { withPlacementMetadata } from '../../ordering/published';
import type { EventPage, EventRow } from '../../../contracts/events';

export type { EventRow };

export interface EventFilter {
  /** Exact event type. */
  type?: string;
  /** A stream id, or a prefix ending in '-' ("order-", "sku-12-") for every stream of that kind. */
  stream?: string;
  from?: Date;
  to?: Date;
  /** Paging backwards: only events before this global position. */
  before?: bigint;
  limit: number;
}

export class BrowseEventsQuery extends Query<EventPage> {
  constructor(readonly filter: EventFilter) {
    super();
  }
}

/** The operator's view of the log: newest first, filtered by type, stream and time, paged by position. */
@QueryHandler(BrowseEventsQuery)
export class BrowseEventsHandler implements IQueryHandler<BrowseEventsQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ filter }: BrowseEventsQuery): Promise<EventPage> {
    const conditions = new SqlConditions();
    if (filter.type) conditions.add((p) => `type = ${p}`, filter.type);
    if (filter.stream?.endsWith('-')) conditions.add((p) => `stream_id LIKE ${p} || '%'`, likeEscaped(filter.stream));
    else if (filter.stream) conditions.add((p) => `stream_id = ${p}`, filter.stream);
    if (filter.from) conditions.add((p) => `recorded_at >= ${p}`, filter.from);
    if (filter.to) conditions.add((p) => `recorded_at <= ${p}`, filter.to);
    if (filter.before !== undefined) conditions.add((p) => `global_position < ${p}::bigint`, filter.before.toString());
    const limit = conditions.parameter(filter.limit + 1);
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `SELECT global_position::text AS position, event_id, stream_id, stream_position, type, schema_version, data, metadata, recorded_at
         FROM events ${conditions.where}
        ORDER BY global_position DESC
        LIMIT ${limit}`,
      conditions.parameters,
    );
    const page = rows.slice(0, filter.limit).map(toEventRow);
    return { data: page, next_before: rows.length > filter.limit ? page[page.length - 1].position : null };
  }
}

/** A row as the operator reads it; an order placed with the old `placedBy` shows its placing request in the metadata. */
export function toEventRow(row: Record<string, unknown>): EventRow {
  const { data, metadata } = withPlacementMetadata({ type: String(row.type), data: row.data, metadata: row.metadata as EventMetadata });
  return {
    position: String(row.position),
    id: String(row.event_id),
    streamId: String(row.stream_id),
    streamPosition: Number(row.stream_position),
    type: String(row.type),
    schemaVersion: Number(row.schema_version),
    data,
    metadata,
    recordedAt: (row.recorded_at as Date).toISOString(),
  };
}
