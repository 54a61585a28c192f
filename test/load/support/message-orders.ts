import type { CapturedMail, SmtpCapture } from '../../support/smtp-capture';
import type { CapturedSms, SmsGatewayCapture } from '../../support/sms-gateway-capture';

/** An order a suite placed, with the phone and e-mail its messages go to (each order's own). */
export interface MessagedOrder {
  orderId: string;
  phone: string;
  email: string;
}

/**
 * Places `count` checkouts of one unit each through the store's API (at most `inFlight` at once), every one with
 * a phone and an e-mail of its own, so each message can be told apart by its recipient. Every checkout must be
 * accepted (201).
 */
export async function placeOrders(
  baseUrl: string,
  options: { count: number; tag: number; productId: number; size: string; deliveryTaka: number; inFlight?: number },
): Promise<MessagedOrder[]> {
  const orders: MessagedOrder[] = new Array(options.count);
  let next = 0;
  const worker = async () => {
    while (next < options.count) {
      const index = next++;
      // 018 + a tag of two digits + six digits: numbers of one suite never meet another's.
      const phone = `018${String(options.tag).padStart(2, '0')}${String(index).padStart(6, '0')}`;
      const email = `buyer.${options.tag}.${index}@example.com`;
      const response = await fetch(`${baseUrl}/api/public/confirm-order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `messages-${options.tag}-${index}` },
        body: JSON.stringify({
          cart: [{ id: options.productId, size: options.size, qty: 1 }],
          coupon: null,
          couponoffer: null,
          data: { name: `Buyer ${index}`, email, phone, address: 'Mirpur 10, Dhaka', shipping_phone: phone, devliery_charge: options.deliveryTaka },
        }),
        signal: AbortSignal.timeout(60_000),
      });
      const body = (await response.json()) as { order_id?: string };
      if (response.status !== 201 || !body.order_id) throw new Error(`checkout ${index} answered ${response.status}: ${JSON.stringify(body)}`);
      orders[index] = { orderId: body.order_id, phone, email };
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.inFlight ?? 8, options.count) }, worker));
  return orders;
}

/** How many SMS and mails each order's recipient got, and how many messages reached a gateway twice by key. */
export function messagesPerOrder(orders: MessagedOrder[], sms: Pick<SmsGatewayCapture, 'accepted' | 'byIdempotencyKey'>, smtp: Pick<SmtpCapture, 'mails' | 'byMessageId'>) {
  const smsTo = new Map<string, CapturedSms[]>();
  for (const each of sms.accepted) smsTo.set(each.number, [...(smsTo.get(each.number) ?? []), each]);
  const mailTo = new Map<string, CapturedMail[]>();
  for (const mail of smtp.mails) for (const to of mail.to) mailTo.set(to, [...(mailTo.get(to) ?? []), mail]);
  const perOrder = orders.map((order) => ({ order: order.orderId, sms: smsTo.get(`88${order.phone}`)?.length ?? 0, mails: mailTo.get(order.email)?.length ?? 0 }));
  const tally = (counts: number[]) => counts.reduce<Record<string, number>>((all, count) => ({ ...all, [count]: (all[count] ?? 0) + 1 }), {});
  return {
    perOrder,
    /** Orders by number of SMS they got ({ "1": 24 }: every one of 24 orders got one). */
    smsPerOrder: tally(perOrder.map((each) => each.sms)),
    mailsPerOrder: tally(perOrder.map((each) => each.mails)),
    smsKeysTwice: [...sms.byIdempotencyKey().values()].filter((list) => list.length > 1).length,
    mailIdsTwice: [...smtp.byMessageId().values()].filter((list) => list.length > 1).length,
  };
}
