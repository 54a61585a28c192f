import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { BN_ERROR_MESSAGES } from '../../contracts/error-messages.bn';
import { ProjectionRunner } from '../../server/event-store/projection-runner';
import { hashTable } from '../../server/event-store/table-hash';
import { rebuildProjection, useStaffApiStore } from '../support/api-store';
import { startBkashFake, type BkashFake } from '../support/fakes/bkash-fake';
import { outboxSettled } from '../support/outbox-settled';
import { startSmsGatewayCapture, type SmsGatewayCapture } from '../support/sms-gateway-capture';
import { availableStock, setAvailableStock, type FixtureProduct } from '../support/store-fixture';

/**
 * Size exchanges and returns (issue 35, ADR 062) on one store pointed at the bKash fake and a capturing SMS
 * gateway: an exchange M → L with both sizes' stock checked at every step, the shopper's SMS in her language
 * and the difference collected by the linked order; a bKash return refunded through the fake; each limit
 * refused with its code in both languages; the dashboard's projection rebuilt equal to the live one.
 */
describe('returns and size exchanges', () => {
  const env: Record<string, string> = {};
  let bkash: BkashFake;
  let sms: SmsGatewayCapture;
  beforeAll(async () => {
    bkash = await startBkashFake();
    sms = await startSmsGatewayCapture();
    Object.assign(env, bkash.env(), { SMS_URL: sms.url, SMS_API_KEY: 'test-key', SMS_SENDER_ID: 'TeeBazaar' });
  });
  afterAll(async () => {
    await bkash?.stop();
    await sms?.stop();
  });
  const store = useStaffApiStore({ env });

  let phones = 0;
  const nextPhone = () => `0181${String(4_000_000 + ++phones).padStart(7, '0')}`;
  let nextProduct = 0;
  /** A product with at least two sizes, of its own, with `stock` units of each of its first two sizes. */
  async function productWithSizes(stock = 5): Promise<{ product: FixtureProduct; small: string; large: string }> {
    for (;;) {
      const product = store.products[nextProduct++];
      if (!product) throw new Error('no product with two sizes left');
      if (product.sizes.length < 2) continue;
      const [small, large] = product.sizes;
      await setAvailableStock(store.fixture, product.id, small, stock);
      await setAvailableStock(store.fixture, product.id, large, stock);
      return { product, small, large };
    }
  }

  /** Places an order (cash, or bKash paid through the fake) and walks it to delivered as care. */
  async function deliveredOrder(product: FixtureProduct, size: string, options: { qty?: number; locale?: 'en' | 'bn'; bkash?: boolean; token?: string } = {}) {
    const phone = nextPhone();
    const placed = await store.call('POST', '/api/public/confirm-order', options.token, {
      cart: [{ id: product.id, size, qty: options.qty ?? 1 }],
      coupon: null,
      couponoffer: null,
      locale: options.locale,
      data: { name: 'Nusrat Jahan', phone, address: 'House 12, Road 5, Dhanmondi', shipping_phone: phone, devliery_charge: store.insideTaka, ...(options.bkash ? { paymentMethod: 'bkash' } : {}) },
    });
    expect(placed.status).toBe(201);
    const orderId = placed.body.order_id as string;
    if (options.bkash) {
      const [payment] = bkash.paymentsOf(orderId);
      const callback = new URL(bkash.approve(payment.paymentID));
      const back = await fetch(`${store.server.baseUrl}${callback.pathname}${callback.search}`, { redirect: 'manual' });
      expect(back.status).toBe(303);
    }
    for (const [step, body] of [['confirm', {}], ['start-processing', {}], ['ship', { courier: 'Pathao', tracking_code: 'PT1' }], ['deliver', {}]] as const) {
      expect({ step, status: (await store.call('POST', `/api/admin/orders/${orderId}/${step}`, store.tokens.care, body)).status }).toEqual({ step, status: 200 });
    }
    return { orderId, phone };
  }

  const ask = (orderId: string, body: Record<string, unknown>) => store.call('POST', `/api/public/orders/${orderId}/returns`, undefined, body);
  const taka = (product: FixtureProduct) => product.pricePaisa / 100;
  const care = (returnId: string, action: string, body: unknown = {}) => store.call('POST', `/api/admin/returns/${returnId}/${action}`, store.tokens.care, body);
  const stock = (product: FixtureProduct, size: string) => availableStock(store.fixture, product.id, size);
  const smsTo = async (phone: string) => {
    await outboxSettled(store.server, 'sms');
    return sms.to(phone).map((message) => message.message);
  };

  it('walks an exchange M → L: the new size reserved at once, the old one back in stock, the Bengali SMS at each step, and only the difference collected', async () => {
    const { product, small, large } = await productWithSizes();
    const { orderId, phone } = await deliveredOrder(product, small, { locale: 'bn' });
    expect([await stock(product, small), await stock(product, large)]).toEqual([4, 5]);

    const options = await store.call('GET', `/api/public/orders/${orderId}/returns?phone=${phone}`);
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({ open: true, reason: null, settings: { window_days: 7 } });
    expect(options.body.lines[0]).toMatchObject({ product_id: product.id, size: small, units: [{ unit: 1, request: null }] });
    expect(options.body.lines[0].exchange_sizes.map((entry: { size: string }) => entry.size)).toContain(large);

    // The price went up by 50 Taka since the order: the exchange collects that difference and the pick-up charge.
    expect((await store.call('PATCH', `/api/admin/products/${product.id}`, store.tokens.admin, { price: taka(product) + 50, old_price: null })).status).toBe(200);
    for (const deadline = Date.now() + 10_000; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
      const seen = await store.call('GET', `/api/public/orders/${orderId}/returns?phone=${phone}`);
      if (seen.body.lines[0].exchange_sizes[0]?.unit_price === taka(product) + 50) break;
      if (Date.now() > deadline) throw new Error('the new price never reached the catalog');
    }
    const asked = await ask(orderId, { phone, product_id: product.id, size: small, unit: 1, kind: 'exchange', reason: 'size_too_small', new_size: large });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ return_id: `${orderId}-R1`, kind: 'exchange', stage: 'requested', pickup_charge: 60, price_difference: 50, refund_amount: 0 });
    const returnId = asked.body.return_id as string;
    // L is held for the shopper at once; M is still the shopper's.
    expect([await stock(product, small), await stock(product, large)]).toEqual([4, 4]);

    expect((await care(returnId, 'approve')).body.return).toMatchObject({ stage: 'approved' });
    const booked = await care(returnId, 'pickup', { courier: 'demo' });
    expect(booked.status).toBe(200);
    expect(booked.body.return).toMatchObject({ stage: 'pickup_booked', pickup_tracking_code: `DEMO-P-${returnId}` });
    // Asked twice, the pick-up is the same booking.
    expect((await care(returnId, 'pickup', { courier: 'demo' })).body.return.pickup_tracking_code).toBe(`DEMO-P-${returnId}`);

    const shipped = await care(returnId, 'exchange');
    expect(shipped.status).toBe(200);
    const exchangeOrderId = shipped.body.return.exchange_order_id as string;
    expect(exchangeOrderId).toMatch(/^[A-Z0-9]+$/);
    expect((await care(returnId, 'exchange')).body.return.exchange_order_id).toBe(exchangeOrderId);
    const linked = await store.call('GET', `/api/admin/orders/${exchangeOrderId}`, store.tokens.care);
    expect(linked.status).toBe(200);
    // The linked order ships L and collects only the difference and the pick-up charge (50 + 60 Taka).
    expect(JSON.stringify(linked.body)).toContain(`"size":"${large}"`);
    const tracking = await store.call('GET', `/api/public/getOrderInformation?orderId=${exchangeOrderId}&phone=${phone}`);
    expect(tracking.body.data.pay_on_delivery).toBe(110);
    expect([await stock(product, small), await stock(product, large)]).toEqual([4, 4]);

    const received = await care(returnId, 'receive', { condition: 'stock' });
    expect(received.body.return).toMatchObject({ stage: 'exchanged', received_as: 'stock' });
    expect([await stock(product, small), await stock(product, large)]).toEqual([5, 4]);
    expect((await care(returnId, 'receive', { condition: 'stock' })).status).toBe(409);

    const texts = await smsTo(phone);
    expect(texts.some((text) => text.includes('মঞ্জুর'))).toBe(true);
    expect(texts.some((text) => text.includes(`DEMO-P-${returnId}`))).toBe(true);
    expect(texts.some((text) => text.includes('পেয়েছি') && text.includes('ফেরত পণ্য'))).toBe(true);
    expect(texts.some((text) => text.includes(`${large} সাইজ`) && text.includes('১১০ টাকা'))).toBe(true);
    // The linked order's own "order received" text is not sent: the exchange's text announced it.
    expect(texts.filter((text) => text.includes(exchangeOrderId))).toHaveLength(1);

    const timeline = await store.call('GET', `/api/admin/returns?order_id=${orderId}`, store.tokens.care);
    expect(timeline.body.data[0].steps.map((step: { event: string }) => step.event)).toEqual([
      'ReturnRequested', 'ReturnApproved', 'ReturnPickupRequested', 'ReturnPickupBooked', 'ExchangeOrderCreated', 'ReturnReceived',
    ]);

    // Care's order timeline: each step with who did it and what it says (the return-timeline projection).
    await store.server.app.get(ProjectionRunner).waitUntilCaughtUp();
    const steps = await store.call('GET', `/api/admin/orders/${orderId}/return-steps`, store.tokens.care);
    expect(steps.status).toBe(200);
    expect(steps.body.timeline.map((entry: { event: string; actor: { role: string }; details: Record<string, unknown> }) => [entry.event, entry.actor.role, entry.details])).toEqual([
      ['ReturnRequested', 'guest', { returnId, kind: 'exchange', returnReason: 'size_too_small', item: expect.stringContaining(`(${small})`), newSize: large }],
      ['ReturnApproved', 'care', { returnId }],
      ['ReturnPickupRequested', 'care', { returnId, courier: 'demo' }],
      ['ReturnPickupBooked', 'care', { returnId, courier: 'Demo courier', trackingCode: `DEMO-P-${returnId}` }],
      ['ExchangeOrderCreated', 'care', { returnId, exchangeOrderId, newSize: large, collectPaisa: 11_000 }],
      ['ReturnReceived', 'care', { returnId, condition: 'stock' }],
    ]);
    expect(new Set(steps.body.timeline.slice(1).map((entry: { actor: { name: string | null } }) => entry.actor.name)).size).toBe(1);
    expect((await store.call('GET', `/api/admin/orders/${orderId}/return-steps`, store.tokens.customer)).status).toBe(403);
  });

  it('refunds a bKash-paid return through the bKash fake, once, never above what was paid, with the English SMS', async () => {
    const { product, small } = await productWithSizes();
    const { orderId, phone } = await deliveredOrder(product, small, { bkash: true });
    const asked = await ask(orderId, { phone, product_id: product.id, size: small, unit: 1, kind: 'return', reason: 'damaged' });
    expect(asked.status).toBe(201);
    // Damaged: the shop pays the pick-up, and the whole price comes back.
    expect(asked.body).toMatchObject({ kind: 'return', pickup_charge: 0, refund_amount: taka(product) });
    const returnId = asked.body.return_id as string;
    expect((await care(returnId, 'refund', { method: 'cash' })).status).toBe(409);
    await care(returnId, 'approve');
    expect(await stock(product, small)).toBe(4);
    expect((await care(returnId, 'receive', { condition: 'damaged' })).body.return).toMatchObject({ stage: 'received', received_as: 'damaged' });
    // Damaged: not back on the shelf.
    expect(await stock(product, small)).toBe(4);

    const above = await care(returnId, 'refund', { method: 'bkash', amount: taka(product) + 1 });
    expect(above.status).toBe(422);
    expect(above.body.code).toBe('return-refund-exceeds-paid');
    expect(bkash.paymentsOf(orderId)[0].refunds).toEqual([]);

    const refunded = await care(returnId, 'refund', { method: 'bkash' });
    expect(refunded.status).toBe(200);
    expect(refunded.body.return).toMatchObject({ stage: 'refunded', refund_method: 'bkash' });
    const [payment] = bkash.paymentsOf(orderId);
    expect(payment.refunds).toHaveLength(1);
    expect(Number(payment.refunds[0].amount)).toBe(taka(product));
    expect((await care(returnId, 'refund', { method: 'bkash' })).status).toBe(409);
    expect(bkash.paymentsOf(orderId)[0].refunds).toHaveLength(1);

    const texts = await smsTo(phone);
    expect(texts.some((text) => text.includes(`for order ${orderId} was refunded to bKash`))).toBe(true);
  });

  it('records nothing when bKash refuses a refund, tells care why, and refunds once on the next try', async () => {
    const { product, small } = await productWithSizes();
    const { orderId, phone } = await deliveredOrder(product, small, { bkash: true });
    const asked = await ask(orderId, { phone, product_id: product.id, size: small, unit: 1, kind: 'return', reason: 'not_as_pictured' });
    expect(asked.status).toBe(201);
    const returnId = asked.body.return_id as string;
    await care(returnId, 'approve');
    expect((await care(returnId, 'receive', { condition: 'stock' })).body.return).toMatchObject({ stage: 'received' });

    // bKash answers the refund with a refusal in a 200, as it does (the token is still good: one request).
    bkash.provider.fail({ kind: 'status', status: 200, json: { statusCode: '2071', statusMessage: 'Refund not allowed for this transaction' } }, 1);
    const refused = await care(returnId, 'refund', { method: 'bkash' });
    expect([refused.status, refused.body.code]).toEqual([409, 'payment-gateway-refused']);
    expect(refused.body.message).toContain('Refund not allowed for this transaction');
    expect(bkash.paymentsOf(orderId)[0].refunds).toEqual([]);
    const listed = await store.call('GET', `/api/admin/returns?order_id=${orderId}`, store.tokens.care);
    expect(listed.body.data).toEqual([expect.objectContaining({ return_id: returnId, stage: 'received' })]);

    const refunded = await care(returnId, 'refund', { method: 'bkash' });
    expect(refunded.status).toBe(200);
    expect(refunded.body.return).toMatchObject({ stage: 'refunded', refund_method: 'bkash' });
    expect(bkash.paymentsOf(orderId)[0].refunds).toHaveLength(1);
  });

  it('refunds a cash order as store credit on the shopper\'s phone, shown in her account', async () => {
    const { product, small } = await productWithSizes();
    const { orderId, phone } = await deliveredOrder(product, small, { token: store.tokens.customer });
    const before = await store.call('GET', '/api/orders/store-credit', store.tokens.customer);
    expect(before.body).toEqual({ success: true, balance: 0, entries: [] });
    // The signed-in owner asks without the phone.
    const asked = await store.call('POST', `/api/public/orders/${orderId}/returns`, store.tokens.customer, { product_id: product.id, size: small, unit: 1, kind: 'return', reason: 'size_too_big' });
    expect(asked.body).toMatchObject({ pickup_charge: 60, refund_amount: taka(product) - 60 });
    const returnId = asked.body.return_id as string;
    await care(returnId, 'approve');
    await care(returnId, 'receive', { condition: 'stock' });
    expect(await stock(product, small)).toBe(5);
    const notBkash = await care(returnId, 'refund', { method: 'bkash' });
    expect([notBkash.status, notBkash.body.code]).toEqual([422, 'return-refund-not-bkash']);
    expect((await care(returnId, 'refund', { method: 'store_credit' })).body.return).toMatchObject({ stage: 'refunded', refund_method: 'store_credit' });
    const credit = await store.server.app.get(DataSource).query(`SELECT type, data FROM events WHERE stream_id LIKE 'credit-%' AND data->>'orderId' = $1`, [orderId]);
    expect(credit).toEqual([{ type: 'StoreCreditGranted', data: expect.objectContaining({ amountPaisa: product.pricePaisa - 6000, returnId }) }]);
    expect(JSON.stringify(credit)).not.toContain(phone);
    const after = await store.call('GET', '/api/orders/store-credit', store.tokens.customer);
    expect(after.body).toEqual({ success: true, balance: taka(product) - 60, entries: [{ at: expect.any(String), amount: taka(product) - 60, kind: 'granted', order_id: orderId }] });

    // Spent at checkout (ADR 062): only by the phone's owner; two checkouts at once, one gets it, never below zero.
    const creditTaka = taka(product) - 60;
    const checkout = (token: string | undefined) =>
      store.call('POST', '/api/public/confirm-order', token, {
        cart: [{ id: product.id, size: small, qty: 1 }],
        coupon: null,
        couponoffer: null,
        use_store_credit: true,
        data: { name: 'Nusrat Jahan', phone, address: 'House 12, Road 5, Dhanmondi', shipping_phone: phone, devliery_charge: store.insideTaka },
      });
    const stranger = await checkout(undefined);
    expect([stranger.status, stranger.body.errors?.use_store_credit]).toEqual([422, [expect.stringContaining('sign in')]]);
    const both = await Promise.all([checkout(store.tokens.customer), checkout(store.tokens.customer)]);
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 422]);
    const spent = both.find((answer) => answer.status === 201)!.body.order_id as string;
    expect(both.find((answer) => answer.status === 422)!.body.errors?.use_store_credit).toEqual([expect.stringContaining('no store credit left')]);
    const tracked = await store.call('GET', `/api/public/getOrderInformation?orderId=${spent}&phone=${phone}`);
    expect(tracked.body.data).toMatchObject({ store_credit: creditTaka, grand_total: taka(product) + store.insideTaka - creditTaka, pay_on_delivery: 60 + store.insideTaka });
    expect((await store.call('GET', '/api/orders/store-credit', store.tokens.customer)).body.balance).toBe(0);
    // Cancelled: the credit comes back, once.
    expect((await store.call('POST', `/api/admin/orders/${spent}/cancel`, store.tokens.care, { reason: 'customer changed their mind' })).status).toBe(200);
    const restored = await store.call('GET', '/api/orders/store-credit', store.tokens.customer);
    expect(restored.body.balance).toBe(creditTaka);
    expect(restored.body.entries.map((entry: { kind: string }) => entry.kind)).toEqual(['restored', 'spent', 'granted']);
  });

  it('refuses each limit with a clear 4xx in English and Bengali, and a refused exchange gives its size back', async () => {
    const { product, small, large } = await productWithSizes();
    const { orderId, phone } = await deliveredOrder(product, small, { qty: 2 });
    const unit = { phone, product_id: product.id, size: small, kind: 'return', reason: 'other' };

    const wrongPhone = await ask(orderId, { ...unit, unit: 1, phone: '01700000000' });
    expect(wrongPhone.status).toBe(404);
    const noUnit = await ask(orderId, { ...unit, unit: 3 });
    expect([noUnit.status, noUnit.body.code]).toEqual([422, 'return-unit-unknown']);
    const badReason = await ask(orderId, { ...unit, unit: 1, reason: 'bored' });
    expect([badReason.status, badReason.body.code]).toEqual([422, 'return-reason-invalid']);

    // One open request per unit; the other unit may still be asked for.
    expect((await ask(orderId, { ...unit, unit: 1 })).status).toBe(201);
    const twice = await ask(orderId, { ...unit, unit: 1 });
    expect([twice.status, twice.body.code]).toEqual([409, 'return-already-open']);
    expect(twice.body.message).toBe('This item already has an open return or exchange request.');

    // No exchange into a size out of stock.
    await setAvailableStock(store.fixture, product.id, large, 0);
    const noStock = await ask(orderId, { ...unit, unit: 2, kind: 'exchange', new_size: large });
    expect([noStock.status, noStock.body.code, noStock.body.params]).toEqual([422, 'exchange-size-unavailable', { size: large }]);
    // The shopper's options read the stock read model, which follows the stock change within moments.
    const offered = async () =>
      ((await store.call('GET', `/api/public/orders/${orderId}/returns?phone=${phone}`)).body.lines[0].exchange_sizes as Array<{ size: string }>).map((entry) => entry.size);
    const deadline = Date.now() + 10_000;
    while ((await offered()).includes(large) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await offered()).not.toContain(large);

    // A refused exchange gives the reserved size back.
    await setAvailableStock(store.fixture, product.id, large, 1);
    const exchange = await ask(orderId, { ...unit, unit: 2, kind: 'exchange', new_size: large });
    expect(exchange.status).toBe(201);
    expect(await stock(product, large)).toBe(0);
    const noReason = await care(exchange.body.return_id, 'refuse', { reason: ' ' });
    expect([noReason.status, noReason.body.code]).toEqual([422, 'return-refusal-reason-required']);
    expect((await care(exchange.body.return_id, 'refuse', { reason: 'The tag was cut off' })).body.return).toMatchObject({ stage: 'refused', refusal: 'The tag was cut off' });
    expect(await stock(product, large)).toBe(1);
    const texts = await smsTo(phone);
    expect(texts.some((text) => text.includes('refused') && text.includes('The tag was cut off'))).toBe(true);
    // The tracking page's options say why, on that unit, and the unit may be asked about again.
    const afterRefusal = await store.call('GET', `/api/public/orders/${orderId}/returns?phone=${phone}`);
    expect(afterRefusal.body.lines[0].units[1]).toEqual({
      unit: 2,
      request: { return_id: exchange.body.return_id, kind: 'exchange', stage: 'refused', new_size: large, refusal: 'The tag was cut off' },
    });

    // Not before delivery.
    const pendingPhone = nextPhone();
    const pending = await store.call('POST', '/api/public/confirm-order', undefined, {
      cart: [{ id: product.id, size: small, qty: 1 }], coupon: null, couponoffer: null,
      data: { name: 'Rafiq', phone: pendingPhone, address: 'Mirpur 10, Dhaka', shipping_phone: pendingPhone, devliery_charge: store.insideTaka },
    });
    const early = await ask(pending.body.order_id, { ...unit, phone: pendingPhone, unit: 1 });
    expect([early.status, early.body.code]).toEqual([409, 'return-not-delivered']);

    // Not after the window: with a window of 0 days, a delivered order is already past it.
    const settings = await store.call('GET', '/api/admin/returns/settings', store.tokens.care);
    const closed = await store.call('PUT', '/api/admin/returns/settings', store.tokens.admin, { ...settings.body.settings, window_days: 0 });
    expect(closed.status).toBe(200);
    try {
      const late = await ask(orderId, { ...unit, unit: 2 });
      expect([late.status, late.body.code, late.body.message]).toEqual([409, 'return-window-over', 'Returns and exchanges are accepted for 0 days after delivery, and that time is over for this order.']);
      // The storefront words a code in Bengali from its catalogue (ADR 036).
      expect(BN_ERROR_MESSAGES[late.body.code as 'return-window-over']).toBe('ডেলিভারির পর {days} দিনের মধ্যে ফেরত বা সাইজ বদল করা যায়, এই অর্ডারের সেই সময় পেরিয়ে গেছে।');
      const optionsLate = await store.call('GET', `/api/public/orders/${orderId}/returns?phone=${phone}`);
      expect(optionsLate.body).toMatchObject({ open: false, reason: 'window-over' });
    } finally {
      expect((await store.call('PUT', '/api/admin/returns/settings', store.tokens.admin, settings.body.settings)).status).toBe(200);
    }
    const badSettings = await store.call('PUT', '/api/admin/returns/settings', store.tokens.admin, { ...settings.body.settings, window_days: 100 });
    expect([badSettings.status, badSettings.body.code]).toEqual([422, 'return-settings-invalid']);
  });

  it('takes an optional photo (JPEG, PNG or WebP up to 5 MB, kept privately without its metadata), names it on the request, and shows it to care only', async () => {
    const { product, small } = await productWithSizes();
    const { orderId, phone } = await deliveredOrder(product, small, { qty: 2 });
    const upload = async (bytes: Buffer, type: string, who: string | undefined = phone) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(bytes)], { type }), 'photo');
      if (who) form.append('phone', who);
      const response = await fetch(`${store.server.baseUrl}/api/public/orders/${orderId}/returns/photos`, { method: 'POST', body: form });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    };
    // A camera photo: JPEG with EXIF (orientation and where it was taken) that must not survive.
    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 200, g: 40, b: 40 } } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Make: 'PhoneCam', Copyright: 'Nusrat' } } })
      .toBuffer();

    const uploaded = await upload(photo, 'image/jpeg');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.photo).toMatch(/^[0-9a-f]{24}$/);
    const folder = join(store.server.dataDir, 'uploads', 'returns', orderId);
    expect(readdirSync(folder)).toEqual([`${uploaded.body.photo}.webp`]);
    // Never served from the uploads folder, however the path is spelled.
    for (const path of [`/uploads/returns/${orderId}/${uploaded.body.photo}.webp`, `/UPLOADS/Returns/${orderId}/${uploaded.body.photo}.webp`, `/uploads/%72eturns/${orderId}/${uploaded.body.photo}.webp`, `/uploads/products/../returns/${orderId}/${uploaded.body.photo}.webp`]) {
      expect({ path, status: (await fetch(`${store.server.baseUrl}${path}`)).status }).toEqual({ path, status: 404 });
    }

    // Refused clearly: not a picture, too large, a wrong phone (404 as for tracking), in English and in Bengali.
    const text = await upload(Buffer.from('not a picture at all'), 'image/jpeg');
    expect([text.status, text.body.code, text.body.message]).toEqual([422, 'picture-not-image', 'The file must be a JPEG, PNG or WebP picture.']);
    expect(BN_ERROR_MESSAGES[text.body.code as 'picture-not-image']).toBe('ফাইলটি JPEG, PNG বা WebP ছবি হতে হবে।');
    const huge = await upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024)]), 'image/jpeg');
    expect([huge.status, huge.body.code]).toEqual([422, 'picture-too-large']);
    expect(BN_ERROR_MESSAGES[huge.body.code as 'picture-too-large']).toBeTruthy();
    expect((await upload(photo, 'image/jpeg', '01700000000')).status).toBe(404);
    expect(readdirSync(folder)).toHaveLength(1);

    // The request names it; a photo of another order (or none uploaded) is refused.
    const unknown = await ask(orderId, { phone, product_id: product.id, size: small, unit: 2, kind: 'return', reason: 'not_as_pictured', photo: 'a'.repeat(24) });
    expect([unknown.status, unknown.body.code]).toEqual([422, 'return-photo-unknown']);
    const asked = await ask(orderId, { phone, product_id: product.id, size: small, unit: 1, kind: 'return', reason: 'not_as_pictured', photo: uploaded.body.photo });
    expect(asked.status).toBe(201);
    const [event] = (await store.server.app.get(DataSource).query(`SELECT data FROM events WHERE stream_id = $1 AND type = 'ReturnRequested' ORDER BY stream_position DESC LIMIT 1`, [`returns-${orderId}`])) as Array<{ data: { photo?: string } }>;
    expect(event.data.photo).toBe(uploaded.body.photo);

    // Care sees it on the returns list and reads it as a WebP without the camera's metadata; a request without one says so.
    const listed = await store.call('GET', `/api/admin/returns?order_id=${orderId}`, store.tokens.care);
    expect(listed.body.data[0]).toMatchObject({ return_id: asked.body.return_id, photo: true });
    const seen = await store.call('GET', `/api/admin/returns/${asked.body.return_id}/photo`, store.tokens.care);
    expect(seen.status).toBe(200);
    expect(seen.body.photo).toMatch(/^data:image\/webp;base64,/);
    const bytes = Buffer.from((seen.body.photo as string).split(',')[1], 'base64');
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 1280, 720, undefined]);
    expect((await store.call('GET', `/api/admin/returns/${asked.body.return_id}/photo`, store.tokens.customer)).status).toBe(403);
    expect((await store.call('GET', `/api/admin/returns/${asked.body.return_id}/photo`)).status).toBe(401);
    const plain = await ask(orderId, { phone, product_id: product.id, size: small, unit: 2, kind: 'return', reason: 'not_as_pictured' });
    const none = await store.call('GET', `/api/admin/returns/${plain.body.return_id}/photo`, store.tokens.care);
    expect([none.status, none.body.code]).toEqual([404, 'return-photo-none']);
    expect(existsSync(folder)).toBe(true);
  });

  it('shows returns by reason and size on the dashboard, from a projection a rebuild reproduces exactly', async () => {
    await store.server.app.get(ProjectionRunner).waitUntilCaughtUp();
    const dashboard = await store.call('GET', '/api/admin/dashboard/returns', store.tokens.care);
    expect(dashboard.status).toBe(200);
    const reasons = Object.fromEntries(dashboard.body.by_reason.map((row: { reason: string; returns: number; exchanges: number }) => [row.reason, row]));
    expect(reasons.size_too_small).toMatchObject({ exchanges: 1 });
    expect(reasons.damaged).toMatchObject({ returns: 1 });
    expect(dashboard.body.by_size.length).toBeGreaterThan(0);
    for (const row of dashboard.body.by_size) expect(row.rate).toBeGreaterThan(0);

    await store.server.app.get(ProjectionRunner).waitUntilCaughtUp();
    const manager = store.server.app.get(DataSource).manager;
    const hashes = async () => [await hashTable(manager, 'return_stats'), await hashTable(manager, 'return_units_sold'), await hashTable(manager, 'returns'), await hashTable(manager, 'return_timeline')];
    const before = await hashes();
    expect(Number((await manager.query(`SELECT count(*) AS n FROM return_timeline WHERE event_type = 'ReturnRefunded'`))[0].n)).toBeGreaterThan(0);
    expect(await rebuildProjection(store, 'return-stats')).toMatchObject({ state: 'done' });
    expect(await rebuildProjection(store, 'returns')).toMatchObject({ state: 'done' });
    expect(await rebuildProjection(store, 'return-timeline')).toMatchObject({ state: 'done' });
    expect(await hashes()).toEqual(before);
    expect((await store.call('GET', '/api/admin/dashboard/returns', store.tokens.care)).body).toEqual(dashboard.body);
  });
});
