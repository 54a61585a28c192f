import type { CapturedMail, SmtpCapture } from '../../support/smtp-capture';
import type { CapturedSms, SmsGatewayCapture } from '../../support/sms-gateway-capture';

/** An order a suite placed, with the phone and e-mail its messages go to (each order's own). */
export interface MessagedOrder {
  orderId: string;
  phone: string;
  email: string;
}

export interface OrderBurst {
  count: number;
  /** Two digits that keep this burst's phones and e-mails apart from any other's. */
  tag: number;
  productId: number;
  size: string;
  deliveryTaka: number;
  inFlight?: number;
}

/**
 * Checkout `index` of a burst: one unit, with a phone and an e-mail of its own (so each message can be told apart
 * by its recipient) and an Idempotency-Key of its own, which a retry sends again as the storefront does. Answers
 * the order, or why there is none yet.
 */
export async function checkoutOnce(baseUrl: string, burst: OrderBurst, index: number): Promise<MessagedOrder | { failed: string }> {
  // 018 + the tag + six digits: numbers of one suite never meet another's.
  const phone = `018${String(burst.tag).padStart(2, '0')}${String(index).padStart(6, '0')}`;
  const email = `buyer.${burst.tag}.${index}@example.com`;
  try {
    const response = await fetch(`${baseUrl}/api/public/confirm-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `messages-${burst.tag}-${index}` },
      body: JSON.stringify({
        cart: [{ id: burst.productId, size: burst.size, qty: 1 }],
        coupon: null,
        couponoffer: null,
        data: { name: `Buyer ${index}`, email, phone, address: 'Mirpur 10, Dhaka', shipping_phone: phone, devliery_charge: burst.deliveryTaka },
      }),
      signal: AbortSignal.timeout(60_000),
    });
    const body = (await response.json()) as { order_id?: string };
    // 201: placed; 200: the same key's order, placed before (a retry after an answer that got lost).
    if ((response.status === 201 || response.status === 200) && body.order_id) return { orderId: body.order_id, phone, email };
    return { failed: `${response.status} ${JSON.stringify(body).slice(0, 200)}` };
  } catch (error) {
    return { failed: String(error) };
  }
}

/** Places every checkout of a burst (at most `inFlight` at once); each must be accepted. */
export async function placeOrders(baseUrl: string, burst: OrderBurst): Promise<MessagedOrder[]> {
  const { placed, failed } = await tryOrders(baseUrl, burst, [...Array(burst.count).keys()]);
  if (failed.length > 0) throw new Error(`${failed.length} checkouts failed, the first: ${failed[0].why}`);
  return placed;
}

/** Tries the checkouts `indexes` of a burst once each; answers those placed and those not (to retry). */
export async function tryOrders(baseUrl: string, burst: OrderBurst, indexes: number[]): Promise<{ placed: MessagedOrder[]; failed: Array<{ index: number; why: string }> }> {
  const placed: MessagedOrder[] = [];
  const failed: Array<{ index: number; why: string }> = [];
  let next = 0;
  const worker = async () => {
    while (next < indexes.length) {
      const index = indexes[next++];
      const answer = await checkoutOnce(baseUrl, burst, index);
      if ('failed' in answer) failed.push({ index, why: answer.failed });
      else placed.push(answer);
    }
  };
  await Promise.all(Array.from({ length: Math.min(burst.inFlight ?? 8, indexes.length) }, worker));
  return { placed, failed };
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
