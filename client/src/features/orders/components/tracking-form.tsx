import { useState, type FormEvent } from 'react';
import { phoneDigits } from '../../../lib/digits';

/** Order id and phone number, as the tracking screen asks for them. */
export function TrackingForm({ initialOrderId = '', initialPhone = '', onSubmit, busy }: { initialOrderId?: string; initialPhone?: string; onSubmit: (orderId: string, phone: string) => void; busy: boolean }) {
  const [orderId, setOrderId] = useState(initialOrderId);
  const [phone, setPhone] = useState(initialPhone);
  const [error, setError] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!orderId.trim() || !phone) {
      setError('Please enter your order ID and phone number.');
      return;
    }
    setError('');
    onSubmit(orderId.trim(), phone);
  }
  return (
    <form className="form card" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor="tracking-order-id">
          Order ID
        </label>
        <input id="tracking-order-id" className="field__input" value={orderId} onChange={(e) => setOrderId(e.target.value)} autoCapitalize="characters" />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="tracking-phone">
          Phone number
        </label>
        <input id="tracking-phone" className="field__input" type="tel" inputMode="numeric" value={phone} onChange={(e) => setPhone(phoneDigits(e.target.value))} />
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Tracking…' : 'Track Order'}
      </button>
    </form>
  );
}
