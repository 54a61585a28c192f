import { createHash } from 'node:crypto';

/**
 * Event types that become a mail: one `mail` job (id = event id) and one `mail_deliveries` row each. Order
 * status mails go only to orders placed with an e-mail; the others always have a recipient.
 */
export const ACCOUNT_MAIL_EVENTS = ['PasswordResetRequested', 'EmailVerificationRequested', 'PasswordResetCompleted'] as const;
export const ORDER_PLACED_MAIL_EVENTS = ['OrderPlaced', 'InstantOrderPlaced'] as const;
export const ORDER_STATUS_MAIL_EVENTS = ['OrderConfirmed', 'OrderShipped', 'OrderDelivered', 'OrderCancelled'] as const;

/** Events that become one mail per part: `DrawHeld` mails each winning token's holder (docs/decisions/051). */
export const MULTI_PART_MAIL_EVENTS = ['DrawHeld'] as const;

export const MAIL_EVENT_TYPES: string[] = [...ACCOUNT_MAIL_EVENTS, ...ORDER_PLACED_MAIL_EVENTS, ...ORDER_STATUS_MAIL_EVENTS, ...MULTI_PART_MAIL_EVENTS];

/** Name of the BullMQ queue. */
export const MAIL_QUEUE = 'mail';

/** Retries: 1 s, 2 s, 4 s ... doubling; after MAX_MAIL_ATTEMPTS sends the delivery is marked dead. */
export const MAX_MAIL_ATTEMPTS = 8;
export const MAIL_BACKOFF_BASE_MS = 1_000;

export function mailBackoffMs(attemptsMade: number): number {
  return MAIL_BACKOFF_BASE_MS * 2 ** Math.max(0, attemptsMade - 1);
}

/**
 * The payload of a mail job: the delivery's key only — the event id, or for one part of a multi-part event the
 * id `partDeliveryId(event, part)`. Everything else, the worker reads from `mail_deliveries` and the log.
 */
export interface MailJobData {
  eventId: string;
  eventType: string;
  /** For a part: the event it belongs to and the part (a winning token). */
  sourceEventId?: string;
  part?: string;
}

/** A stable UUID (version 8, from SHA-256) for one part of an event, so a retried subscription adds the same job. */
export function partDeliveryId(eventId: string, part: string): string {
  const bytes = createHash('sha256').update(`${eventId}:${part}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x80;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
