import { CommandBus } from '@nestjs/cqrs';
import { requestMetadataOf } from '../../server/common/request/request-metadata';
import {
  CancelOrderCommand,
  ConfirmOrderCommand,
  DeliverOrderCommand,
  ReturnOrderCommand,
  ShipOrderCommand,
  StartProcessingCommand,
} from '../../server/ordering/change-order/order-steps.commands';
import { availableStock, setAvailableStock, type FixtureProduct, type StoreFixture } from '../support/store-fixture';
import type { TestServer } from '../support/test-server';
import { readJson, useApiStore } from '../support/api-store';
import { ProjectionRunner } from '../../server/event-store/projection-runner';

const NOT_FOUND = { success: false, code: 'order-not-found', message: 'Order not found or invalid information' };
const care = { id: 'care-1', role: 'care' as const, name: 'Care Agent' };

/** Order tracking, the confirmation page's lookup, and the staff status steps with their effects. */
describe('orders', () => {
  const store = useApiStore();
  let server: TestServer, fixture: StoreFixture, products: FixtureProduct[], insideTaka: number, commands: CommandBus;
  beforeAll(() => {
    ({ server, fixture, products, insideTaka } = store);
    commands = server.app.get(CommandBus);
  });

  let next = 0;
  /** A fresh order of `qty` units on a SKU of its own that had 10 available. */
  async function setup(qty = 2, phone = '01722222222') {
    const product = products[next++];
    const size = product.sizes[0];
    await setAvailableStock(fixture, product.id, size, 10);
    const response = await fetch(`${server.baseUrl}/api/public/confirm-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        cart: [{ id: product.id, size, qty }],
        coupon: null,
        couponoffer: null,
        data: { name: 'Nusrat Jahan', email: 'nusrat@example.com', phone, address: 'Agrabad, Chattogram', shipping_phone: phone, devliery_charge: insideTaka },
      }),
    });
    expect(response.status).toBe(201);
    const { order_id: orderId } = (await readJson(response)) as { order_id: string };
    return { orderId, product, size, phone };
  }

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.baseUrl}${path}`, { headers });
    return { status: response.status, body: await readJson(response) };
  };

  /** Staff metadata as a signed-in care agent's request would carry it. */
  const meta = () => requestMetadataOf({ header: () => undefined, user: care } as never);

  describe('GET /api/public/getOrderInformation', () => {
    it('shows status, customer, date and the lucky-draw tokens for the right id and phone', async () => {
      const { orderId, phone } = await setup(2);
      const { status, body } = await get(`/api/public/getOrderInformation?orderId=${orderId.toLowerCase()}&phone=${phone}`);
      expect(status).toBe(200);
      expect(body).toEqual({
        success: true,
        message: expect.any(String),
        data: expect.objectContaining({
          order_status_name: 'Pending',
          user_name: 'Nusrat Jahan',
          user_phone: phone,
          user_email: 'nusrat@example.com',
          order_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          coupons: `${orderId}-1, ${orderId}-2`,
          orderId,
        }),
      });
    });

    it('adds the steps with their times, the items and totals, and the lucky-draw tokens by name (issue 16)', async () => {
      const { orderId, phone, product } = await setup(2);
      const { body } = await get(`/api/public/getOrderInformation?orderId=${orderId}&phone=${phone}`);
      const price = product.pricePaisa / 100;
      expect(body.data).toMatchObject({
        status: 'pending',
        steps: [{ step: 'placed', name: 'Order placed', at: body.data.order_date }],
        items: [{ name: product.name, slug: product.slug, size: expect.any(String), qty: 2, price, total: price * 2 }],
        paymentMethod: 'cash',
        subtotal: price * 2,
        devliery_charge: insideTaka,
        grand_total: price * 2 + insideTaka,
        pay_on_delivery: price * 2 + insideTaka,
        courier: null,
        tracking_code: null,
        lucky_draw_tokens: [`${orderId}-1`, `${orderId}-2`],
      });
    });

    it.each([['+880 1733-333333'], ['8801733333333'], ['০১৭৩৩৩৩৩৩৩৩'], ['+88 017 3333 3333']])('finds the order by its phone typed as %s', async (typed) => {
      const { orderId } = await setup(1, '01733333333');
      const { status, body } = await get(`/api/public/getOrderInformation?orderId=${orderId}&phone=${encodeURIComponent(typed)}`);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ orderId, user_phone: '01733333333' });
    });

    it('gives the same answer for a wrong phone, a wrong id and missing parameters', async () => {
      const { orderId } = await setup(1);
      for (const query of [`orderId=${orderId}&phone=01799999999`, 'orderId=ZZZZZZZZ&phone=01722222222', 'orderId=0&phone=x', '']) {
        const { status, body } = await get(`/api/public/getOrderInformation?${query}`);
        expect([status, body]).toEqual([404, NOT_FOUND]);
      }
    });

    it('serves the verify screen the same data', async () => {
      const { orderId, phone } = await setup(1);
      const { status, body } = await get(`/api/public/verify/${orderId}/${phone}`);
      expect(status).toBe(200);
      expect(body.data.orderId).toBe(orderId);
      expect((await get(`/api/public/verify/${orderId}/01700000000`)).body).toEqual(NOT_FOUND);
    });
  });

  describe('GET /api/public/getOrders', () => {
    it('hides personal data unless the phone matches', async () => {
      const { orderId, phone } = await setup(1);
      const anonymous = await get(`/api/public/getOrders?orderId=${orderId}`);
      expect(anonymous.status).toBe(200);
      expect(anonymous.body.orderrow).toMatchObject({ orderId, customer_name: null, phone_number: null, address: null, email: null, shipping_phone: null });
      expect(anonymous.body.history).toHaveLength(1);
      const wrongPhone = await get(`/api/public/getOrders?orderId=${orderId}&phone=01799999999`);
      expect(wrongPhone.body.orderrow.customer_name).toBeNull();
      const owner = await get(`/api/public/getOrders?orderId=${orderId}&phone=${phone}`);
      expect(owner.body.orderrow).toMatchObject({ customer_name: 'Nusrat Jahan', phone_number: phone, address: 'Agrabad, Chattogram' });
      expect(owner.body.currencySymbol).toEqual(expect.any(String));
    });

    it('answers an unknown id with the not-found message', async () => {
      expect(await get('/api/public/getOrders?orderId=ZZZZZZZZ')).toEqual({ status: 404, body: NOT_FOUND });
    });
  });

  describe('status steps (CommandBus)', () => {
    it('walks pending → confirmed → processing → shipped → delivered, shown to the shopper by name', async () => {
      const { orderId, phone } = await setup(1);
      await commands.execute(new ConfirmOrderCommand(orderId, meta(), 'Called, customer confirmed'));
      await commands.execute(new StartProcessingCommand(orderId, meta()));
      await commands.execute(new ShipOrderCommand(orderId, meta(), null, 'Pathao', 'PX-42'));
      const result = await commands.execute(new DeliverOrderCommand(orderId, meta()));
      expect(result).toEqual({ orderId, status: 'delivered' });
      await server.app.get(ProjectionRunner).waitUntilCaughtUp();
      const { body } = await get(`/api/public/getOrderInformation?orderId=${orderId}&phone=${phone}`);
      expect(body.data.order_status_name).toBe('Delivered');
      // The shopper sees each step with its time, and the courier once shipped; never the care team's notes.
      expect(body.data.steps.map((step: { step: string }) => step.step)).toEqual(['placed', 'confirmed', 'processing', 'shipped', 'delivered']);
      for (const step of body.data.steps) expect(step.at).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(body.data).toMatchObject({ courier: 'Pathao', tracking_code: 'PX-42' });
      expect(JSON.stringify(body)).not.toContain('Called, customer confirmed');
    });

    it.each([
      ['ship a pending order', (id: string) => new ShipOrderCommand(id, meta(), null)],
      ['deliver a pending order', (id: string) => new DeliverOrderCommand(id, meta())],
      ['return an order never delivered', (id: string) => new ReturnOrderCommand(id, meta(), 'wrong size')],
    ])('refuses to %s with a 409', async (_name, step) => {
      const { orderId } = await setup(1);
      await expect(commands.execute(step(orderId))).rejects.toMatchObject({ status: 409 });
    });

    it('refuses to cancel a shipped order, and anything after a cancellation', async () => {
      const shipped = await setup(1);
      await commands.execute(new ConfirmOrderCommand(shipped.orderId, meta()));
      await commands.execute(new StartProcessingCommand(shipped.orderId, meta()));
      await commands.execute(new ShipOrderCommand(shipped.orderId, meta(), null));
      await expect(commands.execute(new CancelOrderCommand(shipped.orderId, meta(), 'too late'))).rejects.toMatchObject({ status: 409 });

      const cancelled = await setup(1);
      await commands.execute(new CancelOrderCommand(cancelled.orderId, meta(), 'customer changed mind'));
      await expect(commands.execute(new ConfirmOrderCommand(cancelled.orderId, meta()))).rejects.toMatchObject({ status: 409 });
      await expect(commands.execute(new CancelOrderCommand(cancelled.orderId, meta(), 'again'))).rejects.toMatchObject({ status: 409 });
    });

    it('requires a reason to cancel', async () => {
      const { orderId } = await setup(1);
      await expect(commands.execute(new CancelOrderCommand(orderId, meta(), '  '))).rejects.toMatchObject({ status: 422 });
    });

    it('gives the reserved units back when an order is cancelled', async () => {
      const { orderId, product, size } = await setup(3);
      expect(await availableStock(fixture, product.id, size)).toBe(7);
      await commands.execute(new ConfirmOrderCommand(orderId, meta()));
      await commands.execute(new CancelOrderCommand(orderId, meta(), 'customer not reachable'));
      expect(await availableStock(fixture, product.id, size)).toBe(10);
    });

    it('restocks the units when a delivered order is returned', async () => {
      const { orderId, product, size } = await setup(2);
      for (const step of [ConfirmOrderCommand, StartProcessingCommand, DeliverOrderCommand]) {
        if (step === DeliverOrderCommand) await commands.execute(new ShipOrderCommand(orderId, meta(), null));
        await commands.execute(new step(orderId, meta()));
      }
      await commands.execute(new ReturnOrderCommand(orderId, meta(), 'fabric defect'));
      expect(await availableStock(fixture, product.id, size)).toBe(10);
    });

    it('answers an unknown order with a 404', async () => {
      await expect(commands.execute(new ConfirmOrderCommand('ZZZZZZZZ', meta()))).rejects.toMatchObject({ status: 404 });
    });
  });

  describe('care HTTP routes', () => {
    async function staffToken(): Promise<string> {
      const response = await fetch(`${server.baseUrl}/api/auth/userLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'care@teebazaar.test', password: 'TeeBazaar-Care-2026!' }),
      });
      expect(response.status).toBe(200);
      return ((await readJson(response)) as { access_token: string }).access_token;
    }

    it('refuses a guest with 401', async () => {
      const { orderId } = await setup(1);
      const response = await fetch(`${server.baseUrl}/api/admin/orders/${orderId}/confirm`, { method: 'POST' });
      expect(response.status).toBe(401);
    });

    it('lets care confirm, note and cancel, and shows the timeline with actor and note', async () => {
      const { orderId } = await setup(1);
      const token = await staffToken();
      const post = async (path: string, body: unknown) => {
        const response = await fetch(`${server.baseUrl}/api/admin/orders/${orderId}/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: await readJson(response) };
      };
      expect(await post('confirm', { note: 'Customer confirmed by phone' })).toMatchObject({ status: 200, body: { status: 'confirmed', order_status_name: 'Confirmed' } });
      expect((await post('notes', { note: 'Wants delivery after 5 pm' })).status).toBe(200);
      expect((await post('cancel', {})).status).toBe(422);
      expect(await post('cancel', { reason: 'Out of delivery area' })).toMatchObject({ status: 200, body: { status: 'cancelled' } });
      expect((await post('ship', { courier: 'Pathao', tracking_code: 'PT-1' })).status).toBe(409);

      let view: { timeline: Array<{ event: string; actor: { role: string; name: string | null }; note: string | null }> } = { timeline: [] };
      for (const deadline = Date.now() + 30_000; view.timeline.length < 4 && Date.now() < deadline; ) {
        view = (await get(`/api/admin/orders/${orderId}`, { authorization: `Bearer ${token}` })).body;
        if (view.timeline.length < 4) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(view.timeline.map((entry) => [entry.event, entry.actor.role, entry.note])).toEqual([
        ['OrderPlaced', 'guest', null],
        ['OrderConfirmed', 'care', 'Customer confirmed by phone'],
        ['OrderNoteAdded', 'care', 'Wants delivery after 5 pm'],
        ['OrderCancelled', 'care', 'Out of delivery area'],
      ]);
    });

    it('records an instant (phone) order with amount, discount, advance and due', async () => {
      const token = await staffToken();
      const product = products[next++];
      await setAvailableStock(fixture, product.id, product.sizes[0], 5);
      const response = await fetch(`${server.baseUrl}/api/admin/orders/instant`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          name: 'Phone Customer',
          phone: '01933333333',
          address: 'Sylhet',
          payment_type: 'cash',
          amount: 1500,
          discount: 100,
          advance: 400,
          lines: [{ id: product.id, size: product.sizes[0], qty: 2 }],
        }),
      });
      expect(response.status).toBe(201);
      const { order_id: orderId } = (await readJson(response)) as { order_id: string };
      const { body } = await get(`/api/public/getOrders?orderId=${orderId}&phone=01933333333`);
      expect(body.orderrow).toMatchObject({ order_type: 2, payment_type: 'cash', amount: 1500, discount_amount: 100, advance: 400, due: 1000 });
      expect(await availableStock(fixture, product.id, product.sizes[0])).toBe(3);
    });

    it('refuses an instant order whose advance exceeds what is owed', async () => {
      const token = await staffToken();
      const response = await fetch(`${server.baseUrl}/api/admin/orders/instant`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ name: 'X', phone: '01933333333', payment_type: 'cash', amount: 100, discount: 50, advance: 60 }),
      });
      expect(response.status).toBe(422);
      expect((await readJson(response)).errors).toEqual({ advance: ['The advance cannot be more than the amount after discount.'] });
    });
  });
});
