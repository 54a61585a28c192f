import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { ORDER_SOURCES, type OrderSource } from '../../../contracts/attribution';
import type { DashboardResponse as Dashboard } from '../../../contracts/dashboard';
import { paisaToTaka } from '../../common/money';
import { STATUS_NAMES, type OrderStatus } from '../../ordering/published';
import { LOW_STOCK } from '../../inventory/list-stock/list-stock.query';

/** Orders that still count as sales: not cancelled and not returned. */
const SOLD = `status NOT IN ('cancelled', 'returned')`;

export class GetDashboardQuery extends Query<Dashboard> {
  constructor(readonly days: number) {
    super();
  }
}

/** Rows as PostgreSQL returns them: `::bigint` sums arrive as strings. */
interface PerDayRow {
  day: string;
  orders: number;
  revenue: string;
}
interface ByStatusRow {
  status: OrderStatus;
  count: number;
}
interface TopProductRow {
  product_id: number;
  name: string;
  units: number;
  revenue: string;
}
interface BySourceRow {
  source: OrderSource;
  orders: number;
  revenue: string;
}
interface LowStockRow {
  product_id: number;
  name: string;
  size: string;
  available: number;
}

/** The staff dashboard, all from read models: order details and lines, and stock per SKU. */
@QueryHandler(GetDashboardQuery)
export class GetDashboardHandler implements IQueryHandler<GetDashboardQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ days }: GetDashboardQuery): Promise<Dashboard> {
    const [perDay, byStatus, topProducts, coupons, lowStock, bySource]: [PerDayRow[], ByStatusRow[], TopProductRow[], Dashboard['coupons'], LowStockRow[], BySourceRow[]] = await Promise.all([
      this.dataSource.query(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, count(o.order_id)::int AS orders,
                COALESCE(sum(COALESCE(o.grand_total_paisa, o.amount_paisa)) FILTER (WHERE o.${SOLD}), 0)::bigint AS revenue
           FROM generate_series((now() AT TIME ZONE 'Asia/Dhaka')::date - ($1::int - 1), (now() AT TIME ZONE 'Asia/Dhaka')::date, interval '1 day') AS day
           LEFT JOIN order_details o ON (o.placed_at AT TIME ZONE 'Asia/Dhaka')::date = day
          GROUP BY day ORDER BY day`,
        [days],
      ),
      this.dataSource.query(`SELECT status, count(*)::int AS count FROM order_details GROUP BY status ORDER BY count DESC`),
      this.dataSource.query(
        `SELECT l.product_id, min(l.name) AS name, sum(l.quantity)::int AS units, sum(l.quantity * l.unit_price_paisa)::bigint AS revenue
           FROM order_lines l JOIN order_details o ON o.order_id = l.order_id
          WHERE o.${SOLD}
          GROUP BY l.product_id ORDER BY units DESC, revenue DESC LIMIT 5`,
      ),
      this.dataSource.query(
        `SELECT coupon_code AS code, count(*)::int AS redemptions FROM order_details
          WHERE coupon_code IS NOT NULL AND ${SOLD} GROUP BY coupon_code ORDER BY redemptions DESC`,
      ),
      this.dataSource.query(
        `SELECT st.product_id, p.name, st.size, st.available FROM sku_stock st JOIN products p ON p.id = st.product_id
          WHERE st.available <= ${LOW_STOCK} ORDER BY st.available, p.name LIMIT 10`,
      ),
      // Issue 33: the same days as ordersPerDay, by the source ordering's order-sources projection recorded.
      this.dataSource.query(
        `SELECT src.source, count(o.order_id)::int AS orders,
                COALESCE(sum(COALESCE(o.grand_total_paisa, o.amount_paisa)) FILTER (WHERE o.${SOLD}), 0)::bigint AS revenue
           FROM order_sources src JOIN order_details o ON o.order_id = src.order_id
          WHERE (src.placed_at AT TIME ZONE 'Asia/Dhaka')::date > (now() AT TIME ZONE 'Asia/Dhaka')::date - $1::int
          GROUP BY src.source`,
        [days],
      ),
    ]);
    const sources = new Map(bySource.map((row) => [row.source, row]));
    return {
      ordersPerDay: perDay.map((row) => ({ day: row.day, orders: row.orders, revenue: paisaToTaka(Number(row.revenue)) })),
      byStatus: byStatus.map((row) => ({ status: row.status, name: STATUS_NAMES[row.status], count: row.count })),
      topProducts: topProducts.map((row) => ({ productId: row.product_id, name: row.name, units: row.units, revenue: paisaToTaka(Number(row.revenue)) })),
      coupons,
      lowStock: lowStock.map((row) => ({ productId: row.product_id, name: row.name, size: row.size, available: row.available })),
      bySource: ORDER_SOURCES.map((source) => ({ source, orders: sources.get(source)?.orders ?? 0, revenue: paisaToTaka(Number(sources.get(source)?.revenue ?? 0)) })),
    };
  }
}
