import type { FormEvent, ReactNode } from 'react';
import { FormError } from './query-state';

/** A `datetime-local` value (the staff member's local time) as ISO 8601; an empty or bad one is sent as typed, for the server to name. */
export function isoOf(value: FormDataEntryValue | null): string {
  const text = String(value ?? '');
  const time = Date.parse(text);
  return Number.isNaN(time) ? text : new Date(time).toISOString();
}

/** One labelled input of a console form, with the server's message for that field under it. */
export function FormField({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  return (
    <>
      <label>
        {label}
        {children}
      </label>
      {error && <p className="field__error">{error}</p>}
    </>
  );
}

/**
 * A console "create" form: its heading, the fields, what went wrong (beside the fields or above the button),
 * the server's confirmation once it is created, and a button that waits for the answer.
 */
export function CreateForm({
  label,
  title,
  submitLabel,
  mutation,
  fields,
  onSubmit,
  done,
  className = 'form card admin-coupon-form',
  children,
}: {
  label: string;
  title: string;
  submitLabel: string;
  mutation: { error: unknown; isSuccess: boolean; isPending: boolean; data?: unknown };
  fields: Record<string, string>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** What to say once it is created; the server's message by default. */
  done?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form className={className} onSubmit={onSubmit} aria-label={label}>
      <h2 className="section-title">{title}</h2>
      {children}
      <FormError error={mutation.error} fields={fields} />
      {mutation.isSuccess && (
        <p className="notice" role="status">
          {done ?? (mutation.data as { message?: string } | undefined)?.message}
        </p>
      )}
      <button type="submit" className="button" disabled={mutation.isPending}>
        {submitLabel}
      </button>
    </form>
  );
}

/** The two `datetime-local` fields of a period (a coupon's validity, an offer's order window), sent with isoOf. */
export function PeriodFields({ from, until, errors }: { from: { name: string; label: string }; until: { name: string; label: string }; errors: Record<string, string> }) {
  return (
    <>
      {[from, until].map((end) => (
        <FormField key={end.name} label={end.label} error={errors[end.name]}>
          <input name={end.name} type="datetime-local" required className="field__input" />
        </FormField>
      ))}
    </>
  );
}
