import type { OutboxChannel } from '../outbox/outbox-channel';

/**
 * Event types that become a mail: one `mail` job (id = event id) and one `mail_deliveries` row each. Order
 * status mails go only to orders placed with an e-mail; the others always have a recipient.
 */
export const ACCOUNT_MAIL_EVENTS = ['PasswordResetRequested', 'EmailVerificationRequested', 'PasswordResetCompleted', 'StaffInvitationSent', 'StaffInvitationResent'] as const;
export const ORDER_PLACED_MAIL_EVENTS = ['OrderPlaced', 'InstantOrderPlaced'] as const;
export const ORDER_STATUS_MAIL_EVENTS = ['OrderConfirmed', 'OrderShipped', 'OrderDelivered', 'OrderCancelled'] as const;

/** Events that become one mail per part: `DrawHeld` mails each winning token's holder (docs/decisions/051). */
export const MULTI_PART_MAIL_EVENTS = ['DrawHeld'] as const;

export const MAIL_EVENT_TYPES: string[] = [...ACCOUNT_MAIL_EVENTS, ...ORDER_PLACED_MAIL_EVENTS, ...ORDER_STATUS_MAIL_EVENTS, ...MULTI_PART_MAIL_EVENTS];

/** The mail channel: BullMQ queue `mail`, table `mail_deliveries`; retries 1 s, 2 s, 4 s ... then dead after 8. */
export const MAIL_CHANNEL: OutboxChannel = { name: 'mail', queue: 'mail', table: 'mail_deliveries', maxAttempts: 8, backoffBaseMs: 1_000, workerConcurrency: 5 }; // SMTP opens a connection a mail
