import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { TextField } from '../../../components/ui/text-field';
import { formatTaka } from '../../console-kit/format';
import { FormError, fieldErrors } from '../../console-kit/query-state';
import { usePlaceInstantOrder } from '../api/place-instant-order';

const num = (value: string) => (Number.isFinite(Number(value)) ? Number(value) : 0);

/** A phone order (order type 2): the customer, how they pay and the agreed money; the due is worked out here. */
export function InstantOrderForm() {
  const place = usePlaceInstantOrder();
  const [money, setMoney] = useState({ amount: '', discount: '', advance: '' });
  const errors = fieldErrors(place.error);
  const due = num(money.amount) - num(money.discount) - num(money.advance);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    place.mutate(
      {
        name: text('name'),
        phone: text('phone'),
        address: text('address') || undefined,
        email: text('email') || undefined,
        payment_type: text('payment_type'),
        amount: money.amount,
        discount: money.discount,
        advance: money.advance,
      },
      {
        onSuccess: () => {
          form.reset();
          setMoney({ amount: '', discount: '', advance: '' });
        },
      },
    );
  };

  return (
    <>
      {place.isSuccess && (
        <p className="notice" role="status">
          {place.data.message}{' '}
          <Link to={`/admin/orders/${encodeURIComponent(place.data.order_id)}`}>Open order {place.data.order_id}</Link>
        </p>
      )}
      <form className="form card" onSubmit={submit} noValidate>
        <TextField label="Customer name" name="name" required autoComplete="off" error={errors.name} />
        <TextField label="Phone" name="phone" type="tel" inputMode="tel" required placeholder="01XXXXXXXXX" error={errors.phone} />
        <TextField label="Email (optional)" name="email" type="email" error={errors.email} />
        <div className="field">
          <label className="field__label" htmlFor="instant-address">
            Address (optional)
          </label>
          <textarea id="instant-address" name="address" rows={2} className="field__input" maxLength={500} />
          {errors.address && <p className="field__error">{errors.address}</p>}
        </div>
        <div className="field">
          <label className="field__label" htmlFor="instant-payment">
            Payment type
          </label>
          <select id="instant-payment" name="payment_type" className="field__input" defaultValue="cash" aria-invalid={errors.payment_type ? true : undefined}>
            <option value="cash">Cash on delivery</option>
            <option value="bkash">bKash</option>
            <option value="partial">Advance + cash on delivery</option>
          </select>
          {errors.payment_type && <p className="field__error">{errors.payment_type}</p>}
        </div>
        <div className="admin-actions__row">
          {(['amount', 'discount', 'advance'] as const).map((field) => (
            <TextField
              key={field}
              label={`${field.charAt(0).toUpperCase()}${field.slice(1)} (৳)`}
              name={field}
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              value={money[field]}
              onChange={(event) => setMoney((m) => ({ ...m, [field]: event.target.value }))}
              error={errors[field]}
            />
          ))}
        </div>
        <p className="admin-due" aria-live="polite">
          Due on delivery: <strong>{formatTaka(due)}</strong>
        </p>
        <FormError error={place.error} fields={errors} />
        <button type="submit" className="button" disabled={place.isPending}>
          {place.isPending ? 'Saving…' : 'Place phone order'}
        </button>
      </form>
    </>
  );
}
