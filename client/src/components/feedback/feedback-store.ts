import { useSyncExternalStore } from 'react';
import { DURATIONS } from '../../lib/durations';

/** Toasts (short, non-blocking) and alert dialogs (need an OK), with the texts of spec §8. */
export type FeedbackKind = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  kind: FeedbackKind;
  title: string;
  text?: string;
  duration: number;
}

export interface Alert {
  id: number;
  kind: FeedbackKind;
  title: string;
  text?: string;
  /** Extra lines (validation messages). */
  items?: string[];
  /** Closes by itself after this many ms (the order-confirmed dialog, the 8 s mail alerts). */
  timer?: number;
  resolve: () => void;
}

let nextId = 1;
let toasts: Toast[] = [];
let alerts: Alert[] = [];
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function showToast(toast: { kind?: FeedbackKind; title: string; text?: string; duration?: number }): void {
  const kind = toast.kind ?? 'success';
  const item: Toast = {
    id: nextId++,
    kind,
    title: toast.title,
    text: toast.text,
    duration: toast.duration ?? (kind === 'success' ? DURATIONS.successToast : DURATIONS.toast),
  };
  toasts = [...toasts, item];
  notify();
  window.setTimeout(() => dismissToast(item.id), item.duration);
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  notify();
}

/** Opens an alert dialog; resolves when it is closed (by OK, Escape or its timer). */
export function showAlert(alert: { kind?: FeedbackKind; title: string; text?: string; items?: string[]; timer?: number }): Promise<void> {
  return new Promise((resolve) => {
    alerts = [...alerts, { id: nextId++, kind: alert.kind ?? 'error', title: alert.title, text: alert.text, items: alert.items, timer: alert.timer, resolve }];
    notify();
  });
}

export function closeAlert(id: number): void {
  const alert = alerts.find((a) => a.id === id);
  alerts = alerts.filter((a) => a.id !== id);
  notify();
  alert?.resolve();
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, () => toasts, () => toasts);
}

export function useCurrentAlert(): Alert | undefined {
  return useSyncExternalStore(subscribe, () => alerts[0], () => undefined);
}
