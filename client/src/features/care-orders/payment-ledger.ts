import type { OrderTimelineEntryResponse as TimelineEntry } from '../../../../contracts/orders';

/** What an order's gateway payment holds, read from care's timeline (issue 34): paisa paid, refunded and asked for. */
export interface PaymentLedger {
  trxId: string | null;
  paidPaisa: number;
  refundedPaisa: number;
  /** Refunds recorded as asked of the gateway that have no answer yet. */
  pendingPaisa: number;
  /** What may still be refunded. */
  leftPaisa: number;
}

const paisaOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * The payment's money from the payment events, in order: the completed payment, refunds made and those asked but
 * not answered (which the server counts against what is left, as its decider does). Null before a payment completed.
 */
export function paymentLedger(timeline: readonly TimelineEntry[]): PaymentLedger | null {
  let completed: TimelineEntry | null = null;
  let refunded = 0;
  const asked = new Map<string, number>();
  for (const entry of timeline) {
    const refundId = String(entry.details?.refundId ?? '');
    if (entry.event === 'PaymentCompleted') completed = entry;
    else if (entry.event === 'PaymentRefundRequested') asked.set(refundId, paisaOf(entry.details?.amountPaisa));
    else if (entry.event === 'PaymentRefunded') {
      refunded += paisaOf(entry.details?.amountPaisa);
      asked.delete(refundId);
    } else if (entry.event === 'PaymentRefundFailed') asked.delete(refundId);
  }
  if (!completed) return null;
  const paidPaisa = paisaOf(completed.details?.amountPaisa);
  const pendingPaisa = [...asked.values()].reduce((sum, paisa) => sum + paisa, 0);
  const trxId = typeof completed.details?.trxId === 'string' ? completed.details.trxId : null;
  return { trxId, paidPaisa, refundedPaisa: refunded, pendingPaisa, leftPaisa: Math.max(0, paidPaisa - refunded - pendingPaisa) };
}
