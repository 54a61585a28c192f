import type { OrderTimelineEntryResponse as TimelineEntry } from '../../../../../contracts/orders';
import { formatDateTime, formatTaka } from '../../console-kit/format';
import { eventLabel } from '../order-steps';

const DETAIL_LABELS: Record<string, string> = {
  courier: 'Courier',
  trackingCode: 'Tracking code',
  tracking_code: 'Tracking code',
  reason: 'Reason',
  transactionId: 'Transaction',
  // Issue 34: payment events.
  gateway: 'Gateway',
  trxId: 'bKash trx id',
  refundTrxId: 'Refund trx id',
  amountPaisa: 'Amount',
  payerMsisdn: 'Payer',
  // Issue 29: the parcel's courier steps.
  consignmentId: 'Consignment',
  step: 'Step',
};

/** A detail as care reads it: paisa in taka, the demo gateway named as such. */
function detailValue(key: string, value: unknown): string {
  if (key === 'amountPaisa' && typeof value === 'number') return formatTaka(value / 100);
  if (key === 'step' && typeof value === 'object' && value !== null) {
    const { stage, message } = value as { stage?: string; message?: string };
    const said = String(stage ?? '').replace(/-/g, ' ');
    return message ? `${said}: ${message}` : said;
  }
  if (key === 'gateway') return value === 'demo' ? 'Demo (no bKash credentials)' : value === 'bkash' ? 'bKash' : String(value);
  return String(value);
}

/** Every event of the order, oldest first: what happened, when, who did it and what they wrote. */
export function OrderTimeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0) return <p className="muted">No events yet.</p>;
  return (
    <ol className="admin-timeline" aria-label="Order timeline">
      {entries.map((entry) => {
        const details = Object.entries(entry.details ?? {}).filter(([key, value]) => key in DETAIL_LABELS && value !== null && value !== '' && value !== entry.note);
        return (
          <li key={entry.position} className="admin-timeline__item">
            <div className="admin-timeline__head">
              <strong>{eventLabel(entry.event)}</strong>
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </div>
            <div className="admin-timeline__actor">
              by {entry.actor.name ?? (entry.actor.role === 'customer' || entry.actor.role === 'guest' ? 'the customer' : entry.actor.id)}
              {entry.actor.role ? <span className="admin-badge">{entry.actor.role}</span> : null}
            </div>
            {entry.note && <p className="admin-timeline__note">“{entry.note}”</p>}
            {details.length > 0 && (
              <dl className="admin-timeline__details">
                {details.map(([key, value]) => (
                  <div key={key}>
                    <dt>{DETAIL_LABELS[key]}</dt>
                    <dd>{detailValue(key, value)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        );
      })}
    </ol>
  );
}
