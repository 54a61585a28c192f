import { useState, type FormEvent } from 'react';
import { asciiDigits, normalizePhone } from '../../../../contracts/phone';
import { t } from '../../lib/i18n/locale';
import { PhoneInput } from './phone-input';

/**
 * An order id and the phone number it was placed with: how a shopper without an account finds their order
 * (tracking) or its lucky-draw tokens. The phone may be typed in any form; `onSubmit` gets it normalised.
 */
export function OrderLookupForm({
  idPrefix,
  submitLabel,
  busyLabel,
  busy,
  onSubmit,
  initialOrderId = '',
  initialPhone = '',
}: {
  idPrefix: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  onSubmit: (orderId: string, phone: string) => void;
  initialOrderId?: string;
  initialPhone?: string;
}) {
  const [orderId, setOrderId] = useState(initialOrderId);
  const [phone, setPhone] = useState(initialPhone);
  const [error, setError] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    const digits = normalizePhone(phone);
    if (!orderId.trim() || !digits) {
      setError(t('lookup.missing'));
      return;
    }
    setError('');
    // An id typed with Bengali digits or in small letters is the same id (ADR 016).
    onSubmit(asciiDigits(orderId).trim().toUpperCase(), digits);
  }
  return (
    <form className="form card" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={`${idPrefix}-order-id`}>
          {t('lookup.orderId')}
        </label>
        <input id={`${idPrefix}-order-id`} className="field__input" value={orderId} onChange={(e) => setOrderId(e.target.value)} autoCapitalize="characters" />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${idPrefix}-phone`}>
          {t('lookup.phone')}
        </label>
        <PhoneInput id={`${idPrefix}-phone`} className="field__input" autoComplete="tel" value={phone} onValue={setPhone} />
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
