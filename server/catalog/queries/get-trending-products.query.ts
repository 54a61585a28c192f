import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { ProductCardResponse, toProductCard } from '../api/dto/product-card.response';
import { PRODUCT_CARD_COLUMNS, PRODUCT_CARD_FROM, ProductCardRow } from './product-card.sql';

const TRENDING_COUNT = 10;

export class GetTrendingProductsQuery extends Query<ProductCardResponse[]> {}

/** The home page's "Trending Products": in-stock products with a badge first, then the newest. */
@QueryHandler(GetTrendingProductsQuery)
export class GetTrendingProductsHandler implements IQueryHandler<GetTrendingProductsQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute(): Promise<ProductCardResponse[]> {
    const rows: ProductCardRow[] = await this.dataSource.query(
      `SELECT ${PRODUCT_CARD_COLUMNS}
         FROM ${PRODUCT_CARD_FROM}
        WHERE EXISTS (SELECT 1 FROM sku_stock st WHERE st.product_id = p.id AND st.available > 0)
        ORDER BY (p.badge IS NOT NULL) DESC, p.created_at DESC, p.id DESC
        LIMIT ${TRENDING_COUNT}`,
    );
    return rows.map(toProductCard);
  }
}
