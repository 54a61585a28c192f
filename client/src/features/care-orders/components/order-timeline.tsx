import type { OrderTimelineEntryResponse as TimelineEntry } from '../../../../../contracts/orders';
import { formatDateTime, formatTaka } from '../../console-kit/format';
import { eventLabel } from '../order-steps';
import { t } from '../../../lib/i18n/locale';

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
  // Issue 35: the steps of the order's returns and exchanges.
  returnId: 'Request',
  item: 'Item',
  kind: 'Asked for',
  returnReason: 'Why',
  newSize: 'New size',
  photo: 'Photo',
  condition: 'Checked',
  method: 'Refunded as',
  exchangeOrderId: 'Exchange order',
  collectPaisa: 'To collect',
};

const RETURN_WORDS: Record<string, Record<string, string>> = {
  kind: { exchange: 'Another size', return: 'A refund' },
  returnReason: { size_too_small: 'Size too small', size_too_big: 'Size too big', damaged: 'Damaged', not_as_pictured: 'Not as pictured', other: 'Other' },
  condition: { stock: 'Back to stock', damaged: 'Damaged, written off' },
  method: { bkash: 'bKash', cash: 'Cash', store_credit: 'Store credit' },
};

/** A detail as care reads it: paisa in taka, the demo gateway named as such. */
export function detailValue(key: string, value: unknown): string {
  if ((key === 'amountPaisa' || key === 'collectPaisa') && typeof value === 'number') return formatTaka(value / 100);
  if (key === 'photo') return value ? 'Attached (on the returns below)' : 'None';
  const words = RETURN_WORDS[key]?.[String(value)];
  if (words) return words;
  if (key === 'step' && typeof value === 'object' && value !== null) {
    const { stage, message } = value as { stage?: string; message?: string };
    const said = String(stage ?? '').replace(/-/g, ' ');
    return message ? `${said}: ${message}` : said;
  }
  if (key === 'gateway') return value === 'demo' ? 'Demo (no bKash credentials)' : value === 'bkash' ? 'bKash' : String(value);
  return String(value);
}

type LineKey = { productId: number; size: string; quantity: number };
type Change = { label: string; from: string | null; to: string };

const lineKeyOf = (value: unknown): LineKey | null => {
  const line = value as Partial<LineKey> | null;
  return line && typeof line.size === 'string' && typeof line.quantity === 'number' ? (line as LineKey) : null;
};
const paisa = (value: unknown): string | null => (typeof value === 'number' ? formatTaka(value / 100) : null);
const areaText = (value: unknown): string | null => {
  const area = value as { district?: string | null; thana?: string | null; landmark?: string | null } | null;
  return area ? [area.thana, area.district, area.landmark].filter(Boolean).join(', ') || null : null;
};

/**
 * What an amendment changed, from what to what (issue 31): "Size M → L", "Quantity 1 → 2", "Total ৳1,200 → ৳1,380",
 * "Address … → …". Amendments recorded before issue 31 carry no earlier total or address: only the new one shows.
 */
export function changesOf(entry: TimelineEntry, names: ReadonlyMap<number, string> = new Map()): Change[] {
  const details = entry.details ?? {};
  const changes: Change[] = [];
  const product = (line: LineKey) => names.get(line.productId) ?? t('care.change.product', { id: String(line.productId) });
  const total = () => {
    const to = paisa((details.totals as { grandTotalPaisa?: unknown } | undefined)?.grandTotalPaisa);
    if (to) changes.push({ label: t('care.change.total'), from: paisa(details.previousGrandTotalPaisa), to });
  };
  switch (entry.event) {
    case 'OrderLineChanged': {
      const from = lineKeyOf(details.from);
      const to = lineKeyOf(details.to);
      if (from && to) {
        if (from.size !== to.size) changes.push({ label: `${t('care.change.size')} · ${product(to)}`, from: from.size, to: to.size });
        if (from.quantity !== to.quantity) changes.push({ label: `${t('care.change.quantity')} · ${product(to)}`, from: String(from.quantity), to: String(to.quantity) });
      }
      total();
      break;
    }
    case 'OrderLineAdded':
    case 'OrderLineRemoved': {
      const line = lineKeyOf(details.line);
      if (line) changes.push({ label: entry.event === 'OrderLineAdded' ? t('care.change.added') : t('care.change.removed'), from: null, to: `${product(line)} — ${line.size} × ${line.quantity}` });
      total();
      break;
    }
    case 'ShippingDetailsChanged': {
      const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);
      if (text(details.previousAddress)) changes.push({ label: t('care.change.address'), from: text(details.previousAddress), to: text(details.address) ?? '—' });
      if (text(details.previousShippingPhone)) changes.push({ label: t('care.change.shippingPhone'), from: text(details.previousShippingPhone), to: text(details.shippingPhone) ?? '—' });
      if (details.deliveryArea) changes.push({ label: t('care.change.area'), from: areaText(details.previousArea), to: areaText(details.deliveryArea) ?? '—' });
      // Before issue 31 the change did not say what it replaced: the address it set.
      if (changes.length === 0 && text(details.address)) changes.push({ label: t('care.change.address'), from: null, to: text(details.address) ?? '—' });
      break;
    }
  }
  return changes;
}

/** Who acted, in words: the staff member's name and role, the customer, a guest, or the store itself. */
export function actorOf(actor: TimelineEntry['actor']): { name: string; role: string | null } {
  const role = actor.role === 'care' ? t('care.role.care') : actor.role === 'admin' ? t('care.role.admin') : null;
  if (actor.role === 'customer') return { name: t('care.timeline.customer'), role: null };
  if (actor.role === 'guest') return { name: t('care.timeline.guest'), role: null };
  if (actor.role === 'system') return { name: t('care.timeline.system'), role: null };
  return { name: actor.name?.trim() || role || actor.id, role };
}

/**
 * The order's own events and the steps of its returns (issue 35), oldest first. Both carry when they happened;
 * on the same instant the order's own event comes first. Each keeps its own position: keys name their source.
 */
export function mergedTimeline(entries: readonly TimelineEntry[], more: readonly TimelineEntry[] = []): Array<TimelineEntry & { key: string }> {
  const own = entries.map((entry, index) => ({ ...entry, key: `order-${entry.position}`, source: 0, index }));
  const added = more.map((entry, index) => ({ ...entry, key: `returns-${entry.position}`, source: 1, index }));
  return [...own, ...added]
    .sort((a, b) => a.at.localeCompare(b.at) || a.source - b.source || a.index - b.index)
    .map(({ source: _source, index: _index, ...entry }) => entry);
}

/** Every event of the order, oldest first: what happened, when, who did it and what they wrote; `more` adds its returns' steps. */
export function OrderTimeline({ entries, more, names }: { entries: TimelineEntry[]; more?: TimelineEntry[]; names?: ReadonlyMap<number, string> }) {
  if (entries.length === 0 && !more?.length) return <p className="muted">No events yet.</p>;
  return (
    <ol className="admin-timeline" aria-label="Order timeline">
      {mergedTimeline(entries, more).map((entry) => {
        const details = Object.entries(entry.details ?? {}).filter(([key, value]) => key in DETAIL_LABELS && value !== null && value !== '' && value !== entry.note);
        const changes = changesOf(entry, names);
        const actor = actorOf(entry.actor);
        return (
          <li key={entry.key} className="admin-timeline__item">
            <div className="admin-timeline__head">
              <strong>{eventLabel(entry.event)}</strong>
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </div>
            {/* Issue 31: "by Customer Care (care)", never the name and the role run together ("by Customer Carecare"). */}
            <div className="admin-timeline__actor">
              {t('care.timeline.by', { name: actor.name })}
              {actor.role && actor.role !== actor.name ? (
                <>
                  {' '}
                  <span className="admin-badge">{actor.role}</span>
                </>
              ) : null}
            </div>
            {changes.length > 0 && (
              <ul className="care-changes">
                {changes.map((change) => (
                  <li key={change.label}>
                    <span className="care-changes__label">{change.label}</span>{' '}
                    {change.from !== null && (
                      <>
                        <del>{change.from}</del> →{' '}
                      </>
                    )}
                    <ins>{change.to}</ins>
                  </li>
                ))}
              </ul>
            )}
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
