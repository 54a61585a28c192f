import { useState, type FormEvent } from 'react';
import { normalizePhone } from '../../../../../contracts/phone';
import { PhoneInput } from '../../../components/ui/phone-input';

/** Order id and phone number, as the tracking screen asks for them; the phone in any form the shopper types. */
export function TrackingForm({ initialOrderId = '', initialPhone = '', onSubmit, busy }: { initialOrderId?: string; initialPhone?: string; onSubmit: (orderId: string, phone: string) => void; busy: boolean }) {
  const [orderId, setOrderId] = useState(initialOrderId);
  const [phone, setPhone] = useState(initialPhone);
  const [error, setError] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    const digits = normalizePhone(phone);
    if (!orderId.trim() || !digits) {
      setError('Please enter your order ID and phone number.');
      return;
    }
    setError('');
    onSubmit(orderId.trim(), digits);
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
        <PhoneInput id="tracking-phone" className="field__input" autoComplete="tel" value={phone} onValue={setPhone} />
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
