import { Inject, Injectable } from '@nestjs/common';
import { localeOf } from '../../../contracts/locale';
import { mobilePhoneOf } from '../../../contracts/phone';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import type { StoredEvent } from '../../outbox/delivery/outbox-delivery';
import { OutboxEnvelopes } from '../../outbox/envelopes';
import type { OutboxReads } from '../../outbox/event-reads';
import type { OutgoingSms } from '../gateway/sms-gateway';
import { smsSize } from '../templates/segments';
import { amendedTotalOf, orderSms, orderSmsKindOf, phoneCodeSms, returnSms, returnSmsKindOf, SmsStore } from '../templates/sms-texts';

export type SmsComposition = { sms: OutgoingSms } | { skip: string };

/** Minutes a phone code lives, as the text says it (the code's own expiry is the accounts context's). */
const CODE_MINUTES = 5;

/**
 * Turns an SMS-worthy event into the SMS to send: the number (an order's contact phone, or the phone a code
 * proves), the text in the order's (or request's) language, and its size. Nothing it produces is logged.
 */
@Injectable()
export class SmsComposer {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly envelopes: OutboxEnvelopes,
  ) {}

  async compose(event: StoredEvent, reads: OutboxReads): Promise<SmsComposition> {
    const store: SmsStore = { name: (await reads.storeSettings()).name, origin: this.config.appOrigins[0] };
    const data = event.data;
    const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
    const sms = (to: string, body: string): SmsComposition => ({ sms: { to, text: body, size: smsSize(body) } });

    if (event.type === 'PhoneCodeRequested') {
      const to = mobilePhoneOf(data.phone);
      const contents = await this.envelopes.open(reads.manager, event.id);
      if (!to) return { skip: 'not a mobile number' };
      if (!contents) return { skip: 'the code expired before the SMS could be sent' };
      return sms(to, phoneCodeSms(localeOf(data.locale), store, contents.token, CODE_MINUTES));
    }
    const returnKind = returnSmsKindOf(event.type);
    if (returnKind) {
      // A return's step texts the phone of the order it is about, in the language that order was placed in.
      const order = await reads.placedEvent(`order-${String(data.orderId)}`);
      const to = mobilePhoneOf((order?.customer as { phone?: unknown } | undefined)?.phone);
      if (!order || !to) return { skip: 'the order has no mobile number' };
      return sms(
        to,
        returnSms(returnKind, localeOf(order.locale), store, {
          orderId: String(data.orderId),
          exchangeOrderId: text(data.exchangeOrderId),
          newSize: text(data.newSize),
          amountPaisa: typeof data.amountPaisa === 'number' ? data.amountPaisa : typeof data.collectPaisa === 'number' ? data.collectPaisa : null,
          method: text(data.method),
          courier: text(data.courierName),
          trackingCode: text(data.trackingCode),
          condition: text(data.condition),
          reason: text(data.reason),
        }),
      );
    }
    const kind = orderSmsKindOf(event.type, data);
    if (!kind) return { skip: `no SMS for ${event.type}` };
    // The linked order of a size exchange is announced by the exchange's own text (ExchangeOrderCreated).
    if (event.type === 'InstantOrderPlaced' && data.exchangeFor) return { skip: 'an exchange order is announced by its return' };
    const placed = event.type === 'OrderPlaced' || event.type === 'InstantOrderPlaced' ? data : await reads.placedEvent(event.streamId);
    if (!placed) return { skip: 'the order has no placing event' };
    const customer = (placed.customer ?? {}) as { phone?: unknown };
    const to = mobilePhoneOf(customer.phone);
    if (!to) return { skip: 'the order has no mobile number' };
    const totals = placed.totals as { grandTotalPaisa?: number } | undefined;
    const payment = placed.payment as { amountPaisa?: number } | undefined;
    // An amendment's SMS names the new total (issue 31); the others the total as placed.
    const amendedTotal = kind === 'amended' ? amendedTotalOf(data) : null;
    return sms(
      to,
      orderSms(kind, localeOf(placed.locale), store, {
        orderId: String(placed.orderId ?? event.streamId.replace(/^order-/, '')),
        totalPaisa: amendedTotal ?? totals?.grandTotalPaisa ?? payment?.amountPaisa ?? null,
        courier: event.type === 'ParcelStepRecorded' ? null : text(data.courier),
        trackingCode: text(data.trackingCode),
        reason: text(data.reason),
        cashToCollectPaisa: event.type === 'OrderShipped' && typeof data.cashToCollectPaisa === 'number' ? data.cashToCollectPaisa : null,
      }),
    );
  }
}
