import type { CareOrderResponse, OrderHistoryLineResponse, OrderTimelineEntryResponse } from '../../../../../contracts/orders';
import { formatDateTime, formatTaka } from '../../console-kit/format';
import { Card, Facts } from '../../console-kit/card';
import { ListTable, type Column } from '../../console-kit/list-table';
import { QueryView } from '../../console-kit/query-state';
import { useOrder } from '../api/get-order';
import { CodPanel, expiresIn, RiskBadge } from './cod-panel';
import { telLink } from '../care-contact';
import { CourierPanel } from './courier-panel';
import { CustomerFirst } from './customer-first';
import { AreaChange } from './area-change';
import { OrderActions } from './order-actions';
import { OrderTimeline } from './order-timeline';
import { RefundPanel } from './refund-form';

/**
 * Care's view of one order: actions, timeline, customer, shipping, payment and lines. Each action's mutation
 * refetches the order; `onChanged` tells the page (which may refresh other screens).
 */
export function CareOrder({ orderId, onChanged, moreTimeline }: { orderId: string; onChanged?: () => void; moreTimeline?: OrderTimelineEntryResponse[] }) {
  const order = useOrder(orderId);
  return (
    <QueryView query={order} loading="Loading the order…" what={`Order ${orderId}`}>
      {(view) => <OrderView view={view} onChanged={() => onChanged?.()} moreTimeline={moreTimeline} />}
    </QueryView>
  );
}

const LINE_COLUMNS: Array<Column<OrderHistoryLineResponse>> = [
  { header: 'Product', cell: (line) => line.productName },
  { header: 'Size', cell: (line) => line.size },
  { header: 'Qty', numeric: true, cell: (line) => line.qty },
  { header: 'Price', numeric: true, cell: (line) => formatTaka(line.price) },
  { header: 'Total', numeric: true, cell: (line) => formatTaka(line.price * line.qty) },
];

function OrderView({ view, onChanged, moreTimeline }: { view: CareOrderResponse; onChanged: () => void; moreTimeline?: OrderTimelineEntryResponse[] }) {
  const order = view.orderrow;
  const status = order.order_status_name;
  const instant = order.order_type === 2;
  const bkash = order.paymentMethod === 'bkash';
  // Issue 30 (ADR 059): an order that needs an advance carries its bKash payment even when it is cash on delivery.
  const area = view.delivery_area;
  const advanceNeeded = area?.advance_required != null;
  const bkashVerified = order.bkash_verified ?? view.timeline.some((entry) => entry.event === 'BkashPaymentVerified');
  const open = !['Cancelled', 'Returned'].includes(status);
  return (
    <>
      <div className="admin-order-head">
        <h1 id="order-title" className="page__title">
          Order {order.orderId}
        </h1>
        <span className={`admin-status admin-status--${status.toLowerCase()}`} aria-label={`Status: ${status}`}>
          {status}
        </span>
      </div>
      <p className="muted">
        Placed {formatDateTime(order.order_date)} · {instant ? 'Phone (instant) order' : 'Online order'}
        {view.expires_at ? ` · ${expiresIn(view.expires_at)}` : ''}
        {view.phone_risk?.[0] && (
          <>
            {' · '}
            <RiskBadge risk={view.phone_risk[0]} />
          </>
        )}
      </p>
      <CustomerFirst view={view} />
      <div className="admin-order-grid">
        <div className="admin-order-grid__main">
          <OrderActions orderId={order.orderId} statusName={status} bkashPending={(bkash || (advanceNeeded && Boolean(order.transaction_id))) && !bkashVerified && open}
            advanceWithoutTransaction={advanceNeeded && !order.transaction_id && !bkashVerified && open} onChanged={onChanged} />
          <CodPanel view={view} onChanged={onChanged} />
          <RefundPanel view={view} onChanged={onChanged} />
          <CourierPanel orderId={order.orderId} lines={view.history} onChanged={onChanged} />
          <Card id="timeline" title="Timeline">
            <OrderTimeline entries={view.timeline} more={moreTimeline} names={new Map(view.history.map((line) => [line.id, line.productName]))} />
          </Card>
        </div>
        <div className="admin-order-grid__side">
          <Card id="shipping" title="Shipping">
            {area?.needs_completion && (
              <p className="admin-badge admin-badge--warn" role="status">
                Complete the address before booking a courier: the district cannot be told from it. Pick the district and thana with the customer.
              </p>
            )}
            <Facts
              facts={[
                area?.district && {
                  label: 'District',
                  value: `${area.district}${area.district_bn ? ` (${area.district_bn})` : ''}${area.district_from_text ? ' — read from the address' : ''}`,
                },
                area?.thana && { label: 'Thana / upazila', value: `${area.thana}${area.thana_bn ? ` (${area.thana_bn})` : ''}` },
                { label: area?.area_id ? 'House, road, area' : 'Address', value: order.address || '—', className: 'admin-pre' },
                area?.landmark && { label: 'Landmark', value: area.landmark },
                area?.zone_id && { label: 'Delivery zone', value: area.zone_id },
                { label: 'Phone', value: <PhoneLink phone={order.shipping_phone} /> },
                { label: 'Email', value: order.email || '—' },
              ]}
            />
            {open && ['Pending', 'Confirmed'].includes(status) && <AreaChange orderId={order.orderId} onChanged={onChanged} />}
          </Card>
          <Card id="payment" title="Payment">
            <Facts
              facts={[
                { label: 'Method', value: bkash ? 'bKash' : order.paymentMethod === 'cash' ? 'Cash on delivery' : (order.paymentMethod ?? order.payment_type ?? '—') },
                advanceNeeded && {
                  label: 'Advance',
                  value: bkashVerified ? `${formatTaka(order.advance)} paid; the courier collects ${formatTaka(order.due)}` : `${formatTaka(area?.advance_required ?? 0)} by bKash before confirming`,
                },
                (bkash || advanceNeeded) && { label: 'bKash sender', value: order.bkash_number ?? '—' },
                (bkash || advanceNeeded) && { label: 'Transaction id', value: order.transaction_id ?? '—' },
                (bkash || advanceNeeded) && {
                  label: 'Verified',
                  value: bkashVerified ? <span className="admin-badge admin-badge--ok">verified</span> : <span className="admin-badge admin-badge--warn">not yet</span>,
                },
                instant && { label: 'Payment type', value: order.payment_type ?? '—' },
                order.coupon_code && { label: 'Coupon', value: order.coupon_code },
              ]}
            />
          </Card>
        </div>
      </div>
      <Card id="lines" title="Items">
        {view.history.length === 0 ? (
          <p className="muted">No product lines (phone order by amount).</p>
        ) : (
          // Cards on a phone (issue 31): five columns of figures do not fit 360 px.
          <ListTable rows={view.history} columns={LINE_COLUMNS} rowKey={(line) => `${line.id}-${line.size}`} caption="Items" />
        )}
        <Facts
          className="admin-totals"
          facts={
            instant
              ? [
                  { label: 'Amount', value: formatTaka(order.amount) },
                  { label: 'Discount', value: formatTaka(order.discount_amount) },
                  { label: 'Advance', value: formatTaka(order.advance) },
                  { label: 'Due', value: formatTaka(order.due), className: 'admin-totals__grand' },
                ]
              : [
                  { label: 'Subtotal', value: formatTaka(order.subtotal) },
                  { label: `Discount${order.discount ? ` (${order.discount}%)` : ''}`, value: `− ${formatTaka(order.discount_amount)}` },
                  { label: 'Delivery', value: formatTaka(order.devliery_charge) },
                  { label: 'Grand total', value: formatTaka(order.grand_total), className: 'admin-totals__grand' },
                ]
          }
        />
      </Card>
    </>
  );
}

function PhoneLink({ phone }: { phone: string | null }) {
  const tel = telLink(phone);
  return phone && tel ? <a href={tel}>{phone}</a> : <>—</>;
}
