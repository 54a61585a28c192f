import { useId, useState } from 'react';
import { toQuantity } from '../../lib/digits';
import './quantity-input.css';

/** Minus, number box, plus (spec §2): never below 1; a typed non-number or zero becomes 1 on leaving. */
export function QuantityInput({ value, onChange, label = 'Quantity', id }: { value: number; onChange: (qty: number) => void; label?: string; id?: string }) {
  const generated = useId();
  const inputId = id ?? generated;
  // While typing, the box may be empty or 0; the value given to onChange is always a whole number >= 1.
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div className="qty">
      <label htmlFor={inputId} className="visually-hidden">
        {label}
      </label>
      <button type="button" className="qty__button" aria-label={`Decrease ${label.toLowerCase()}`} onClick={() => {
          setDraft(null);
          onChange(Math.max(1, toQuantity(value) - 1));
        }}>
        −
      </button>
      <input
        id={inputId}
        className="qty__input"
        type="number"
        inputMode="numeric"
        min={1}
        value={draft ?? value}
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          const n = Number.parseInt(text, 10);
          if (Number.isFinite(n) && n >= 1) onChange(n);
        }}
        onBlur={() => {
          if (draft !== null) onChange(toQuantity(draft));
          setDraft(null);
        }}
      />
      <button type="button" className="qty__button" aria-label={`Increase ${label.toLowerCase()}`} onClick={() => {
          setDraft(null);
          onChange(toQuantity(value) + 1);
        }}>
        +
      </button>
    </div>
  );
}
