import { useState, type FormEvent, type ReactNode } from 'react';
import { mobilePhoneOf, normalizePhone } from '../../../../../contracts/phone';
import { showToast } from '../../../components/feedback/feedback-store';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useRequestPhoneCode, type PhoneCodeRequest } from '../api/request-phone-code';
import { t, useMessages } from '../../../lib/i18n/locale';
import { phoneMessages } from '../../../lib/i18n/messages/phone';

/**
 * The two steps every phone verification shares: the phone (typed as a person types it, read by
 * contracts/phone.ts like the server reads it) and "send code", then the 6-digit code plus whatever the
 * caller asks with it (a new password), submitted by `onSubmit`. Errors of the server show under their field.
 */
export function PhoneCodeForm({
  purpose,
  initialPhone = '',
  submitLabel,
  busyLabel,
  busy,
  onSubmit,
  extraFields,
  phoneLabel = t('phone.phoneLabel'),
}: {
  purpose: PhoneCodeRequest['purpose'];
  initialPhone?: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Throws an ApiError to show its field errors. */
  onSubmit: (phone: string, code: string) => Promise<void>;
  extraFields?: (errors: Record<string, string>) => ReactNode;
  phoneLabel?: string;
}) {
  useMessages(phoneMessages);
  const [phone, setPhone] = useState(initialPhone);
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const request = useRequestPhoneCode();

  function show(error: unknown) {
    if (error instanceof ApiError && error.status === 422) setErrors(error.firstFieldErrors);
    else setFailure(error instanceof ApiError && !error.isNetworkError ? (error.serverMessage ?? t('phone.networkError')) : t('phone.networkError'));
  }

  async function sendCode(event?: FormEvent) {
    event?.preventDefault();
    setErrors({});
    setFailure('');
    try {
      const answer = await request.mutateAsync({ phone: normalizePhone(phone), purpose });
      showToast({ kind: 'success', title: t('phone.codeSent'), text: answer.message });
      setSent(true);
    } catch (error) {
      show(error);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setFailure('');
    try {
      await onSubmit(normalizePhone(phone), code.trim());
    } catch (error) {
      show(error);
    }
  }

  return (
    <form className="form card" onSubmit={(e) => void (sent ? submit(e) : sendCode(e))} noValidate>
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      <TextField
        label={phoneLabel}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        name="phone"
        value={phone}
        readOnly={sent}
        onChange={(e) => setPhone(e.target.value)}
        onBlur={(e) => setPhone(mobilePhoneOf(e.target.value) ?? e.target.value)}
        error={errors.phone}
      />
      {sent ? (
        <>
          <TextField
            label={t('phone.codeLabel')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            hint={t('phone.codeHint')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={errors.code}
          />
          {extraFields?.(errors)}
          <button type="submit" className="button" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </button>
          <button type="button" className="button button--secondary" disabled={request.isPending} onClick={() => void sendCode()}>
            {t('phone.resend')}
          </button>
        </>
      ) : (
        <button type="submit" className="button" disabled={request.isPending}>
          {request.isPending ? t('phone.sending') : t('phone.sendCode')}
        </button>
      )}
    </form>
  );
}
