import type { OutboxChannel } from '../outbox/outbox-channel';

/**
 * Event types that become an SMS: one `sms` job (id = event id) and one `sms_deliveries` row each. Every order
 * status change a shopper cares about (and a parcel's first step out for delivery, `notify` on `ParcelStepRecorded`), to the phone the order was placed with, and a one-time phone code to
 * the phone it proves.
 */
export const ORDER_SMS_EVENTS = [
  'OrderPlaced',
  'InstantOrderPlaced',
  'OrderConfirmed',
  // Issue 31: a line amendment that moved the total (its SMS names the new one); the others make no row.
  'OrderLineAdded',
  'OrderLineChanged',
  'OrderLineRemoved',
  // ... and a change of area that re-priced the delivery (ADR 061); other address changes make no row.
  'ShippingDetailsChanged',
  'OrderShipped',
  'ParcelStepRecorded',
  'OrderDelivered',
  'OrderCancelled',
  'OrderExpired',
] as const;
export const PHONE_CODE_SMS_EVENTS = ['PhoneCodeRequested'] as const;
/** Issue 35: each step of a return or exchange, to the phone of the order it is about (stream `returns-<orderId>`). */
export const RETURN_SMS_EVENTS = ['ReturnApproved', 'ReturnRefused', 'ReturnPickupBooked', 'ReturnReceived', 'ExchangeOrderCreated', 'ReturnRefunded'] as const;
export const SMS_EVENT_TYPES: string[] = [...ORDER_SMS_EVENTS, ...PHONE_CODE_SMS_EVENTS, ...RETURN_SMS_EVENTS];

/**
 * The SMS channel: BullMQ queue `sms`, table `sms_deliveries`. Retries 2 s, 4 s, 8 s ... doubling, 8 sends
 * (about 4 minutes in all), then dead: a gateway out for longer leaves the message to an operator.
 */
export const SMS_CHANNEL: OutboxChannel = { name: 'sms', queue: 'sms', table: 'sms_deliveries', maxAttempts: 8, backoffBaseMs: 2_000, workerConcurrency: 20 };
