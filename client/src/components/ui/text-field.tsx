import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** A labelled input with its error under it, tied together for screen readers. */
export function TextField({ label, error, hint, after, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string; after?: ReactNode }) {
  const generated = useId();
  const id = input.id ?? generated;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className={after ? 'field__with-after' : undefined}>
        <input {...input} id={id} className="field__input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
        {after}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
