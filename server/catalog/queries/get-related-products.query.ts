import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { NotFoundError } from '../../common/errors/domain-error';
import { ProductCardResponse, toProductCard } from '../api/dto/product-card.response';
import { PRODUCT_CARD_COLUMNS, PRODUCT_CARD_FROM, ProductCardRow } from './product-card.sql';

const MAX_RELATED = 10;

export class GetRelatedProductsQuery extends Query<ProductCardResponse[]> {
  constructor(readonly slug: string) {
    super();
  }
}

/**
 * "You may also like": products of the same department (Men or Women), same category first, sold-out ones
 * last, never the product itself.
 */
@QueryHandler(GetRelatedProductsQuery)
export class GetRelatedProductsHandler implements IQueryHandler<GetRelatedProductsQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ slug }: GetRelatedProductsQuery): Promise<ProductCardResponse[]> {
    const rows: ProductCardRow[] = await this.dataSource.query(
      `WITH target AS (
         SELECT t.id, t.category_id, COALESCE(c.parent_id, c.id) AS department
           FROM products t JOIN categories c ON c.id = t.category_id
          WHERE t.slug = $1)
       SELECT ${PRODUCT_CARD_COLUMNS}
         FROM target
         JOIN categories pc ON pc.id = target.category_id OR pc.parent_id = target.department OR pc.id = target.department
         JOIN ${PRODUCT_CARD_FROM} ON p.category_id = pc.id AND p.id <> target.id
         LEFT JOIN LATERAL (SELECT COALESCE(sum(st.available), 0) > 0 AS in_stock
                              FROM sku_stock st WHERE st.product_id = p.id) stock ON true
        ORDER BY stock.in_stock DESC, (p.category_id = target.category_id) DESC, p.created_at DESC, p.id DESC
        LIMIT ${MAX_RELATED}`,
      [slug],
    );
    if (rows.length === 0 && !(await this.exists(slug))) throw new NotFoundError('product-not-found');
    return rows.map(toProductCard);
  }

  private async exists(slug: string): Promise<boolean> {
    const rows = await this.dataSource.query('SELECT 1 FROM products WHERE slug = $1', [slug]);
    return rows.length > 0;
  }
}
