import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useOrders, type OrderFilters } from '../api/get-orders';
import { Pager } from '../components/pager';
import { ErrorNotice, Loading } from '../components/query-state';
import { formatDateTime, formatTaka } from '../lib/format';
import { ORDER_STATUSES, statusLabel } from '../lib/order-steps';

const FILTER_KEYS = ['status', 'from', 'to', 'phone', 'orderId', 'payment'] as const;

/** Orders with filters kept in the address, so a care agent can share or reload a search. */
export function OrdersListRoute() {
  const [params, setParams] = useSearchParams();
  const filters: OrderFilters = { page: Math.max(1, Number(params.get('page')) || 1) };
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  const { data, isPending, isError, error, isFetching } = useOrders(filters);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of FILTER_KEYS) {
      const value = String(form.get(key) ?? '').trim();
      if (value) next.set(key, value);
    }
    setParams(next);
  };
  const goTo = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
  };

  return (
    <section aria-labelledby="orders-title">
      <title>Orders · Operations</title>
      <h1 id="orders-title" className="page__title">
        Orders
      </h1>
      <form className="admin-filters" onSubmit={search} role="search" aria-label="Filter orders" key={params.toString()}>
        <label>
          Phone
          <input name="phone" type="tel" inputMode="tel" defaultValue={filters.phone} className="field__input" />
        </label>
        <label>
          Order id
          <input name="orderId" defaultValue={filters.orderId} className="field__input" />
        </label>
        <label>
          Status
          <select name="status" defaultValue={filters.status ?? ''} className="field__input">
            <option value="">Any</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Payment
          <select name="payment" defaultValue={filters.payment ?? ''} className="field__input">
            <option value="">Any</option>
            <option value="cash">Cash on delivery</option>
            <option value="bkash">bKash</option>
          </select>
        </label>
        <label>
          From
          <input name="from" type="date" defaultValue={filters.from} className="field__input" />
        </label>
        <label>
          To
          <input name="to" type="date" defaultValue={filters.to} className="field__input" />
        </label>
        <div className="admin-filters__actions">
          <button type="submit" className="button">
            Search
          </button>
          <button type="button" className="button button--secondary" onClick={() => setParams(new URLSearchParams())}>
            Clear
          </button>
        </div>
      </form>

      {isPending ? (
        <Loading label="Loading orders…" />
      ) : isError ? (
        <ErrorNotice error={error} what="Orders" />
      ) : data.data.length === 0 ? (
        <p className="notice">No orders match these filters.</p>
      ) : (
        <div aria-busy={isFetching}>
          <table className="admin-table admin-table--cards">
            <caption className="visually-hidden">Orders, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Customer</th>
                <th scope="col">Phone</th>
                <th scope="col">Payment</th>
                <th scope="col">Total</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((order) => (
                <tr key={order.orderId}>
                  <td data-label="Order">
                    <Link to={`/admin/orders/${encodeURIComponent(order.orderId)}`} aria-label={`Order ${order.orderId}`}>
                      {order.orderId}
                    </Link>
                    {order.order_type === 2 && <span className="admin-badge">phone</span>}
                  </td>
                  <td data-label="Placed">{formatDateTime(order.placed_at)}</td>
                  <td data-label="Customer">{order.customer_name}</td>
                  <td data-label="Phone">{order.phone}</td>
                  <td data-label="Payment">
                    {order.payment_method === 'bkash' ? 'bKash' : order.payment_method === 'cash' ? 'Cash' : (order.payment_method ?? '—')}
                    {order.payment_method === 'bkash' && (
                      <span className={`admin-badge ${order.bkash_verified ? 'admin-badge--ok' : 'admin-badge--warn'}`}>
                        {order.bkash_verified ? 'verified' : 'unverified'}
                      </span>
                    )}
                  </td>
                  <td data-label="Total" className="admin-num">
                    {formatTaka(order.order_type === 2 ? order.amount : order.grand_total)}
                  </td>
                  <td data-label="Status">
                    <span className={`admin-status admin-status--${order.status}`}>{order.order_status_name}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={data.current_page} lastPage={data.last_page} total={data.total} onPage={goTo} label="Order pages" />
        </div>
      )}
    </section>
  );
}
