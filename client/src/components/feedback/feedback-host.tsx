import { useEffect, useId } from 'react';
import { t } from '../../lib/i18n/locale';
import { Modal } from '../ui/modal';
import { closeAlert, dismissToast, useCurrentAlert, useToasts } from './feedback-store';
import './feedback.css';

const ICONS = { success: '✓', error: '!', warning: '!', info: 'i' } as const;

/** Renders the toasts and the current alert dialog; mounted once by the layout. */
export function FeedbackHost() {
  const toasts = useToasts();
  const alert = useCurrentAlert();
  return (
    <>
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.kind}`}>
            <span className="toast__icon" aria-hidden="true">
              {ICONS[toast.kind]}
            </span>
            <div className="toast__content">
              <p className="toast__title">{toast.title}</p>
              {toast.text && <p className="toast__text">{toast.text}</p>}
            </div>
            <button type="button" className="toast__close" aria-label={t('ui.dismiss')} onClick={() => dismissToast(toast.id)}>
              <span aria-hidden="true">✕</span>
            </button>
          </div>
        ))}
      </div>
      {alert && <AlertDialog key={alert.id} alert={alert} />}
    </>
  );
}

function AlertDialog({ alert }: { alert: NonNullable<ReturnType<typeof useCurrentAlert>> }) {
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    if (!alert.timer) return;
    const timer = window.setTimeout(() => closeAlert(alert.id), alert.timer);
    return () => window.clearTimeout(timer);
  }, [alert.id, alert.timer]);

  return (
    <Modal open onClose={() => closeAlert(alert.id)} labelledBy={titleId} describedBy={textId} role="alertdialog" className="alert-dialog">
      <div className={`alert-dialog__icon alert-dialog__icon--${alert.kind}`} aria-hidden="true">
        {ICONS[alert.kind]}
      </div>
      <h2 id={titleId} className="alert-dialog__title">
        {alert.title}
      </h2>
      <div id={textId}>
        {alert.text && <p className="alert-dialog__text">{alert.text}</p>}
        {alert.items && alert.items.length > 0 && (
          <ul className="alert-dialog__items">
            {alert.items.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        )}
      </div>
      {/* showModal() gives focus to the dialog's first control, this button (React's autoFocus ran before it opened). */}
      <button type="button" className="button" onClick={() => closeAlert(alert.id)}>
        {t('ui.ok')}
      </button>
    </Modal>
  );
}
