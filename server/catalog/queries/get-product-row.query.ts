import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { NotFoundError } from '../../common/errors/domain-error';
import { ProductRowResponse, toProductRow, type ProductRowRecord } from '../api/dto/product-row.response';
import { PRODUCT_CARD_COLUMNS, PRODUCT_CARD_FROM } from './product-card.sql';

export class GetProductRowQuery extends Query<ProductRowResponse> {
  constructor(readonly slug: string) {
    super();
  }
}

/** The product page: the product, its pictures, its category, and each size with whether it is sold out. */
@QueryHandler(GetProductRowQuery)
export class GetProductRowHandler implements IQueryHandler<GetProductRowQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ slug }: GetProductRowQuery): Promise<ProductRowResponse> {
    const rows: ProductRowRecord[] = await this.dataSource.query(
      `SELECT ${PRODUCT_CARD_COLUMNS}, p.description_html, p.description_bn_html, p.images,
              json_build_object('id', c.id, 'name', c.name, 'slug', c.slug) AS category,
              COALESCE((
                SELECT json_agg(json_build_object('id', z.id, 'value', z.value, 'available', COALESCE(st.available, 0)) ORDER BY z.id)
                  FROM product_sizes ps
                  JOIN sizes z ON z.id = ps.size_id
                  LEFT JOIN sku_stock st ON st.product_id = ps.product_id AND st.size = z.value
                 WHERE ps.product_id = p.id), '[]') AS sizes,
              COALESCE((SELECT low_stock_threshold FROM settings WHERE id = 1), 5) AS low_stock_threshold
         FROM ${PRODUCT_CARD_FROM}
         JOIN categories c ON c.id = p.category_id
        WHERE p.slug = $1`,
      [slug],
    );
    if (rows.length === 0) throw new NotFoundError('product-not-found');
    return toProductRow(rows[0]);
  }
}
