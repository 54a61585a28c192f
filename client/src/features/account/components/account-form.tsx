import type { FormEvent, ReactNode } from 'react';
import { showAlert } from '../../../components/feedback/feedback-store';
import { ApiError } from '../../../lib/api-client';
import { getLocale, t } from '../../../lib/i18n/locale';
import type { MessageKey } from '../../../lib/i18n/keys';


/** The account screens' form: a card, the browser's own validation off (the fields say what is wrong), and the form's failure on top. */
export function AccountForm({ onSubmit, failure, children }: { onSubmit: (event: FormEvent) => Promise<void>; failure?: string; children: ReactNode }) {
  return (
    <form className="form card" onSubmit={(e) => void onSubmit(e)} noValidate>
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      {children}
    </form>
  );
}

/** A success text: the server's own words in English (the specification's wording), ours in Bengali. */
export function successText(message: string | undefined, key: MessageKey): string {
  return getLocale() === 'en' ? (message ?? t(key)) : t(key);
}

/** A failed profile or password change in a dialog: a 422's messages as "Validation Errors", anything else in words. */
export async function alertFailure(error: unknown): Promise<void> {
  if (error instanceof ApiError && error.status === 422) {
    await showAlert({ kind: 'error', title: t('me.validation'), items: Object.values(error.fieldErrors).flat() });
  } else {
    await showAlert({ kind: 'error', title: t('me.error'), text: error instanceof ApiError && error.serverMessage ? error.serverMessage : t('me.somethingWrong') });
  }
}
