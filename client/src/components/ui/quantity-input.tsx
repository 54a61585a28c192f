import { useId, useState } from 'react';
import { toQuantity } from '../../lib/digits';
import { localDigits, t } from '../../lib/i18n/locale';
import './quantity-input.css';

/**
 * Minus, number box, plus (spec §2): never below 1; a typed non-number or zero becomes 1 on leaving. A text
 * box with the spinbutton role rather than `type="number"`, which refuses Bengali digits (issue 18): ১২ is 12.
 */
export function QuantityInput({ value, onChange, label = t('qty.label'), id }: { value: number; onChange: (qty: number) => void; label?: string; id?: string }) {
  const generated = useId();
  const inputId = id ?? generated;
  // While typing, the box may be empty or 0; the value given to onChange is always a whole number >= 1.
  const [draft, setDraft] = useState<string | null>(null);
  const step = (next: number) => {
    setDraft(null);
    onChange(next);
  };
  return (
    <div className="qty">
      <label htmlFor={inputId} className="visually-hidden">
        {label}
      </label>
      <button type="button" className="qty__button" aria-label={t('qty.decrease', { label: label.toLowerCase() })} onClick={() => step(Math.max(1, toQuantity(value) - 1))}>
        −
      </button>
      <input
        id={inputId}
        className="qty__input"
        type="text"
        role="spinbutton"
        inputMode="numeric"
        autoComplete="off"
        aria-valuemin={1}
        aria-valuenow={toQuantity(value)}
        value={draft ?? localDigits(value)}
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          const n = toQuantity(text);
          if (/\d/.test(text.replace(/[\u09E6-\u09EF]/g, '0')) && n >= 1) onChange(n);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowUp') step(toQuantity(value) + 1);
          else if (event.key === 'ArrowDown') step(Math.max(1, toQuantity(value) - 1));
          else return;
          event.preventDefault();
        }}
        onBlur={() => {
          if (draft !== null) onChange(toQuantity(draft));
          setDraft(null);
        }}
      />
      <button type="button" className="qty__button" aria-label={t('qty.increase', { label: label.toLowerCase() })} onClick={() => step(toQuantity(value) + 1)}>
        +
      </button>
    </div>
  );
}
