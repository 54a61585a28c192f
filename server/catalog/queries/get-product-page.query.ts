import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { NotFoundError } from '../../common/errors/domain-error';
import { paginated, Paginated } from '../../common/paginated';
import { ProductCardResponse, toProductCard } from '../api/dto/product-card.response';
import { PRODUCT_CARD_COLUMNS, PRODUCT_CARD_FROM, ProductCardRow, PRODUCTS_PER_PAGE } from './product-card.sql';
import { ProductSearch } from '../search/product-search';

/** Which products a page lists: the whole shop, or a category with its children. */
export type ProductScope = { kind: 'shop' } | { kind: 'category'; slug: string };

export class GetProductPageQuery extends Query<Paginated<ProductCardResponse>> {
  constructor(
    readonly scope: ProductScope,
    readonly page: number,
    readonly search: string | undefined,
  ) {
    super();
  }
}

/**
 * One page of the product grid, newest first, or best match first when searching. A parent category lists
 * the products of all its children.
 */
@QueryHandler(GetProductPageQuery)
export class GetProductPageHandler implements IQueryHandler<GetProductPageQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly search: ProductSearch,
  ) {}

  async execute({ scope, page, search }: GetProductPageQuery): Promise<Paginated<ProductCardResponse>> {
    const conditions: string[] = [];
    const parameters: unknown[] = [];
    if (scope.kind === 'category') {
      const categoryIds = await this.categoryWithChildren(scope.slug);
      parameters.push(categoryIds);
      conditions.push(`p.category_id = ANY($${parameters.length}::int[])`);
    }
    let order = 'p.created_at DESC, p.id DESC';
    const rankParameters: unknown[] = [];
    const plan = await this.search.plan(search ?? '', parameters.length + 1);
    if (plan === 'none') return paginated([], page, 0, PRODUCTS_PER_PAGE);
    if (plan) {
      parameters.push(...plan.whereParameters);
      rankParameters.push(...plan.rankParameters);
      conditions.push(plan.where);
      order = `${plan.rank} DESC, p.created_at DESC, p.id DESC`;
    }
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM products p ${where}`, parameters);
    const rows: ProductCardRow[] =
      total === 0
        ? []
        : await this.dataSource.query(
            `SELECT ${PRODUCT_CARD_COLUMNS} FROM ${PRODUCT_CARD_FROM} ${where}
              ORDER BY ${order} LIMIT ${PRODUCTS_PER_PAGE} OFFSET ${(page - 1) * PRODUCTS_PER_PAGE}`,
            [...parameters, ...rankParameters],
          );
    return paginated(rows.map(toProductCard), page, total, PRODUCTS_PER_PAGE);
  }

  private async categoryWithChildren(slug: string): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.dataSource.query(
      `SELECT c.id FROM categories c
         JOIN categories named ON named.slug = $1
        WHERE c.id = named.id OR c.parent_id = named.id`,
      [slug],
    );
    if (rows.length === 0) throw new NotFoundError('category-not-found');
    return rows.map((row) => row.id);
  }
}
