import { useId, useState, type FormEvent } from 'react';
import { useAddOrderNote } from '../api/add-order-note';
import { useChangeOrderStatus, type StatusAction } from '../api/change-order-status';
import { allowedSteps, type StepInfo } from '../order-steps';
import { FormError } from '../../console-kit/query-state';
import { ApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/locale';
import { useShipment } from '../api/get-shipment';

/** The courier select's "Other courier…": its name is typed in the box it opens. */
const OTHER = '__other';

/** The server's words for a parcel without them (server/ordering/api/dto/admin-orders.requests.ts). */
const SHIP_REQUIRED = { courier: 'Courier Required', tracking_code: 'Tracking Code Required' } as const;

interface Props {
  orderId: string;
  statusName: string;
  bkashPending: boolean;
  /** Issue 30: the order waits for a bKash advance whose transaction id the customer has not given at checkout. */
  advanceWithoutTransaction?: boolean;
  /** Called after each recorded action, so the page can wait for the timeline to show it. */
  onChanged: () => void;
}

/**
 * The next steps the order may take, and nothing else. Forward steps take one click (with an optional note;
 * shipping needs the courier and tracking code); a bKash order is verified before it is confirmed, or
 * confirming asks first; cancel and return sit apart from the forward steps and first ask for a reason.
 */
export function OrderActions({ orderId, statusName, bkashPending, advanceWithoutTransaction = false, onChanged }: Props) {
  const change = useChangeOrderStatus();
  const steps = allowedSteps(statusName);
  const forward = steps.filter((step) => !step.needsReason);
  const withReason = steps.filter((step) => step.needsReason);
  const [asking, setAsking] = useState<StepInfo | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [shipErrors, setShipErrors] = useState<Partial<Record<keyof typeof SHIP_REQUIRED, string>>>({});
  const [confirmUnverified, setConfirmUnverified] = useState(false);
  const noteId = useId();
  const canShip = forward.some((step) => step.step === 'ship');
  const shipment = useShipment(orderId, { enabled: canShip });
  const bookedCourier = shipment.data?.shipment?.courier_name ?? null;
  const offered = shipment.data?.couriers ?? [];
  const courierNames = [...new Set([...(bookedCourier ? [bookedCourier] : []), ...offered.filter((option) => option.courier !== 'manual').map((option) => option.name)])];
  // A courier the shop hands a parcel to without a booking is named by care: "Other courier…" opens a box for its name.
  const [otherCourier, setOtherCourier] = useState(false);
  const serverShipErrors = Object.fromEntries(
    Object.entries(change.error instanceof ApiError ? change.error.firstFieldErrors : {}).filter(([field]) => field in SHIP_REQUIRED),
  ) as Partial<Record<keyof typeof SHIP_REQUIRED, string>>;
  const shipError = (field: keyof typeof SHIP_REQUIRED) => shipErrors[field] ?? serverShipErrors[field];

  const run = (action: StatusAction, form: HTMLFormElement | null, extra: Record<string, string> = {}) => {
    const data = form ? new FormData(form) : null;
    const typed = (name: string) => String(data?.get(name) ?? '').trim() || undefined;
    const field = (name: string) => (name === 'courier' && typed('courier') === OTHER ? typed('courier_other') : typed(name));
    setResult(null);
    if (action === 'ship') {
      const missing = {
        ...(field('courier') ? {} : { courier: SHIP_REQUIRED.courier }),
        ...(field('tracking_code') ? {} : { tracking_code: SHIP_REQUIRED.tracking_code }),
      };
      setShipErrors(missing);
      if (Object.keys(missing).length > 0) {
        form?.querySelector<HTMLElement>(`[name="${Object.keys(missing)[0]}"]`)?.focus();
        return;
      }
    }
    if (action === 'confirm' && bkashPending && !confirmUnverified) {
      setConfirmUnverified(true);
      return;
    }
    setConfirmUnverified(false);
    change.mutate(
      { orderId, action, note: field('note'), courier: field('courier'), tracking_code: field('tracking_code'), transaction_id: field('advance_transaction_id'), ...extra },
      {
        onSuccess: (answer) => {
          onChanged();
          setResult(answer.message);
          form?.reset();
          setAsking(null);
        },
      },
    );
  };

  const submitReason = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!asking) return;
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    run(asking.step, null, { reason });
  };

  return (
    <section className="card admin-actions" aria-labelledby="actions-title">
      <h2 id="actions-title" className="section-title">
        Actions
      </h2>
      <div aria-live="polite" role="status" className="admin-actions__result">
        {result && <p className="notice">{result}</p>}
      </div>
      <FormError error={change.error} fields={serverShipErrors} />
      {forward.length === 0 && withReason.length === 0 && !bkashPending && <p className="muted">This order is {statusName.toLowerCase()}: no further steps.</p>}

      {(forward.length > 0 || bkashPending || advanceWithoutTransaction) && (
        <form id={`${noteId}-form`} className="admin-actions__form" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={noteId}>Note for this step (optional)</label>
          <textarea id={noteId} name="note" rows={2} maxLength={1000} className="field__input" />
          {canShip && (
            <div className="admin-actions__row">
              <label>
                {t('care.ship.courier')}
                {/* Issue 31: picked from the couriers the shop has configured, not typed. */}
                <select
                  name="courier"
                  required
                  className="field__input"
                  defaultValue={bookedCourier ?? ''}
                  key={courierNames.join('|')}
                  aria-invalid={shipError('courier') ? true : undefined}
                  aria-describedby={shipError('courier') ? `${noteId}-courier-error` : undefined}
                  onChange={(event) => {
                    setOtherCourier(event.target.value === OTHER);
                    setShipErrors((e) => ({ ...e, courier: undefined }));
                  }}
                >
                  <option value="">{t('care.ship.pickCourier')}</option>
                  {courierNames.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                  <option value={OTHER}>{t('care.ship.other')}</option>
                </select>
                {shipError('courier') && (
                  <span id={`${noteId}-courier-error`} className="field__error">
                    {shipError('courier')}
                  </span>
                )}
              </label>
              {otherCourier && (
                <label>
                  {t('care.ship.otherName')}
                  <input name="courier_other" maxLength={100} required className="field__input" />
                </label>
              )}
              <label>
                Tracking code (required)
                <input name="tracking_code" maxLength={100} required defaultValue={shipment.data?.shipment?.tracking_code ?? ''} key={shipment.data?.shipment?.tracking_code ?? 'none'} className="field__input" aria-invalid={shipError('tracking_code') ? true : undefined} aria-describedby={shipError('tracking_code') ? `${noteId}-tracking-error` : undefined} onChange={() => setShipErrors((e) => ({ ...e, tracking_code: undefined }))} />
                {shipError('tracking_code') && (
                  <span id={`${noteId}-tracking-error`} className="field__error">
                    {shipError('tracking_code')}
                  </span>
                )}
              </label>
            </div>
          )}
          {advanceWithoutTransaction && (
            <label>
              Advance: bKash transaction ID the customer gave (the order cannot be confirmed before it is verified)
              <input name="advance_transaction_id" maxLength={20} className="field__input" />
            </label>
          )}
          <div className="admin-actions__buttons">
            {(bkashPending || advanceWithoutTransaction) && (
              // The transfer is checked against the statement before the order is confirmed.
              <button type="button" className="button" disabled={change.isPending} onClick={(event) => run('verify-bkash', event.currentTarget.form)}>
                Mark bKash payment verified
              </button>
            )}
            {forward.map((step) => (
              <button
                key={step.step}
                type="button"
                className={bkashPending && step.step === 'confirm' ? 'button button--secondary' : 'button'}
                disabled={change.isPending}
                onClick={(event) => run(step.step, event.currentTarget.form)}
              >
                {step.label}
              </button>
            ))}
          </div>
          {confirmUnverified && (
            <div className="notice admin-actions__ask" role="alert">
              <p>The bKash payment of this order is not verified yet. Check the transaction ID against the bKash statement first.</p>
              <div className="admin-actions__buttons">
                <button type="button" className="button" disabled={change.isPending} onClick={(event) => run('verify-bkash', event.currentTarget.form)}>
                  Mark bKash payment verified
                </button>
                <button type="button" className="button button--secondary" disabled={change.isPending} onClick={(event) => run('confirm', event.currentTarget.form)}>
                  Confirm without verifying
                </button>
              </div>
            </div>
          )}
        </form>
      )}

      {withReason.length > 0 && !asking && (
        // Apart from the forward steps, so a hurried click on "Mark shipped" never lands on "Cancel order".
        <div className="admin-actions__buttons admin-actions__danger-zone">
          {withReason.map((step) => (
            <button key={step.step} type="button" className="button admin-button--danger" onClick={() => setAsking(step)}>
              {step.label}…
            </button>
          ))}
        </div>
      )}
      {asking && (
        <form className="admin-actions__form admin-actions__reason" onSubmit={submitReason}>
          <label htmlFor={`${noteId}-reason`}>Reason ({asking.label.toLowerCase()}) — required</label>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- shown by a click on the step's button, which this form replaces: focus follows the click instead of falling to the page */}
          <textarea id={`${noteId}-reason`} name="reason" rows={2} required minLength={1} maxLength={500} className="field__input" autoFocus />
          <div className="admin-actions__buttons">
            <button type="submit" className="button admin-button--danger" disabled={change.isPending}>
              {asking.label}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setAsking(null)}>
              Keep the order
            </button>
          </div>
        </form>
      )}
      <NoteForm orderId={orderId} onChanged={onChanged} />
    </section>
  );
}

function NoteForm({ orderId, onChanged }: { orderId: string; onChanged: () => void }) {
  const addNote = useAddOrderNote();
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const note = String(new FormData(form).get('note') ?? '').trim();
    if (!note) return;
    addNote.mutate(
      { orderId, note },
      {
        onSuccess: () => {
          onChanged();
          form.reset();
        },
      },
    );
  };
  return (
    <form className="admin-actions__form admin-note" onSubmit={submit}>
      <label htmlFor={id}>Add a note to the timeline</label>
      <textarea id={id} name="note" rows={2} required maxLength={2000} className="field__input" />
      <FormError error={addNote.error} />
      <button type="submit" className="button button--secondary" disabled={addNote.isPending}>
        Add note
      </button>
    </form>
  );
}
