import { useState, type FormEvent } from 'react';
import type { CareOrderResponse, PhoneRiskResponse } from '../../../../../contracts/orders';
import { Card } from '../../console-kit/card';
import { FormError } from '../../console-kit/query-state';
import { useChangeOrderLine } from '../api/amend-order';
import { useChangePhoneBlock } from '../api/block-phone';
import { getPhonePersonalData, useErasePhoneData } from '../api/phone-personal-data';
import { saveJson } from '../../../lib/save-json';
import { printPackingSlip } from '../api/get-packing-slip';
import { useRecordCall, type CallOutcome } from '../api/record-call';
import { useProductStock } from '../api/get-product-stock';
import { useStaffRole } from '../../console-kit/staff-session-context';
import { t } from '../../../lib/i18n/locale';

/** "expires in 47 h 12 min" for a pending order's deadline (issue 14). */
export function expiresIn(expiresAt: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((new Date(expiresAt).getTime() - now) / 60_000));
  if (minutes === 0) return 'expires any moment now';
  const hours = Math.floor(minutes / 60);
  return `expires in ${hours > 0 ? `${hours} h ` : ''}${minutes % 60} min`;
}

/** The phone's record as a badge: "2 of 5 returned", red when returns or a block say care should be careful. */
export function RiskBadge({ risk }: { risk: { badge: string; returned: number; blocked: boolean } }) {
  const warn = risk.blocked || risk.returned > 0;
  return <span className={`admin-badge ${warn ? 'admin-badge--warn' : 'admin-badge--ok'}`}>{risk.badge}</span>;
}

const OUTCOMES: Array<[CallOutcome, string]> = [
  ['reached', 'Reached'],
  ['not_reached', 'Not reached'],
  ['confirmed', 'Customer confirmed'],
  ['refused', 'Customer refused'],
];

/** Care's cash-on-delivery tools on one order: the phone's history, the call's outcome, changing a line, the slip. */
export function CodPanel({ view, onChanged }: { view: CareOrderResponse; onChanged: () => void }) {
  const order = view.orderrow;
  const changeable = ['Pending', 'Confirmed'].includes(order.order_status_name) && order.order_type === 1;
  return (
    <Card id="cash-on-delivery" title="Cash on delivery">
      {view.expires_at && <p className="admin-expiry">Pending: {expiresIn(view.expires_at)}</p>}
      <PhoneHistory orderId={order.orderId} records={view.phone_risk ?? []} />
      {['Pending', 'Confirmed'].includes(order.order_status_name) && <CallForm orderId={order.orderId} onChanged={onChanged} />}
      {changeable && view.history.length > 0 && <LineForm view={view} onChanged={onChanged} />}
      <button type="button" className="button button--secondary" onClick={() => void printPackingSlip(order.orderId)}>
        Print packing slip
      </button>
    </Card>
  );
}

function PhoneHistory({ orderId, records }: { orderId: string; records: PhoneRiskResponse[] }) {
  // Blocking and erasing are the admin's (issue 31): care does not see them at all, rather than greyed.
  const admin = useStaffRole() === 'admin';
  const block = useChangePhoneBlock();
  const erase = useErasePhoneData();
  const [reason, setReason] = useState('');
  return (
    <div className="admin-phone-history" aria-label="Phone history">
      {records.map((risk) => (
        <div key={risk.phone} className="admin-phone-history__row">
          <span>{risk.phone}</span> <RiskBadge risk={risk} />{' '}
          <span className="muted">
            {risk.placed} placed · {risk.delivered} delivered · {risk.cancelled} cancelled · {risk.expired} expired
            {risk.blocked && risk.block_reason ? ` · blocked: ${risk.block_reason}` : ''}
          </span>{' '}
          {admin && (
            <button
              type="button"
              className="button button--secondary"
              disabled={block.isPending || !reason.trim()}
              onClick={() => block.mutate({ orderId, phone: risk.phone, block: !risk.blocked, reason })}
            >
              {risk.blocked ? 'Unblock' : 'Block'}
            </button>
          )}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void getPhonePersonalData(risk.phone).then((data) => saveJson(`personal-data-${risk.phone}.json`, data))}
          >
            Export data
          </button>
          {admin && (
            <button
              type="button"
              className="button button--secondary"
              disabled={erase.isPending || !reason.trim()}
              onClick={() => {
                if (window.confirm(`Erase every name, phone, e-mail and address of ${risk.phone}? This cannot be undone.`)) erase.mutate({ orderId, phone: risk.phone, reason });
              }}
            >
              Erase personal data
            </button>
          )}
        </div>
      ))}
      {admin && (
        <label className="admin-field">
          Why block, unblock or erase the phone
          <input className="field__input" value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} />
        </label>
      )}
      <FormError error={block.error} />
      <FormError error={erase.error} />
      {erase.data && <p role="status">{erase.data.message}</p>}
    </div>
  );
}

function CallForm({ orderId, onChanged }: { orderId: string; onChanged: () => void }) {
  const call = useRecordCall();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    call.mutate({ orderId, outcome: String(data.get('outcome')) as CallOutcome, note: String(data.get('note') ?? '').trim() || undefined }, { onSuccess: onChanged });
  };
  return (
    <form className="admin-inline-form" onSubmit={submit} aria-label="Confirmation call">
      <label className="admin-field">
        Call outcome
        <select className="field__input" name="outcome" defaultValue="reached">
          {OUTCOMES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="admin-field">
        Call note
        <input className="field__input" name="note" maxLength={1000} />
      </label>
      <button type="submit" className="button button--secondary" disabled={call.isPending}>
        Record call
      </button>
      <FormError error={call.error} />
    </form>
  );
}

function LineForm({ view, onChanged }: { view: CareOrderResponse; onChanged: () => void }) {
  const change = useChangeOrderLine();
  const [done, setDone] = useState<string | null>(null);
  const [lineKey, setLineKey] = useState(() => `${view.history[0]?.id}|${view.history[0]?.size}`);
  const line = view.history.find((candidate) => `${candidate.id}|${candidate.size}` === lineKey) ?? view.history[0];
  // Issue 31: the new size is picked from the product's sizes with stock, not typed.
  const stock = useProductStock(line ? { id: line.id, name: line.productName } : null);
  const sizes = stock.sizes.filter((row) => row.size !== line?.size?.toUpperCase() && row.available > 0);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!line) return;
    const data = new FormData(event.currentTarget);
    const qty = Number(data.get('qty')) || undefined;
    setDone(null);
    change.mutate(
      {
        orderId: view.orderrow.orderId,
        productId: line.id,
        size: line.size,
        newSize: String(data.get('newSize') ?? '').trim() || undefined,
        qty,
        reason: String(data.get('reason') ?? ''),
      },
      {
        onSuccess: (answer) => {
          setDone(answer.message);
          onChanged();
        },
      },
    );
  };
  return (
    <form className="admin-inline-form" onSubmit={submit} aria-label="Change a line">
      <label className="admin-field">
        Line
        <select className="field__input" name="line" value={lineKey} onChange={(event) => setLineKey(event.target.value)}>
          {view.history.map((item) => (
            <option key={`${item.id}|${item.size}`} value={`${item.id}|${item.size}`}>
              {item.productName} — {item.size} × {item.qty}
            </option>
          ))}
        </select>
      </label>
      <label className="admin-field">
        {t('care.line.newSize')}
        <select className="field__input" name="newSize" key={lineKey} defaultValue="">
          <option value="">{t('care.line.keepSize')}</option>
          {sizes.map((row) => (
            <option key={row.size} value={row.size}>
              {t('care.line.inStock', { size: row.size, n: row.available })}
            </option>
          ))}
        </select>
      </label>
      <label className="admin-field">
        New quantity
        <input className="field__input" name="qty" type="number" min={1} max={100} inputMode="numeric" />
      </label>
      <label className="admin-field">
        Why the change (customer's words)
        <input className="field__input" name="reason" maxLength={500} required />
      </label>
      <button type="submit" className="button button--secondary" disabled={change.isPending}>
        Change line
      </button>
      {done && <p role="status">{done}</p>}
      <FormError error={change.error} />
    </form>
  );
}
