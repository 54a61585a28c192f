import { Link } from 'react-router-dom';
import { Card, FigureList } from '../../console-kit/card';
import { formatNumber, formatTaka } from '../../console-kit/format';
import { QueryView } from '../../console-kit/query-state';
import { useDashboard } from '../api/get-dashboard';
import { OrdersRevenueChart } from './bar-chart';
import { OrdersBySource } from './orders-by-source';

/** Orders and revenue per day, orders by source (issue 33), orders by status, top products, coupon use and low stock. */
export function StoreDashboard() {
  const dashboard = useDashboard();
  return (
    <QueryView query={dashboard} loading="Loading the dashboard…" what="Dashboard">
      {(data) => (
        <div className="admin-dash">
          <Card id="per-day" title="Orders and revenue per day" className="admin-dash__wide">
            <OrdersRevenueChart points={data.ordersPerDay} />
          </Card>
          <OrdersBySource rows={data.bySource} />
          <Card id="by-status" title="Orders by status">
            <FigureList rows={data.byStatus} rowKey={(row) => row.status} name={(row) => <Link to={`/admin/orders?status=${row.status}`}>{row.name}</Link>} figure={(row) => formatNumber(row.count)} />
          </Card>
          <Card id="top" title="Top products">
            <FigureList ordered rows={data.topProducts} rowKey={(row) => row.productId} name={(row) => <span>{row.name}</span>} figure={(row) => `${formatNumber(row.units)} · ${formatTaka(row.revenue)}`} />
          </Card>
          <Card id="coupons" title="Coupon use">
            <FigureList rows={data.coupons} rowKey={(row) => row.code} name={(row) => <code>{row.code}</code>} figure={(row) => formatNumber(row.redemptions)} empty="No redemptions." />
          </Card>
          <Card id="low" title="Low stock">
            <FigureList
              rows={data.lowStock}
              rowKey={(row) => `${row.productId}-${row.size}`}
              name={(row) => <span>{`${row.name} · ${row.size}`}</span>}
              figure={(row) => formatNumber(row.available)}
              empty="Nothing is running low."
            />
            <p>
              <Link to="/admin/stock?low=true">All low stock</Link>
            </p>
          </Card>
        </div>
      )}
    </QueryView>
  );
}
