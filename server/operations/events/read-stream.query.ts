import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { NotFoundError } from '../../common/errors/domain-error';
import { EventRow, toEventRow } from './browse-events.query';

export class ReadStreamQuery extends Query<EventRow[]> {
  constructor(readonly streamId: string) {
    super();
  }
}

/** One stream from its first event: an order's, a SKU's, a coupon's whole history. */
@QueryHandler(ReadStreamQuery)
export class ReadStreamHandler implements IQueryHandler<ReadStreamQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ streamId }: ReadStreamQuery): Promise<EventRow[]> {
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `SELECT global_position::text AS position, event_id, stream_id, stream_position, type, schema_version, data, metadata, recorded_at
         FROM events WHERE stream_id = $1 ORDER BY stream_position`,
      [streamId],
    );
    if (rows.length === 0) throw new NotFoundError('stream-empty');
    return rows.map(toEventRow);
  }
}
