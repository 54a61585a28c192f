import { useRef, useState, type FormEvent } from 'react';
import type { CareOrderResponse } from '../../../../../contracts/orders';
import { randomKey } from '../../../lib/random-key';
import { Card, Facts } from '../../console-kit/card';
import { formatTaka } from '../../console-kit/format';
import { FormError } from '../../console-kit/query-state';
import { useRefundPayment } from '../api/refund-payment';
import { paymentLedger } from '../payment-ledger';

/**
 * Care refunds part or all of an order's bKash payment (issue 34): what was paid, refunded and is left, then
 * amount and reason. One Idempotency-Key per refund asked: a double click or a retry after a lost answer sends
 * the same key (bKash is asked once); a new key only once the refund is made or the figures change.
 */
export function RefundPanel({ view, onChanged }: { view: CareOrderResponse; onChanged: () => void }) {
  const ledger = paymentLedger(view.timeline);
  const refund = useRefundPayment();
  const sending = useRef(false);
  const attempt = useRef<{ key: string; values: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (!ledger) return null;
  const left = ledger.leftPaisa / 100;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A second click before the first answer is ignored (the button is disabled only after the next render).
    if (sending.current) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const amount = String(data.get('amount') ?? '').trim();
    const reason = String(data.get('reason') ?? '').trim();
    const values = JSON.stringify([amount, reason]);
    if (attempt.current?.values !== values) attempt.current = { key: randomKey('refund'), values };
    sending.current = true;
    setDone(null);
    try {
      const answer = await refund.mutateAsync({ orderId: view.orderrow.orderId, amount, reason, idempotencyKey: attempt.current.key });
      attempt.current = null;
      form.reset();
      setDone(`Refunded ${formatTaka(amount)} (refund ${answer.refund_id}).`);
      onChanged();
    } catch {
      // Shown by FormError; the same key is sent again if the same refund is asked again.
    } finally {
      sending.current = false;
    }
  };

  return (
    <Card id="refund" title="bKash refund">
      <Facts
        facts={[
          ledger.trxId !== null && { label: 'bKash trx id', value: ledger.trxId },
          { label: 'Paid', value: formatTaka(ledger.paidPaisa / 100) },
          { label: 'Refunded', value: formatTaka(ledger.refundedPaisa / 100) },
          ledger.pendingPaisa > 0 && { label: 'Refund asked, no answer yet', value: formatTaka(ledger.pendingPaisa / 100) },
          { label: 'Left to refund', value: formatTaka(left) },
        ]}
      />
      {left > 0 ? (
        <form className="admin-inline-form" onSubmit={(e) => void submit(e)} aria-label="Refund">
          <label className="admin-field">
            Amount (৳)
            <input className="field__input" name="amount" inputMode="decimal" required pattern="\d+(\.\d{1,2})?" defaultValue={String(left)} />
          </label>
          <label className="admin-field">
            Reason
            <input className="field__input" name="reason" required maxLength={500} />
          </label>
          <button type="submit" className="button button--secondary" disabled={refund.isPending}>
            {refund.isPending ? 'Refunding…' : 'Refund'}
          </button>
          <FormError error={refund.error} />
        </form>
      ) : (
        <p className="muted">Nothing is left to refund.</p>
      )}
      {done && <p role="status">{done}</p>}
    </Card>
  );
}
