import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { SqlConditions } from '../../common/sql/sql-conditions';
import type { OrderListRow } from '../../../contracts/orders';
import { paginated, Paginated } from '../../common/paginated';
import { paisaToTaka } from '../../common/money';
import { riskBadge, STATUS_NAMES, type OrderStatus } from '../../ordering/published';

export interface OrderFilter {
  status?: OrderStatus;
  /** Placed on or after this day (Asia/Dhaka). */
  from?: string;
  /** Placed on or before this day (Asia/Dhaka). */
  to?: string;
  /** Customer or shipping phone, or its last digits. */
  phone?: string;
  /** An order id or its beginning. */
  orderId?: string;
  payment?: 'cash' | 'bkash';
}

const PER_PAGE = 25;
/** The shop's days are Dhaka's days, whatever the server's time zone. */
const SHOP_TIME_ZONE = 'Asia/Dhaka';

/** A row of the list's query, as PostgreSQL returns it; the `risk_` columns are all null before the phone's first order is counted. */
type OrderListSqlRow = OrderColumns &
  ({ risk_placed: null; risk_returned: null; risk_blocked: null } | { risk_placed: number; risk_returned: number; risk_blocked: boolean });
interface OrderColumns {
  order_id: string;
  order_type: number;
  status: OrderStatus;
  customer_name: string;
  phone: string;
  payment_method: string | null;
  bkash_verified: boolean;
  grand_total_paisa: number | null;
  amount_paisa: number | null;
  placed_at: Date;
}

export class ListOrdersQuery extends Query<Paginated<OrderListRow>> {
  constructor(
    readonly filter: OrderFilter,
    readonly page: number,
  ) {
    super();
  }
}

/** Customer care's order list: newest first, filtered, from the order-tracking read model. */
@QueryHandler(ListOrdersQuery)
export class ListOrdersHandler implements IQueryHandler<ListOrdersQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ filter, page }: ListOrdersQuery): Promise<Paginated<OrderListRow>> {
    const conditions = new SqlConditions();
    if (filter.status) conditions.add((p) => `status = ${p}`, filter.status);
    if (filter.payment) conditions.add((p) => `payment_method = ${p}`, filter.payment);
    if (filter.from) conditions.add((p) => `placed_at >= (${p}::date::timestamp AT TIME ZONE '${SHOP_TIME_ZONE}')`, filter.from);
    if (filter.to) conditions.add((p) => `placed_at < ((${p}::date + 1)::timestamp AT TIME ZONE '${SHOP_TIME_ZONE}')`, filter.to);
    if (filter.phone) conditions.add((p) => `(d.phone LIKE '%' || ${p} OR d.shipping_phone LIKE '%' || ${p})`, filter.phone);
    if (filter.orderId) conditions.add((p) => `order_id LIKE ${p} || '%'`, filter.orderId.toUpperCase());
    const { where, parameters } = conditions;
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM order_details d ${where}`, parameters);
    const rows: OrderListSqlRow[] = await this.dataSource.query(
      `SELECT order_id, order_type, status, customer_name, d.phone, payment_method, bkash_verified,
              grand_total_paisa, amount_paisa, placed_at, r.placed AS risk_placed, r.returned AS risk_returned, r.blocked AS risk_blocked
         FROM order_details d LEFT JOIN phone_risk r ON r.phone = d.phone ${where}
        ORDER BY placed_at DESC, order_id
        LIMIT ${PER_PAGE} OFFSET ${(page - 1) * PER_PAGE}`,
      parameters,
    );
    return paginated(
      rows.map((row) => ({
        orderId: row.order_id,
        order_type: row.order_type,
        status: row.status,
        order_status_name: STATUS_NAMES[row.status as OrderStatus],
        customer_name: row.customer_name,
        phone: row.phone,
        payment_method: row.payment_method,
        bkash_verified: row.bkash_verified,
        grand_total: row.grand_total_paisa === null ? null : paisaToTaka(row.grand_total_paisa),
        amount: row.amount_paisa === null ? null : paisaToTaka(row.amount_paisa),
        placed_at: row.placed_at.toISOString(),
        phone_risk:
          row.risk_placed === null
            ? null
            : {
                badge: riskBadge({ placed: row.risk_placed, returned: row.risk_returned, blocked: row.risk_blocked }),
                placed: row.risk_placed,
                returned: row.risk_returned,
                blocked: row.risk_blocked,
              },
      }) satisfies OrderListRow),
      page,
      total,
      PER_PAGE,
    );
  }
}
