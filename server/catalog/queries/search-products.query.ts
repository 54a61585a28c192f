import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { SearchHit } from '../../../contracts/catalog';
import { ProductSearch } from '../search/product-search';

export type { SearchHit };

export const MIN_SEARCH_LENGTH = 2;

const MAX_HITS = 10;

type SearchHitRow = Omit<SearchHit, 'name_bn'> & { name_bn: string | null };

/** The Bengali name only when there is one, so other suggestions keep exactly their four fields. */
function toSearchHit({ name_bn, ...hit }: SearchHitRow): SearchHit {
  return name_bn === null ? hit : { ...hit, name_bn };
}

export class SearchProductsQuery extends Query<SearchHit[]> {
  constructor(
    readonly text: string,
    /** A category id (its children included), or null for all categories. */
    readonly categoryId: number | null,
  ) {
    super();
  }
}

/** The header's autocomplete: best matches first, nothing for fewer than two characters. */
@QueryHandler(SearchProductsQuery)
export class SearchProductsHandler implements IQueryHandler<SearchProductsQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly search: ProductSearch,
  ) {}

  async execute({ text, categoryId }: SearchProductsQuery): Promise<SearchHit[]> {
    if (text.trim().length < MIN_SEARCH_LENGTH) return [];
    const plan = await this.search.plan(text, 1);
    if (plan === null || plan === 'none') return [];
    const parameters = [...plan.whereParameters, ...plan.rankParameters];
    let categoryFilter = '';
    if (categoryId !== null) {
      parameters.push(categoryId);
      const id = `$${parameters.length}::int`;
      categoryFilter = `AND p.category_id IN (SELECT c.id FROM categories c WHERE c.id = ${id} OR c.parent_id = ${id})`;
    }
    const rows: SearchHitRow[] = await this.dataSource.query(
      `SELECT p.id, p.name, p.slug, p.thumbnail, p.name_bn FROM products p
        WHERE ${plan.where} ${categoryFilter}
        ORDER BY ${plan.rank} DESC, p.name, p.id
        LIMIT ${MAX_HITS}`,
      parameters,
    );
    return rows.map(toSearchHit);
  }
}
