/**
 * Event types that become a mail: one `mail` job (id = event id) and one `mail_deliveries` row each. Order
 * status mails go only to orders placed with an e-mail; the others always have a recipient.
 */
export const ACCOUNT_MAIL_EVENTS = ['PasswordResetRequested', 'EmailVerificationRequested', 'PasswordResetCompleted'] as const;
export const ORDER_PLACED_MAIL_EVENTS = ['OrderPlaced', 'InstantOrderPlaced'] as const;
export const ORDER_STATUS_MAIL_EVENTS = ['OrderConfirmed', 'OrderShipped', 'OrderDelivered', 'OrderCancelled'] as const;

export const MAIL_EVENT_TYPES: string[] = [...ACCOUNT_MAIL_EVENTS, ...ORDER_PLACED_MAIL_EVENTS, ...ORDER_STATUS_MAIL_EVENTS];

/** Name of the BullMQ queue. */
export const MAIL_QUEUE = 'mail';

/** Retries: 1 s, 2 s, 4 s ... doubling; after MAX_MAIL_ATTEMPTS sends the delivery is marked dead. */
export const MAX_MAIL_ATTEMPTS = 8;
export const MAIL_BACKOFF_BASE_MS = 1_000;

export function mailBackoffMs(attemptsMade: number): number {
  return MAIL_BACKOFF_BASE_MS * 2 ** Math.max(0, attemptsMade - 1);
}

/** The payload of a mail job: the event id only. Everything else, the worker reads from the event log. */
export interface MailJobData {
  eventId: string;
  eventType: string;
}
