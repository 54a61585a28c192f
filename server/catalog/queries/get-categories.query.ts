import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { CategoryResponse } from '../../../contracts/catalog';

export type { CategoryResponse };

/** `tree`: parents with their children; `parents` / `children`: one flat level. */
export type CategoryView = 'tree' | 'parents' | 'children';

export class GetCategoriesQuery extends Query<CategoryResponse[]> {
  constructor(readonly view: CategoryView) {
    super();
  }
}

@QueryHandler(GetCategoriesQuery)
export class GetCategoriesHandler implements IQueryHandler<GetCategoriesQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ view }: GetCategoriesQuery): Promise<CategoryResponse[]> {
    const rows: Array<{ id: number; name: string; name_bn: string | null; slug: string; parent_id: number | null }> = await this.dataSource.query(
      `SELECT id, name, name_bn, slug, parent_id FROM categories ORDER BY position, id`,
    );
    const node = (row: (typeof rows)[number]): CategoryResponse => ({ id: row.id, name: row.name, name_bn: row.name_bn ?? null, slug: row.slug, children: [] });
    if (view === 'parents') return rows.filter((row) => row.parent_id === null).map(node);
    if (view === 'children') return rows.filter((row) => row.parent_id !== null).map(node);
    const parents = new Map(rows.filter((row) => row.parent_id === null).map((row) => [row.id, node(row)]));
    for (const row of rows) if (row.parent_id !== null) parents.get(row.parent_id)?.children.push(node(row));
    return [...parents.values()];
  }
}
