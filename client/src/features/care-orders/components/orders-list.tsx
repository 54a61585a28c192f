import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { OrderListRow } from '../../../../../contracts/orders';
import type { CourierCode } from '../../../../../contracts/shipments';
import { t } from '../../../lib/i18n/locale';
import { formatDateTime, formatTaka } from '../../console-kit/format';
import { FilterForm, ListPager, ListTable, useListParams, type Column, type FilterField } from '../../console-kit/list-table';
import { FormError, QueryView } from '../../console-kit/query-state';
import { useBookShipmentsBatch } from '../api/book-shipments-batch';
import { useShipment } from '../api/get-shipment';
import { printPackingSlip } from '../api/get-packing-slip';
import { useOrders, type OrderFilters } from '../api/get-orders';
import { ORDER_STATUSES, statusLabel } from '../order-steps';
import { RiskBadge } from './cod-panel';
import { careOrdersKeys } from '../api/care-orders-keys';
import { isNewOrder, markOrdersSeen, setOrderSound, useLiveOrders, useOrderSound } from '../live-orders';

const FILTERS: FilterField[] = [
  { name: 'phone', label: 'Phone', type: 'tel' },
  { name: 'orderId', label: 'Order id' },
  { name: 'status', label: 'Status', type: 'select', options: ORDER_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })) },
  {
    name: 'payment',
    label: 'Payment',
    type: 'select',
    options: [
      { value: 'cash', label: 'Cash on delivery' },
      { value: 'bkash', label: 'bKash' },
    ],
  },
  { name: 'from', label: 'From', type: 'date' },
  { name: 'to', label: 'To', type: 'date' },
];

const COLUMNS: Array<Column<OrderListRow>> = [
  {
    header: 'Order',
    cell: (order) => (
      <>
        <Link to={`/admin/orders/${encodeURIComponent(order.orderId)}`} aria-label={`Order ${order.orderId}`}>
          {order.orderId}
        </Link>
        {order.order_type === 2 && <span className="admin-badge">phone</span>}
      </>
    ),
  },
  { header: 'Placed', cell: (order) => formatDateTime(order.placed_at) },
  { header: 'Customer', cell: (order) => order.customer_name },
  {
    header: 'Phone',
    cell: (order) => (
      <>
        {order.phone} {order.phone_risk && <RiskBadge risk={order.phone_risk} />}
      </>
    ),
  },
  {
    header: 'Payment',
    cell: (order) => (
      <>
        {order.payment_method === 'bkash' ? 'bKash' : order.payment_method === 'cash' ? 'Cash' : (order.payment_method ?? '—')}
        {order.payment_method === 'bkash' && (
          <span className={`admin-badge ${order.bkash_verified ? 'admin-badge--ok' : 'admin-badge--warn'}`}>{order.bkash_verified ? 'verified' : 'unverified'}</span>
        )}
      </>
    ),
  },
  { header: 'Total', numeric: true, cell: (order) => formatTaka(order.order_type === 2 ? order.amount : order.grand_total) },
  { header: 'Status', cell: (order) => <span className={`admin-status admin-status--${order.status}`}>{order.order_status_name}</span> },
];

/** Orders with filters kept in the address, so a care agent can share or reload a search. */
export function OrdersList() {
  const list = useListParams(FILTERS.map((field) => field.name));
  const filters: OrderFilters = { ...list.values, page: list.page };
  const orders = useOrders(filters);
  const live = useLiveOrders();
  const queryClient = useQueryClient();
  const shownVersion = useRef<number | null>(null);
  // Issue 31: when an order is placed or changed, the list fetches itself again: no reload.
  useEffect(() => {
    if (live.version === null) return;
    if (shownVersion.current !== null && shownVersion.current !== live.version) void queryClient.invalidateQueries({ queryKey: careOrdersKeys.lists() });
    shownVersion.current = live.version;
  }, [live.version, queryClient]);
  const newCount = (orders.data?.data ?? []).filter((order) => isNewOrder(order.placed_at, live.seenAt)).length;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const rows = orders.data?.data;
  const bookable = useMemo(() => (rows ?? []).filter(isBookable).map((order) => order.orderId), [rows]);
  const toggle = (orderId: string, on: boolean) =>
    setSelected((now) => {
      const next = new Set(now);
      if (on) next.add(orderId);
      else next.delete(orderId);
      return next;
    });
  const columns: Array<Column<OrderListRow>> = [
    {
      header: t('batch.column'),
      cell: (order) =>
        isBookable(order) ? (
          <input type="checkbox" checked={selected.has(order.orderId)} onChange={(event) => toggle(order.orderId, event.target.checked)} aria-label={t('batch.select', { id: order.orderId })} />
        ) : null,
    },
    ...COLUMNS,
  ];
  const chosen = [...selected];
  const rowClassName = (order: OrderListRow) => (isNewOrder(order.placed_at, live.seenAt) ? 'care-new-row' : undefined);
  return (
    <>
      <LiveBar count={live.hasNew ? Math.max(newCount, 1) : 0} onSeen={() => markOrdersSeen(live.newest)} />
      <CompactFilters list={list} />
      <button type="button" className="btn" onClick={() => void printPackingSlip(null)}>
        Print today's confirmed orders
      </button>
      <BatchBooking orderIds={chosen} onBooked={() => setSelected(new Set())} />
      <QueryView query={orders} loading="Loading orders…" what="Orders" empty={{ when: (answer) => answer.data.length === 0, text: 'No orders match these filters.' }}>
        {(answer) => (
          <div aria-busy={orders.isFetching}>
            {bookable.length > 0 && (
              <label className="admin-field admin-batch__all">
                <input
                  type="checkbox"
                  checked={bookable.every((orderId) => selected.has(orderId))}
                  onChange={(event) => setSelected(new Set(event.target.checked ? bookable : []))}
                />{' '}
                {t('batch.selectAll')}
              </label>
            )}
            <ListTable rows={answer.data} columns={columns} rowKey={(order) => order.orderId} caption="Orders, newest first" rowClassName={rowClassName} />
            <ListPager list={list} answer={answer} label="Order pages" />
          </div>
        )}
      </QueryView>
    </>
  );
}

/** "2 new orders" with the button that marks them seen, the sound switch, and a word that the list is live. */
function LiveBar({ count, onSeen }: { count: number; onSeen: () => void }) {
  const sound = useOrderSound();
  return (
    <div className="care-live">
      <div role="status" aria-live="polite" className="care-live__status">
        {count > 0 ? (
          <>
            <span className="care-live__pill">{count === 1 ? t('care.live.newOne') : t('care.live.new', { n: count })}</span>{' '}
            <button type="button" className="button button--secondary care-live__seen" onClick={onSeen}>
              {t('care.live.seen')}
            </button>
          </>
        ) : (
          <span className="muted">{t('care.live.updated')}</span>
        )}
      </div>
      <label className="care-live__sound">
        <input type="checkbox" checked={sound} onChange={(event) => setOrderSound(event.target.checked)} /> {t('care.live.sound')}
      </label>
    </div>
  );
}

/**
 * The filters on a phone (issue 31): one box for a phone number or an order id, the other five folded under
 * "More filters" (open on a wide screen), so the first order is on the first screen.
 */
function CompactFilters({ list }: { list: ReturnType<typeof useListParams> }) {
  const [wide] = useState(() => typeof window !== 'undefined' && window.matchMedia?.('(min-width: 48rem)').matches);
  const active = FILTERS.filter((field) => list.values[field.name]).length;
  const quick = list.values.phone ?? list.values.orderId ?? '';
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    // Digits (Bengali ones too) are a phone number or its end; anything else is an order id.
    const digits = text.replace(/[০-৯]/g, (digit) => String('০১২৩৪৫৬৭৮৯'.indexOf(digit))).replace(/[\s+-]/g, '');
    const { phone: _phone, orderId: _orderId, ...rest } = list.values;
    list.replace({ ...rest, ...(text ? (/^\d+$/.test(digits) ? { phone: digits.replace(/^880/, '0') } : { orderId: text }) : {}) });
  };
  return (
    <div className="care-filters">
      <form className="care-filters__quick" role="search" aria-label={t('care.filters.quick')} onSubmit={search} key={`quick-${list.version}`}>
        <input className="field__input" name="q" type="search" defaultValue={quick} placeholder={t('care.filters.quick')} aria-label={t('care.filters.quick')} />
        <button type="submit" className="button">
          {t('care.filters.search')}
        </button>
      </form>
      <details className="care-filters__more" open={wide}>
        <summary>
          {t('care.filters.more')}
          {active > 0 ? ` · ${t('care.filters.active', { n: active })}` : ''}
        </summary>
        <FilterForm label="Filter orders" fields={FILTERS} list={list} />
      </details>
    </div>
  );
}

function isBookable(order: OrderListRow): boolean {
  return order.status === 'confirmed' || order.status === 'processing';
}

/**
 * "Book selected" (issue 29): the ticked orders with one courier. The couriers offered are read from the first
 * ticked order's shipment answer (the same list for every order); the answer tells how many were booked and why
 * each of the others was not.
 */
function BatchBooking({ orderIds, onBooked }: { orderIds: string[]; onBooked: () => void }) {
  const offer = useShipment(orderIds[0] ?? '', { enabled: orderIds.length > 0 });
  const book = useBookShipmentsBatch();
  const [courier, setCourier] = useState<CourierCode | ''>('');
  const sending = useRef(false);
  const couriers = (offer.data?.couriers ?? []).filter((option) => option.courier !== 'manual');
  const chosen = courier || offer.data?.default_courier || couriers[0]?.courier || '';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current || book.isPending || !chosen || orderIds.length === 0) return;
    sending.current = true;
    book.mutate(
      { courier: chosen, orderIds },
      {
        onSuccess: onBooked,
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };
  return (
    <form className="admin-inline-form admin-batch" onSubmit={submit} aria-label={t('batch.title')}>
      {orderIds.length === 0 ? (
        <p className="muted">{t('batch.none')}</p>
      ) : (
        <>
          <label className="admin-field">
            {t('batch.courier')}
            <select className="field__input" value={chosen} onChange={(event) => setCourier(event.target.value as CourierCode)}>
              {couriers.map((option) => (
                <option key={option.courier} value={option.courier} title={option.label}>
                  {option.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button" disabled={book.isPending || !chosen}>
            {book.isPending ? t('batch.booking', { n: orderIds.length }) : t('batch.book', { n: orderIds.length })}
          </button>
        </>
      )}
      {book.data && (
        <div role="status" className="admin-batch__result">
          <p>{t('batch.result', { booked: book.data.booked, failed: book.data.failed })}</p>
          {book.data.failed > 0 && (
            <>
              <p>{t('batch.failedTitle')}</p>
              <ul>
                {book.data.results
                  .filter((result) => !result.ok)
                  .map((result) => (
                    <li key={result.order_id}>
                      <Link to={`/admin/orders/${encodeURIComponent(result.order_id)}`}>{result.order_id}</Link>: {result.error?.message ?? result.error?.code}
                    </li>
                  ))}
              </ul>
            </>
          )}
          {book.data.results.some((result) => result.ok && result.already_booked) && (
            <p className="muted">
              {book.data.results
                .filter((result) => result.ok && result.already_booked)
                .map((result) => result.order_id)
                .join(', ')}{' '}
              — {t('batch.already')}
            </p>
          )}
        </div>
      )}
      <FormError error={book.error} />
    </form>
  );
}
