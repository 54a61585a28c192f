import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { NotFoundError, ValidationFailedError } from '../../common/errors/domain-error';

export interface StockAnswer {
  success: true;
  message: string;
  available: number;
}

export class CheckProductAttributeQuery extends Query<StockAnswer> {
  constructor(
    readonly product: { id?: number; slug?: string },
    readonly size: string,
    readonly quantity: number,
  ) {
    super();
  }
}

/**
 * The add-to-cart stock check: is this size of this product available in this quantity? Reads the stock
 * projection; the order itself is checked again, atomically, when it is placed.
 */
@QueryHandler(CheckProductAttributeQuery)
export class CheckProductAttributeHandler implements IQueryHandler<CheckProductAttributeQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ product, size, quantity }: CheckProductAttributeQuery): Promise<StockAnswer> {
    const rows: Array<{ name: string; size: string | null; available: number }> = await this.dataSource.query(
      `SELECT p.name, z.value AS size, COALESCE(st.available, 0) AS available
         FROM products p
         LEFT JOIN (product_sizes ps JOIN sizes z ON z.id = ps.size_id) ON ps.product_id = p.id AND z.value = $3
         LEFT JOIN sku_stock st ON st.product_id = p.id AND st.size = z.value
        WHERE ($1::int IS NULL OR p.id = $1) AND ($2::text IS NULL OR p.slug = $2)
        LIMIT 1`,
      [product.id ?? null, product.slug ?? null, size],
    );
    if (rows.length === 0) throw new NotFoundError('product-not-available');
    const [row] = rows;
    if (row.size === null) {
      throw ValidationFailedError.field('size', 'size-not-sold', { product: row.name, size });
    }
    if (row.available <= 0) throw new NotFoundError('size-sold-out', { product: row.name, size });
    if (row.available < quantity) {
      throw new NotFoundError('size-only-left', { available: row.available, product: row.name, size });
    }
    return { success: true, message: 'In stock.', available: row.available };
  }
}
