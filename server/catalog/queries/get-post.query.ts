import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { NotFoundError } from '../../common/errors/domain-error';
import { sanitizeDescriptionHtml } from '../description-html';

export interface PostResponse {
  name: string;
  description_full: string;
}

export class GetPostQuery extends Query<PostResponse> {
  /** `categoryId`: 1 about, 2 terms, 4 privacy, 5 return (the specification's page keys). */
  constructor(readonly categoryId: number) {
    super();
  }
}

@QueryHandler(GetPostQuery)
export class GetPostHandler implements IQueryHandler<GetPostQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ categoryId }: GetPostQuery): Promise<PostResponse> {
    const rows: Array<{ name: string; description_full: string }> = await this.dataSource.query(
      `SELECT name, description_full FROM posts WHERE category_id = $1`,
      [categoryId],
    );
    if (rows.length === 0) throw new NotFoundError('info-page-not-found');
    return { name: rows[0].name, description_full: sanitizeDescriptionHtml(rows[0].description_full) };
  }
}
