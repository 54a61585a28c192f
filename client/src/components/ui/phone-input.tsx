import type { InputHTMLAttributes } from 'react';
import { mobilePhoneOf } from '../../../../contracts/phone';
import { localDigits, t } from '../../lib/i18n/locale';

/**
 * A phone box that keeps what was typed, pasted or autofilled (`+880 1712-345678`, Bengali digits) instead
 * of cutting it to 11 characters, and shows the `01…` form once the shopper leaves it. Whoever reads the
 * value normalises it with contracts/phone.ts, as the server does.
 */
export function PhoneInput({ value, onValue, onBlur, ...input }: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & { value: string; onValue: (value: string) => void }) {
  return (
    <input
      type="tel"
      inputMode="tel"
      placeholder={t('phone.placeholder')}
      {...input}
      value={value}
      onChange={(e) => onValue(e.target.value)}
      onBlur={(e) => {
        const phone = mobilePhoneOf(e.target.value);
        // Shown in the shopper's digits (০১৭… in Bengali mode); every reader normalises it again.
        const shown = phone ? localDigits(phone) : '';
        if (shown && shown !== e.target.value) onValue(shown);
        onBlur?.(e);
      }}
    />
  );
}
