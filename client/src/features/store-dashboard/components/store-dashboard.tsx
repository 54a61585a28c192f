import { Link } from 'react-router-dom';
import { formatNumber, formatTaka } from '../../console-kit/format';
import { QueryView } from '../../console-kit/query-state';
import { useDashboard } from '../api/get-dashboard';
import { OrdersRevenueChart } from './bar-chart';

/** Orders and revenue per day, orders by status, top products, coupon use and low stock. */
export function StoreDashboard() {
  const dashboard = useDashboard();
  return (
    <QueryView query={dashboard} loading="Loading the dashboard…" what="Dashboard">
      {(data) => (
        <div className="admin-dash">
          <section className="card admin-dash__wide" aria-labelledby="per-day-title">
            <h2 id="per-day-title" className="section-title">
              Orders and revenue per day
            </h2>
            <OrdersRevenueChart points={data.ordersPerDay} />
          </section>
          <section className="card" aria-labelledby="by-status-title">
            <h2 id="by-status-title" className="section-title">
              Orders by status
            </h2>
            <ul className="admin-list">
              {data.byStatus.map((row) => (
                <li key={row.status}>
                  <Link to={`/admin/orders?status=${row.status}`}>{row.name}</Link>
                  <span className="admin-num">{formatNumber(row.count)}</span>
                </li>
              ))}
            </ul>
          </section>
          <section className="card" aria-labelledby="top-title">
            <h2 id="top-title" className="section-title">
              Top products
            </h2>
            <ol className="admin-list">
              {data.topProducts.map((row) => (
                <li key={row.productId}>
                  <span>{row.name}</span>
                  <span className="admin-num">
                    {formatNumber(row.units)} · {formatTaka(row.revenue)}
                  </span>
                </li>
              ))}
            </ol>
          </section>
          <section className="card" aria-labelledby="coupons-title">
            <h2 id="coupons-title" className="section-title">
              Coupon use
            </h2>
            {data.coupons.length === 0 ? (
              <p className="muted">No redemptions.</p>
            ) : (
              <ul className="admin-list">
                {data.coupons.map((row) => (
                  <li key={row.code}>
                    <code>{row.code}</code>
                    <span className="admin-num">{formatNumber(row.redemptions)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="card" aria-labelledby="low-title">
            <h2 id="low-title" className="section-title">
              Low stock
            </h2>
            {data.lowStock.length === 0 ? (
              <p className="muted">Nothing is running low.</p>
            ) : (
              <ul className="admin-list">
                {data.lowStock.map((row) => (
                  <li key={`${row.productId}-${row.size}`}>
                    <span>
                      {row.name} · {row.size}
                    </span>
                    <span className="admin-num">{formatNumber(row.available)}</span>
                  </li>
                ))}
              </ul>
            )}
            <p>
              <Link to="/admin/stock?low=true">All low stock</Link>
            </p>
          </section>
        </div>
      )}
    </QueryView>
  );
}
