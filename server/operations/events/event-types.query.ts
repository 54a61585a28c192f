import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

export class ListEventTypesQuery extends Query<Array<{ type: string; count: number }>> {}

/** Every event type in the log with its count, for the event browser's filter. */
@QueryHandler(ListEventTypesQuery)
export class ListEventTypesHandler implements IQueryHandler<ListEventTypesQuery> {
  constructor(private readonly dataSource: DataSource) {}

  execute(): Promise<Array<{ type: string; count: number }>> {
    return this.dataSource.query(`SELECT type, count(*)::int AS count FROM events GROUP BY type ORDER BY type`);
  }
}
