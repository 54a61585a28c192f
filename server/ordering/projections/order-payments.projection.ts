import type { RecordedEvent } from '../../event-store/event-store.types';
import type { Projection, ProjectionContext } from '../../event-store/projection';
import { evolvePayment, refundedPaisa, type OrderPaymentState } from '../domain/order-payment';
import { ORDER_PAYMENT_EVENT_TYPES, type OrderPaymentEvent } from '../domain/order-payment.events';
import { inStreamOrder } from './order-tracking.fold';

/** A row of `order_payments`: an order's payment through a gateway (or a typed trx found by search), issue 34. */
export interface OrderPaymentRow {
  order_id: string;
  gateway: string | null;
  payment_id: string | null;
  /** started, executing, completed, failed, or cash (the shopper switched to cash on delivery). */
  state: string;
  trx_id: string | null;
  requested_paisa: number;
  paid_paisa: number;
  refunded_paisa: number;
  payment: OrderPaymentState | null;
  updated_at: string;
  version: number;
}

/**
 * `order_payments`: each order's payment as its payment events leave it, for the expiry sweep (unpaid gateway
 * orders), the daily reconciliation and the check that a typed trx id is not another order's. Keyed by order;
 * a batch reads the rows it touches, folds, and writes them in one statement; version guards make a replay a no-op.
 */
export class OrderPaymentsProjection implements Projection {
  readonly name = 'order-payments';
  readonly tables = ['order_payments'];
  readonly eventTypes = [...ORDER_PAYMENT_EVENT_TYPES];

  async apply(events: RecordedEvent[], { manager, table }: ProjectionContext): Promise<void> {
    const mine = inStreamOrder(events.filter((event) => ORDER_PAYMENT_EVENT_TYPES.includes(event.type as OrderPaymentEvent['type']) && event.streamId.startsWith('order-')));
    if (mine.length === 0) return;
    const target = table('order_payments');
    const orderIds = [...new Set(mine.map((event) => (event.data as { orderId: string }).orderId))];
    const stored: OrderPaymentRow[] = await manager.query(`SELECT * FROM ${target} WHERE order_id = ANY($1::text[])`, [orderIds]);
    const rows = new Map(stored.map((row) => [row.order_id, row]));
    for (const recorded of mine) {
      const event = { type: recorded.type, data: recorded.data } as OrderPaymentEvent;
      const row = rows.get(event.data.orderId);
      if (row && row.version >= recorded.streamPosition) continue;
      const at = new Date(recorded.recordedAt).toISOString();
      if (event.type === 'PaymentSwitchedToCash') {
        rows.set(event.data.orderId, { ...(row ?? emptyRow(event.data.orderId)), state: 'cash', updated_at: at, version: recorded.streamPosition });
        continue;
      }
      const payment = evolvePayment(row?.payment ?? null, event);
      rows.set(event.data.orderId, {
        order_id: event.data.orderId,
        gateway: payment?.gateway ?? null,
        payment_id: payment?.paymentId ?? null,
        state: payment?.state ?? 'started',
        trx_id: payment?.trxId ?? null,
        requested_paisa: payment?.requestedPaisa ?? 0,
        paid_paisa: payment?.paidPaisa ?? 0,
        refunded_paisa: refundedPaisa(payment),
        payment,
        updated_at: at,
        version: recorded.streamPosition,
      });
    }
    await manager.query(
      `INSERT INTO ${target} AS t SELECT * FROM jsonb_populate_recordset(NULL::${target}, $1::jsonb)
       ON CONFLICT (order_id) DO UPDATE SET gateway = EXCLUDED.gateway, payment_id = EXCLUDED.payment_id, state = EXCLUDED.state,
         trx_id = EXCLUDED.trx_id, requested_paisa = EXCLUDED.requested_paisa, paid_paisa = EXCLUDED.paid_paisa,
         refunded_paisa = EXCLUDED.refunded_paisa, payment = EXCLUDED.payment, updated_at = EXCLUDED.updated_at, version = EXCLUDED.version
       WHERE t.version < EXCLUDED.version`,
      [JSON.stringify([...rows.values()].filter((row) => orderIds.includes(row.order_id)))],
    );
  }
}

function emptyRow(orderId: string): OrderPaymentRow {
  return { order_id: orderId, gateway: null, payment_id: null, state: 'cash', trx_id: null, requested_paisa: 0, paid_paisa: 0, refunded_paisa: 0, payment: null, updated_at: new Date(0).toISOString(), version: 0 };
}
