/**
 * Facts about a phone number as a customer, on stream `phone-<number>` (issue 14). Consumed by the phone-risk
 * projection (`phone_risk`, also written inline so checkout refuses a blocked phone at once).
 */

/** Admin refused further orders for the phone (fake orders, parcels refused at the door). Fires from `BlockPhone`. */
export type PhoneBlocked = { type: 'PhoneBlocked'; data: { phone: string; at: string; reason: string } };

/** Admin takes orders for the phone again. Fires from `UnblockPhone`. */
export type PhoneUnblocked = { type: 'PhoneUnblocked'; data: { phone: string; at: string; reason: string } };

export type PhoneEvent = PhoneBlocked | PhoneUnblocked;

export const PHONE_EVENT_TYPES: ReadonlyArray<PhoneEvent['type']> = ['PhoneBlocked', 'PhoneUnblocked'];
