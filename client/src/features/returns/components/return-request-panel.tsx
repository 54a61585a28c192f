import { useId, useState } from 'react';
import type { ReturnableLine, ReturnKind, ReturnReason, ReturnRequestedResponse } from '../../../../../contracts/returns';
import { RETURN_REASONS } from '../../../../../contracts/returns';
import { ApiError } from '../../../lib/api-client';
import { formatDate, localDigits, t } from '../../../lib/i18n/locale';
import { formatMoney } from '../../../lib/money';
import { RETURN_PHOTO_MAX_BYTES, RETURN_PHOTO_TYPES, useAskReturn } from '../api/ask-return';
import { useReturnOptions } from '../api/get-return-options';
import './returns.css';

/**
 * The shopper's "Return or exchange" (issue 35), on the tracking page and the account's order page: each
 * delivered line unit by unit, another size (only the sizes in stock) or a return, a reason from the short
 * list, and what it costs; the answer says what happens next. The page loads the returns messages.
 */
export function ReturnRequestPanel({ orderId, phone }: { orderId: string; phone?: string }) {
  const [opened, setOpened] = useState(false);
  const options = useReturnOptions(orderId, phone, opened);
  if (!opened) {
    return (
      <button type="button" className="button button--secondary return-open" onClick={() => setOpened(true)}>
        {t('ret.open')}
      </button>
    );
  }
  const data = options.data;
  return (
    <section className="card return-panel" aria-labelledby={`return-title-${orderId}`}>
      <h2 id={`return-title-${orderId}`} className="section-title">
        {t('ret.title')}
      </h2>
      {options.isPending && <p role="status">{t('ret.loading')}</p>}
      {options.isError && <p className="notice notice--error">{options.error instanceof ApiError ? options.error.serverMessage : t('ui.somethingWrong')}</p>}
      {data && !data.open && <p className="notice">{data.reason === 'window-over' ? t('ret.windowOver', { days: localDigits(data.settings.window_days) }) : t('ret.notDelivered')}</p>}
      {data && data.open && (
        <>
            <p>{t('ret.intro', { days: localDigits(data.settings.window_days), until: data.until ? formatDate(new Date(data.until), { day: 'numeric', month: 'long' }) : '' })}</p>
            {data.lines.map((line) =>
              line.units.map((unit) => (
                <ReturnUnit key={`${line.product_id}-${line.size}-${unit.unit}`} orderId={orderId} phone={phone} line={line} unit={unit.unit} request={unit.request} settings={data.settings} />
              )),
            )}
        </>
      )}
    </section>
  );
}

type Settings = NonNullable<ReturnType<typeof useReturnOptions>['data']>['settings'];

function ReturnUnit({ orderId, phone, line, unit, request, settings }: { orderId: string; phone?: string; line: ReturnableLine; unit: number; request: ReturnableLine['units'][number]['request']; settings: Settings }) {
  const id = useId();
  const ask = useAskReturn();
  const [kind, setKind] = useState<ReturnKind>(line.exchange_sizes.length > 0 ? 'exchange' : 'return');
  const [newSize, setNewSize] = useState(line.exchange_sizes[0]?.size ?? '');
  const [reason, setReason] = useState<ReturnReason>('size_too_small');
  const [answer, setAnswer] = useState<ReturnRequestedResponse | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const open = request && request.stage !== 'refused';
  const label = `${line.name} (${line.size}) · ${t('ret.unit', { unit: localDigits(unit), count: localDigits(line.units.length) })}`;
  const charge = settings.delivery_payer[reason] === 'shop' ? t('ret.cost.shop') : t('ret.cost.shopper', { charge: formatMoney(settings.pickup_charge) });
  return (
    <article className="return-unit">
      <h3 className="return-unit__title">{label}</h3>
      {answer ? (
        <p className="notice notice--success" role="status">
          {answer.kind === 'exchange'
            ? t('ret.done.exchange', { size: newSize, amount: formatMoney(answer.price_difference + answer.pickup_charge) })
            : t('ret.done.return', { amount: formatMoney(answer.refund_amount) })}
        </p>
      ) : open ? (
        <p className="return-unit__state">
          {t('ret.requestOf', { kind: t(request.kind === 'exchange' ? 'ret.kind.exchange' : 'ret.kind.return'), stage: t(`ret.stage.${request.stage}`) })}
          {request.new_size ? ` · ${t('ret.into', { size: request.new_size })}` : ''}
        </p>
      ) : (
        <>
          {request?.stage === 'refused' && request.refusal && (
            <p className="notice" role="status">
              {t('ret.refused', { reason: request.refusal })}
            </p>
          )}
          <form
            className="return-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (fileProblem) return;
              ask.mutate(
                { orderId, phone, product_id: line.product_id, size: line.size, unit, kind, reason, file, ...(kind === 'exchange' ? { new_size: newSize } : {}) },
                { onSuccess: setAnswer },
              );
            }}
          >
            <fieldset className="return-form__kinds">
              <legend>{t('ret.kind')}</legend>
              {(['exchange', 'return'] as const).map((option) => (
                <label key={option} className="return-form__choice">
                  <input type="radio" name={`${id}-kind`} value={option} checked={kind === option} disabled={option === 'exchange' && line.exchange_sizes.length === 0} onChange={() => setKind(option)} />
                  {t(`ret.kind.${option}`)}
                </label>
              ))}
            </fieldset>
            {line.exchange_sizes.length === 0 && <p className="return-form__hint">{t('ret.noSizes')}</p>}
            {kind === 'exchange' && line.exchange_sizes.length > 0 && (
              <label className="field">
                <span className="field__label">{t('ret.newSize')}</span>
                <select className="field__input" value={newSize} onChange={(event) => setNewSize(event.target.value)}>
                  {line.exchange_sizes.map((entry) => (
                    <option key={entry.size} value={entry.size}>
                      {entry.size}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <label className="field">
              <span className="field__label">{t('ret.reason')}</span>
              <select className="field__input" value={reason} onChange={(event) => setReason(event.target.value as ReturnReason)}>
                {RETURN_REASONS.map((option) => (
                  <option key={option} value={option}>
                    {t(`ret.reason.${option}`)}
                  </option>
                ))}
              </select>
            </label>
            {/* The browser's own file button speaks the phone's language, not the page's: ours says it in the shopper's. */}
            <label className="field">
              <span className="field__label">{t('ret.photo')}</span>
              <input
                className="visually-hidden return-form__file"
                type="file"
                accept={RETURN_PHOTO_TYPES.join(',')}
                aria-describedby={`${id}-photo-hint`}
                onChange={(event) => {
                  const chosen = event.target.files?.[0] ?? null;
                  setFile(chosen);
                  setFileProblem(
                    !chosen ? null : !RETURN_PHOTO_TYPES.includes(chosen.type) ? t('ret.photoType') : chosen.size > RETURN_PHOTO_MAX_BYTES ? t('ret.photoTooLarge') : null,
                  );
                }}
              />
              <span className="return-form__picker" aria-hidden="true">
                <span className="button button--secondary">{file ? t('ret.photoChange') : t('ret.photoChoose')}</span>
                <span className="return-form__file-name">{file ? file.name : t('ret.photoNone')}</span>
              </span>
              <span id={`${id}-photo-hint`} className="return-form__hint">
                {t('ret.photoHint')}
              </span>
            </label>
            {fileProblem && (
              <p className="notice notice--error" role="alert">
                {fileProblem}
              </p>
            )}
            <p className="return-form__cost">{charge}</p>
            {ask.isError && (
              <p className="notice notice--error" role="alert">
                {ask.error instanceof ApiError ? ask.error.serverMessage : t('ui.somethingWrong')}
              </p>
            )}
            <button type="submit" className="button" disabled={ask.isPending}>
              {ask.isPending ? t('ret.sending') : t('ret.send')}
            </button>
          </form>
        </>
      )}
    </article>
  );
}
