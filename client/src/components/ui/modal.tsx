import { useEffect, useRef, type ReactNode } from 'react';
import { t } from '../../lib/i18n/locale';
import './modal.css';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** id of the visible title, or `label` when there is none. */
  labelledBy?: string;
  label?: string;
  describedBy?: string;
  /** `modal` (centred), `drawer-left` or `drawer-right` (off-canvas panels). */
  variant?: 'modal' | 'drawer-left' | 'drawer-right';
  role?: 'dialog' | 'alertdialog';
  className?: string;
  children: ReactNode;
}

/**
 * The native `<dialog>` opened with `showModal()`: the rest of the page becomes inert (focus stays inside),
 * Escape closes it, and focus goes back to what opened it. A click on the backdrop closes it too.
 */
export function Modal({ open, onClose, labelledBy, label, describedBy, variant = 'modal', role, className, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const restoreFocus = () => {
      const target = opener.current;
      opener.current = null;
      if (target instanceof HTMLElement && target.isConnected) target.focus();
    };
    const handleClose = () => {
      onCloseRef.current();
      restoreFocus();
    };
    dialog.addEventListener('close', handleClose);
    return () => {
      // Unmounted while open (the parent dropped it): close quietly and still give focus back.
      dialog.removeEventListener('close', handleClose);
      if (dialog.open) {
        dialog.close();
        restoreFocus();
      }
    };
  }, []);

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the backdrop click repeats Escape, which the native dialog already handles
    <dialog
      ref={ref}
      className={`modal modal--${variant}${className ? ` ${className}` : ''}`}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      aria-describedby={describedBy}
      role={role}
      onClick={(event) => {
        // The dialog element itself only receives clicks on its backdrop (the content fills it).
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="modal__body">{open ? children : null}</div>
    </dialog>
  );
}

/** The ✕ button in a modal's corner. */
export function CloseButton({ onClick, label = t('ui.close') }: { onClick: () => void; label?: string }) {
  return (
    <button type="button" className="modal__close" onClick={onClick} aria-label={label}>
      <span aria-hidden="true">✕</span>
    </button>
  );
}
