import { getLocale, t } from '../../../lib/i18n/locale';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useCancelOrder } from '../api/cancel-order';

/**
 * "Cancel order" while the order is pending (issue 14): asks once more, then cancels; the tracking data
 * refreshes to Cancelled. Once care has confirmed the order the server says whom to call instead.
 */
export function CancelOrderButton({ orderId, phone, statusName }: { orderId: string; phone?: string; statusName: string }) {
  const cancel = useCancelOrder();
  const [asking, setAsking] = useState(false);
  if (statusName.trim().toLowerCase() !== 'pending') return null;
  if (cancel.isSuccess) return <p role="status">{getLocale() === 'en' ? cancel.data.message : t('cancel.done')}</p>;
  return (
    <div className="cancel-order">
      {asking ? (
        <>
          <p>{t('cancel.ask', { id: orderId })}</p>
          <button type="button" className="button" disabled={cancel.isPending} onClick={() => cancel.mutate({ orderId, phone })}>
            {t('cancel.yes')}
          </button>{' '}
          <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
            {t('cancel.keep')}
          </button>
        </>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
          {t('cancel.button')}
        </button>
      )}
      {cancel.isError && (
        <p className="notice notice--error" role="alert">
          {cancel.error instanceof ApiError ? (cancel.error.serverMessage ?? t('ui.somethingWrong')) : t('ui.somethingWrong')}
        </p>
      )}
    </div>
  );
}
