import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { likeEscaped, SqlConditions } from '../../common/sql/sql-conditions';
import { paginated, Paginated } from '../../common/paginated';
import type { StockRow } from '../../../contracts/stock';

export const LOW_STOCK = 3;
const PER_PAGE = 50;

export class ListStockQuery extends Query<Paginated<StockRow>> {
  constructor(
    readonly page: number,
    readonly search: string | undefined,
    /** Only SKUs with at most LOW_STOCK units available. */
    readonly lowOnly: boolean,
  ) {
    super();
  }
}

/** Every SKU the shop sells with its projected stock; a size never received shows 0. */
@QueryHandler(ListStockQuery)
export class ListStockHandler implements IQueryHandler<ListStockQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ page, search, lowOnly }: ListStockQuery): Promise<Paginated<StockRow>> {
    const conditions = new SqlConditions();
    if (search) conditions.add((p) => `(lower(p.name) LIKE ${p} OR lower(p.sku) LIKE ${p})`, `%${likeEscaped(search.toLowerCase())}%`);
    if (lowOnly) conditions.addFixed(`COALESCE(st.available, 0) <= ${LOW_STOCK}`);
    const { where, parameters } = conditions;
    const from = `FROM products p
                  JOIN product_sizes ps ON ps.product_id = p.id
                  JOIN sizes z ON z.id = ps.size_id
                  LEFT JOIN sku_stock st ON st.product_id = p.id AND st.size = z.value
                  ${where}`;
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total ${from}`, parameters);
    const rows: StockRow[] = await this.dataSource.query(
      `SELECT p.id AS "productId", p.name, p.slug, p.sku, z.value AS size,
              COALESCE(st.available, 0) AS available, COALESCE(st.reserved, 0) AS reserved
         ${from}
        ORDER BY ${lowOnly ? 'COALESCE(st.available, 0), ' : ''}p.name, p.id, z.id
        LIMIT ${PER_PAGE} OFFSET ${(page - 1) * PER_PAGE}`,
      parameters,
    );
    return paginated(rows, page, total, PER_PAGE);
  }
}
