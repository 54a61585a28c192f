import { useState, type FormEvent } from 'react';
import { useCreateCoupon } from '../api/create-coupon';
import { useDisableCoupon } from '../api/disable-coupon';
import { useCouponRedemptions } from '../api/get-coupon-redemptions';
import { useCoupons, type CouponRow } from '../api/get-coupons';
import { ErrorNotice, errorMessage, fieldErrors, Loading } from '../components/query-state';
import { formatDateTime } from '../lib/format';

/** Coupons (admin only): every code with its rules and uses; create, disable with a reason, see redemptions. */
export function CouponsRoute() {
  const { data, isPending, isError, error } = useCoupons();
  const [selected, setSelected] = useState<CouponRow | null>(null);
  const current = selected && (data?.data.find((row) => row.code === selected.code) ?? selected);

  return (
    <section aria-labelledby="coupons-title">
      <title>Coupons · Operations</title>
      <h1 id="coupons-title" className="page__title">
        Coupons
      </h1>
      <CreateCouponForm />
      {current && <CouponPanel coupon={current} onClose={() => setSelected(null)} />}
      {isPending ? (
        <Loading label="Loading coupons…" />
      ) : isError ? (
        <ErrorNotice error={error} what="Coupons" />
      ) : data.data.length === 0 ? (
        <p className="notice">No coupons yet.</p>
      ) : (
        <table className="admin-table admin-table--cards">
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col" className="admin-num">
                Percent
              </th>
              <th scope="col">Valid</th>
              <th scope="col" className="admin-num">
                Uses
              </th>
              <th scope="col" className="admin-num">
                Per phone
              </th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.data.map((row) => (
              <tr key={row.code}>
                <td data-label="Code">{row.code}</td>
                <td data-label="Percent" className="admin-num">
                  {row.percent}%
                </td>
                <td data-label="Valid">
                  {formatDateTime(row.validFrom)} – {formatDateTime(row.validUntil)}
                </td>
                <td data-label="Uses" className="admin-num">
                  {row.uses} / {row.totalLimit}
                </td>
                <td data-label="Per phone" className="admin-num">
                  {row.perPhoneLimit}
                </td>
                <td data-label="Status">{row.disabled ? <span title={row.disabledReason ?? undefined}>Disabled</span> : 'Active'}</td>
                <td>
                  <button type="button" className="button button--secondary" onClick={() => setSelected(row)} aria-label={`Open coupon ${row.code}`}>
                    {row.disabled ? 'Redemptions' : 'Disable / redemptions'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** A `datetime-local` value (the admin's local time) as ISO 8601; an empty or bad one is sent as typed, for the server to name. */
function isoOf(value: FormDataEntryValue | null): string {
  const text = String(value ?? '');
  const time = Date.parse(text);
  return Number.isNaN(time) ? text : new Date(time).toISOString();
}

function CreateCouponForm() {
  const create = useCreateCoupon();
  const errors = fieldErrors(create.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    create.mutate(
      {
        code: String(data.get('code') ?? '').trim().toUpperCase(),
        percent: Number(data.get('percent')),
        validFrom: isoOf(data.get('validFrom')),
        validUntil: isoOf(data.get('validUntil')),
        totalLimit: Number(data.get('totalLimit')),
        perPhoneLimit: Number(data.get('perPhoneLimit')),
      },
      { onSuccess: () => form.reset() },
    );
  };
  const error = (field: string) => errors[field] && <p className="field__error">{errors[field]}</p>;
  return (
    <form className="form card admin-coupon-form" onSubmit={submit} aria-label="Create coupon">
      <h2 className="section-title">Create a coupon</h2>
      <label>
        Code
        <input name="code" required minLength={3} maxLength={30} pattern="[A-Za-z0-9]{3,30}" className="field__input" />
      </label>
      {error('code')}
      <label>
        Percent off
        <input name="percent" type="number" step={1} min={1} max={90} required className="field__input" />
      </label>
      {error('percent')}
      <label>
        Valid from
        <input name="validFrom" type="datetime-local" required className="field__input" />
      </label>
      {error('validFrom')}
      <label>
        Valid until
        <input name="validUntil" type="datetime-local" required className="field__input" />
      </label>
      {error('validUntil')}
      <label>
        Total uses
        <input name="totalLimit" type="number" step={1} min={1} required className="field__input" />
      </label>
      {error('totalLimit')}
      <label>
        Uses per phone
        <input name="perPhoneLimit" type="number" step={1} min={1} defaultValue={1} required className="field__input" />
      </label>
      {error('perPhoneLimit')}
      {create.isError && !Object.keys(errors).length && (
        <p className="notice notice--error" role="alert">
          {errorMessage(create.error)}
        </p>
      )}
      {create.isSuccess && (
        <p className="notice" role="status">
          {create.data.message}
        </p>
      )}
      <button type="submit" className="button" disabled={create.isPending}>
        Create coupon
      </button>
    </form>
  );
}

function CouponPanel({ coupon, onClose }: { coupon: CouponRow; onClose: () => void }) {
  const redemptions = useCouponRedemptions(coupon.code);
  return (
    <section className="card admin-coupon" aria-labelledby="coupon-title">
      <div className="admin-order-head">
        <h2 id="coupon-title" className="section-title" tabIndex={-1} ref={(el) => el?.focus()}>
          {coupon.code} · {coupon.percent}% {coupon.disabled && <span className="muted">(disabled: {coupon.disabledReason})</span>}
        </h2>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
      </div>
      {!coupon.disabled && <DisableCouponForm code={coupon.code} />}
      <h3>Redemptions</h3>
      {redemptions.isPending ? (
        <Loading />
      ) : redemptions.isError ? (
        <ErrorNotice error={redemptions.error} what="Redemptions" />
      ) : redemptions.data.data.length === 0 ? (
        <p className="notice">No order has used this coupon yet.</p>
      ) : (
        <table className="admin-table admin-table--cards">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Phone</th>
              <th scope="col">Redeemed</th>
              <th scope="col">Given back</th>
            </tr>
          </thead>
          <tbody>
            {redemptions.data.data.map((row) => (
              <tr key={`${row.orderId}-${row.redeemedAt}`}>
                <td data-label="Order">{row.orderId}</td>
                <td data-label="Phone">{row.phone}</td>
                <td data-label="Redeemed">{formatDateTime(row.redeemedAt)}</td>
                <td data-label="Given back">{row.released ? `Yes, ${formatDateTime(row.releasedAt)}` : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function DisableCouponForm({ code }: { code: string }) {
  const disable = useDisableCoupon();
  const errors = fieldErrors(disable.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    disable.mutate({ code, reason: String(new FormData(form).get('reason') ?? '').trim() }, { onSuccess: () => form.reset() });
  };
  return (
    <form className="form admin-stock-form" onSubmit={submit} aria-label="Disable coupon">
      <h3>Disable</h3>
      <label>
        Reason
        <input name="reason" required minLength={3} maxLength={500} className="field__input" />
      </label>
      {errors.reason && <p className="field__error">{errors.reason}</p>}
      {disable.isError && !Object.keys(errors).length && (
        <p className="notice notice--error" role="alert">
          {errorMessage(disable.error)}
        </p>
      )}
      <button type="submit" className="button" disabled={disable.isPending}>
        Disable coupon
      </button>
    </form>
  );
}
