import { useId, useState, type FormEvent } from 'react';
import { useAddOrderNote } from '../api/add-order-note';
import { useChangeOrderStatus, type StatusAction } from '../api/change-order-status';
import { allowedSteps, type StepInfo } from '../order-steps';
import { FormError } from '../../console-kit/query-state';

interface Props {
  orderId: string;
  statusName: string;
  bkashPending: boolean;
  /** Called after each recorded action, so the page can wait for the timeline to show it. */
  onChanged: () => void;
}

/**
 * The next steps the order may take, and nothing else. Forward steps take one click (with an optional note,
 * and courier details when shipping); cancel and return first ask for a reason.
 */
export function OrderActions({ orderId, statusName, bkashPending, onChanged }: Props) {
  const change = useChangeOrderStatus();
  const steps = allowedSteps(statusName);
  const forward = steps.filter((step) => !step.needsReason);
  const withReason = steps.filter((step) => step.needsReason);
  const [asking, setAsking] = useState<StepInfo | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const noteId = useId();
  const canShip = forward.some((step) => step.step === 'ship');

  const run = (action: StatusAction, form: HTMLFormElement | null, extra: Record<string, string> = {}) => {
    const data = form ? new FormData(form) : null;
    const field = (name: string) => String(data?.get(name) ?? '').trim() || undefined;
    setResult(null);
    change.mutate(
      { orderId, action, note: field('note'), courier: field('courier'), tracking_code: field('tracking_code'), ...extra },
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
      <FormError error={change.error} />
      {forward.length === 0 && withReason.length === 0 && !bkashPending && <p className="muted">This order is {statusName.toLowerCase()}: no further steps.</p>}

      {(forward.length > 0 || bkashPending) && (
        <form id={`${noteId}-form`} className="admin-actions__form" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={noteId}>Note for this step (optional)</label>
          <textarea id={noteId} name="note" rows={2} maxLength={1000} className="field__input" />
          {canShip && (
            <div className="admin-actions__row">
              <label>
                Courier
                <input name="courier" maxLength={100} className="field__input" />
              </label>
              <label>
                Tracking code
                <input name="tracking_code" maxLength={100} className="field__input" />
              </label>
            </div>
          )}
          <div className="admin-actions__buttons">
            {forward.map((step) => (
              <button
                key={step.step}
                type="button"
                className="button"
                disabled={change.isPending}
                onClick={(event) => run(step.step, event.currentTarget.form)}
              >
                {step.label}
              </button>
            ))}
            {bkashPending && (
              <button type="button" className="button button--secondary" disabled={change.isPending} onClick={(event) => run('verify-bkash', event.currentTarget.form)}>
                Mark bKash payment verified
              </button>
            )}
          </div>
        </form>
      )}

      {withReason.length > 0 && !asking && (
        <div className="admin-actions__buttons">
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
