import { Client } from 'pg';
import { hashTable } from '../../server/event-store/table-hash';
import { ProjectionRunner } from '../../server/event-store/projection-runner';
import { DEMO_STAFF_ACCOUNTS } from '../../server/seed/demo-accounts';
import { DataSource } from 'typeorm';
import { apiCaller, type Json } from '../support/api-caller';
import type { TestServer } from '../support/test-server';
import { useServerWithDb } from '../support/api-store';


describe('staff operations API', () => {
  let server: TestServer;
  let db: Client;
  let tokens: Record<'admin' | 'care' | 'customer', string>;
  const staffIds: Record<'admin' | 'care', string> = { admin: '', care: '' };

  const { call, signInEveryRole } = apiCaller(() => server.baseUrl);

  const store = useServerWithDb();
  beforeAll(async () => {
    ({ server, db } = store);
    tokens = await signInEveryRole();
    for (const account of DEMO_STAFF_ACCOUNTS) {
      const { rows } = await db.query('SELECT id FROM users WHERE email = $1', [account.email]);
      staffIds[account.role] = rows[0].id;
    }
    await server.app.get(ProjectionRunner).waitUntilCaughtUp();
  });

  const someSku = async (condition = 'st.available > 5') => {
    const { rows } = await db.query(
      `SELECT st.product_id, st.size, st.available FROM sku_stock st WHERE ${condition} ORDER BY st.product_id, st.size LIMIT 1`,
    );
    return rows[0] as { product_id: number; size: string; available: number };
  };

  const placeOrder = async (paymentMethod: 'cash' | 'bkash' = 'cash') => {
    const sku = await someSku();
    const { rows } = await db.query('SELECT id, name, slug, price_paisa FROM products WHERE id = $1', [sku.product_id]);
    const { status, body } = await call('POST', '/api/public/confirm-order', undefined, {
      cart: [{ id: rows[0].id, name: rows[0].name, slug: rows[0].slug, size: sku.size, qty: 1, price: rows[0].price_paisa / 100 }],
      coupon: null,
      couponoffer: null,
      data: {
        name: 'Karim Ahmed', email: '', phone: '01711000111', address: 'House 3, Road 2, Mirpur, Dhaka', shipping_phone: '01711000111',
        devliery_charge: 70, paymentMethod,
        ...(paymentMethod === 'bkash' ? { bkash_number: '01811000222', transaction_id: 'TX9A8B7C6D' } : {}),
      },
    });
    expect(status).toBe(201);
    return body.order_id as string;
  };

  /** The newest event of a stream, as recorded. */
  const lastEvent = async (streamId: string) => {
    const { rows } = await db.query(
      'SELECT type, data, metadata FROM events WHERE stream_id = $1 ORDER BY stream_position DESC LIMIT 1',
      [streamId],
    );
    return rows[0] as { type: string; data: Json; metadata: Json };
  };

  describe('who may call what', () => {
    // Every row has three entries: jest takes a test function with more parameters than its row for a `done` callback.
    const staffRoutes: Array<[string, string, unknown]> = [
      ['GET', '/api/admin/orders', undefined],
      ['GET', '/api/admin/dashboard', undefined],
      ['GET', '/api/admin/events', undefined],
      ['GET', '/api/admin/events/types', undefined],
      ['GET', '/api/admin/events/streams/order-NOPE', undefined],
      ['GET', '/api/admin/projections', undefined],
      ['POST', '/api/admin/projections/sku-stock/rebuild', undefined],
      ['GET', '/api/admin/stock', undefined],
      ['GET', '/api/admin/stock/1/M/stream', undefined],
      ['POST', '/api/admin/stock/receive', { productId: 1, size: 'M', quantity: 1 }],
      ['POST', '/api/admin/stock/adjust', { productId: 1, size: 'M', delta: 1, reason: 'count' }],
      ['GET', '/api/brands/allbrandlist', undefined],
      ['GET', '/api/brands/brandrow/1', undefined],
      ['POST', '/api/brands/save', { name: 'X', status: 1 }],
      ['GET', '/api/brands/delete/1', undefined],
      ['GET', '/api/admin/orders/ABCDEFGH', undefined],
      ['POST', '/api/admin/orders/instant', {}],
      ['POST', '/api/admin/orders/ABCDEFGH/confirm', {}],
      ['POST', '/api/admin/orders/ABCDEFGH/start-processing', {}],
      ['POST', '/api/admin/orders/ABCDEFGH/ship', {}],
      ['POST', '/api/admin/orders/ABCDEFGH/deliver', {}],
      ['POST', '/api/admin/orders/ABCDEFGH/cancel', { reason: 'x' }],
      ['POST', '/api/admin/orders/ABCDEFGH/return', { reason: 'x' }],
      ['POST', '/api/admin/orders/ABCDEFGH/verify-bkash', {}],
      ['POST', '/api/admin/orders/ABCDEFGH/notes', { note: 'x' }],
    ];

    it.each(staffRoutes)('%s %s refuses an anonymous caller with 401', async (method, path, body) => {
      const { status, body: answer } = await call(method, path, undefined, body);
      expect(status).toBe(401);
      expect(answer.success).toBe(false);
    });

    it.each(staffRoutes)('%s %s refuses a customer with 403', async (method, path, body) => {
      expect((await call(method, path, tokens.customer, body)).status).toBe(403);
    });

    const adminOnly = staffRoutes.filter(([, path]) => /\/(events|projections|brands)|stock\/(receive|adjust)/.test(path));
    it.each(adminOnly)('%s %s refuses customer care with 403: admin only', async (method, path, body) => {
      expect((await call(method, path, tokens.care, body)).status).toBe(403);
    });

    it('refuses a token signed with another secret', async () => {
      const [header, payload] = tokens.admin.split('.');
      expect((await call('GET', '/api/admin/projections', `${header}.${payload}.${'A'.repeat(43)}`)).status).toBe(401);
    });
  });

  describe('order steps by customer care', () => {
    it('records each step as its own event with the care member as actor, and moves the status along', async () => {
      const orderId = await placeOrder('bkash');
      const steps: Array<[string, unknown, string, string]> = [
        ['verify-bkash', { note: 'Sender number matches' }, 'BkashPaymentVerified', 'Pending'],
        ['confirm', { note: 'Called the customer' }, 'OrderConfirmed', 'Confirmed'],
        ['notes', { note: 'Wants delivery after 5 pm' }, 'OrderNoteAdded', 'Confirmed'],
        ['start-processing', {}, 'OrderProcessingStarted', 'Processing'],
        ['ship', { courier: 'Pathao', tracking_code: 'PT123' }, 'OrderShipped', 'Shipped'],
        ['deliver', {}, 'OrderDelivered', 'Delivered'],
      ];
      for (const [step, body, type, statusName] of steps) {
        const { status, body: answer } = await call('POST', `/api/admin/orders/${orderId}/${step}`, tokens.care, body);
        expect({ step, status }).toEqual({ step, status: 200 });
        expect(answer.order_status_name).toBe(statusName);
        const event = await lastEvent(`order-${orderId}`);
        expect(event.type).toBe(type);
        expect(event.metadata.actor).toMatchObject({ id: staffIds.care, role: 'care', name: 'Customer Care' });
      }
    });

    it('refuses a step the status does not allow, and records nothing', async () => {
      const orderId = await placeOrder();
      const before = await db.query('SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [`order-${orderId}`]);
      const { status } = await call('POST', `/api/admin/orders/${orderId}/deliver`, tokens.care, {});
      expect(status).toBe(409);
      const after = await db.query('SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [`order-${orderId}`]);
      expect(after.rows[0].n).toBe(before.rows[0].n);
    });

    it('refuses to ship without a courier and a tracking code, by field, and records nothing', async () => {
      const orderId = await placeOrder();
      await call('POST', `/api/admin/orders/${orderId}/confirm`, tokens.care, {});
      await call('POST', `/api/admin/orders/${orderId}/start-processing`, tokens.care, {});
      const before = await db.query('SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [`order-${orderId}`]);
      const empty = await call('POST', `/api/admin/orders/${orderId}/ship`, tokens.care, { courier: ' ', tracking_code: '' });
      expect(empty.status).toBe(422);
      expect(empty.body.errors).toEqual({ courier: ['Courier Required'], tracking_code: ['Tracking Code Required'] });
      const noCode = await call('POST', `/api/admin/orders/${orderId}/ship`, tokens.care, { courier: 'Pathao' });
      expect(noCode.body.errors).toEqual({ tracking_code: ['Tracking Code Required'] });
      const after = await db.query('SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [`order-${orderId}`]);
      expect(after.rows[0].n).toBe(before.rows[0].n);
      const shipped = await call('POST', `/api/admin/orders/${orderId}/ship`, tokens.care, { courier: 'Pathao', tracking_code: 'PT-7' });
      expect(shipped.status).toBe(200);
    });

    it('finds orders by a whole phone number typed as +880 or in Bengali digits', async () => {
      const orderId = await placeOrder('bkash');
      for (const typed of ['+880 1711-000111', '০১৭১১০০০১১১']) {
        const { status, body } = await call('GET', `/api/admin/orders?phone=${encodeURIComponent(typed)}`, tokens.care);
        expect(status).toBe(200);
        expect(body.data.map((row: Json) => row.orderId)).toContain(orderId);
      }
    });

    it('cancels with a reason recorded with the actor, and gives the units back', async () => {
      const orderId = await placeOrder();
      const missing = await call('POST', `/api/admin/orders/${orderId}/cancel`, tokens.care, {});
      expect(missing.status).toBe(422);
      const { status } = await call('POST', `/api/admin/orders/${orderId}/cancel`, tokens.admin, { reason: 'Customer changed their mind' });
      expect(status).toBe(200);
      const event = await lastEvent(`order-${orderId}`);
      expect(event.type).toBe('OrderCancelled');
      // The reason speaks about the customer, so the log holds it sealed under the order's key (ADR 053); the
      // care timeline reads it opened, with the acting admin.
      expect(event.metadata).toMatchObject({ actor: { id: staffIds.admin, role: 'admin' }, note: null });
      expect(event.data).toHaveProperty('_sealed');
      await server.app.get(ProjectionRunner).waitUntilCaughtUp();
      const page = await call('GET', `/api/admin/orders/${orderId}`, tokens.care);
      const last = (page.body.timeline as Array<{ event: string; actor: { id: string }; note: string | null }>).at(-1);
      expect(last).toMatchObject({ event: 'OrderCancelled', actor: { id: staffIds.admin }, note: 'Customer changed their mind' });
    });

    it('answers 422, not 500, for an instant order line whose product id is beyond what the store can hold', async () => {
      const { status, body } = await call('POST', '/api/admin/orders/instant', tokens.care, {
        name: 'Nusrat Jahan', phone: '01911000334', address: 'Uttara, Dhaka', payment_type: 'Cash', amount: 1200, lines: [{ id: 99999999999, size: 'M', qty: 1 }],
      });
      expect(status).toBe(422);
      expect(JSON.stringify(body.errors)).toContain('This product is no longer available.');
    });

    it('answers 422, not 500, when an amendment names a product id beyond what the store can hold', async () => {
      const placed = await call('POST', '/api/admin/orders/instant', tokens.care, {
        name: 'Nusrat Jahan', phone: '01911000335', address: 'Uttara, Dhaka', payment_type: 'Cash', amount: 1200,
      });
      expect(placed.status).toBe(201);
      const orderId = placed.body.order_id;
      const add = await call('POST', `/api/admin/orders/${orderId}/lines`, tokens.care, { id: 99999999999, size: 'M', qty: 1, reason: 'The shopper called' });
      expect(add.status).toBe(422);
      const change = await call('POST', `/api/admin/orders/${orderId}/lines/99999999999/M`, tokens.care, { size: 'L', qty: 1, reason: 'The shopper called' });
      expect(change.status).toBe(422);
      const remove = await call('POST', `/api/admin/orders/${orderId}/lines/99999999999/M/remove`, tokens.care, { reason: 'The shopper called' });
      expect(remove.status).toBe(422);
    });

    it('records an instant phone order with the care member as actor', async () => {
      const { status, body } = await call('POST', '/api/admin/orders/instant', tokens.care, {
        name: 'Nusrat Jahan', phone: '01911000333', address: 'Uttara, Dhaka', payment_type: 'Cash', amount: 1200, discount: 100, advance: 200,
      });
      expect(status).toBe(201);
      const { rows } = await db.query('SELECT type, metadata FROM events WHERE stream_id = $1 ORDER BY stream_position', [`order-${body.order_id}`]);
      expect(rows[0].metadata.actor).toMatchObject({ id: staffIds.care, role: 'care' });
    });
  });

  describe('order list and dashboard', () => {
    it('finds a fresh order by the last digits of its phone, by id and by status, newest first', async () => {
      const orderId = await placeOrder('bkash');
      const byPhone = await call('GET', '/api/admin/orders?phone=000111', tokens.care);
      expect(byPhone.status).toBe(200);
      expect(byPhone.body.data[0]).toMatchObject({ orderId, status: 'pending', order_status_name: 'Pending', payment_method: 'bkash', phone: '01711000111' });
      const times = byPhone.body.data.map((row: Json) => Date.parse(row.placed_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const byId = await call('GET', `/api/admin/orders?orderId=${orderId.slice(0, 5).toLowerCase()}`, tokens.care);
      expect(byId.body.data.map((row: Json) => row.orderId)).toContain(orderId);
      const delivered = await call('GET', '/api/admin/orders?status=delivered&payment=cash', tokens.care);
      for (const row of delivered.body.data) expect(row).toMatchObject({ status: 'delivered', payment_method: 'cash' });
      const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Dhaka' });
      const byDay = await call('GET', `/api/admin/orders?from=${today}&to=${today}`, tokens.care);
      expect(byDay.body.data.map((row: Json) => row.orderId)).toContain(orderId);
    });

    it('answers bad filters with 422 by field', async () => {
      const { status, body } = await call('GET', '/api/admin/orders?status=lost&from=22-11-2026&phone=abc', tokens.care);
      expect(status).toBe(422);
      expect(Object.keys(body.errors).sort()).toEqual(['from', 'phone', 'status']);
    });

    it('sums orders and revenue per day, counts statuses and lists low stock', async () => {
      await placeOrder();
      await server.app.get(ProjectionRunner).waitUntilCaughtUp();
      const { status, body } = await call('GET', '/api/admin/dashboard?days=7', tokens.care);
      expect(status).toBe(200);
      expect(body.ordersPerDay).toHaveLength(7);
      const { rows } = await db.query(
        `SELECT count(*)::int AS orders FROM order_details WHERE (placed_at AT TIME ZONE 'Asia/Dhaka')::date = (now() AT TIME ZONE 'Asia/Dhaka')::date`,
      );
      expect(body.ordersPerDay[6].orders).toBe(rows[0].orders);
      expect(body.ordersPerDay[6].revenue).toBeGreaterThan(0);
      const counted = body.byStatus.reduce((sum: number, row: Json) => sum + row.count, 0);
      const all = await db.query('SELECT count(*)::int AS n FROM order_details');
      expect(counted).toBe(all.rows[0].n);
      expect(body.topProducts.length).toBeGreaterThan(0);
      for (const sku of body.lowStock) expect(sku.available).toBeLessThanOrEqual(3);
    });
  });

  describe('stock', () => {
    it('records a receipt as StockReceived with the admin as actor, and the stock shows it', async () => {
      const sku = await someSku();
      const { status, body } = await call('POST', '/api/admin/stock/receive', tokens.admin, { productId: sku.product_id, size: sku.size.toLowerCase(), quantity: 12, note: 'Supplier delivery #44' });
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ productId: sku.product_id, size: sku.size, available: sku.available + 12 });
      const event = await lastEvent(`sku-${sku.product_id}-${sku.size}`);
      expect(event).toMatchObject({ type: 'StockReceived', data: { quantity: 12 }, metadata: { actor: { id: staffIds.admin, role: 'admin', name: 'Store Admin' }, note: 'Supplier delivery #44' } });
      await server.app.get(ProjectionRunner).waitUntilCaughtUp();
      const listed = await call('GET', `/api/admin/stock?search=${encodeURIComponent('')}&page=1`, tokens.care);
      expect(listed.status).toBe(200);
      const { rows } = await db.query('SELECT available FROM sku_stock WHERE product_id = $1 AND size = $2', [sku.product_id, sku.size]);
      expect(rows[0].available).toBe(sku.available + 12);
    });

    it('refuses an adjustment below zero with 409 and records nothing, and needs a reason', async () => {
      const sku = await someSku('st.available BETWEEN 1 AND 3');
      const streamId = `sku-${sku.product_id}-${sku.size}`;
      const before = await db.query('SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [streamId]);
      const refused = await call('POST', '/api/admin/stock/adjust', tokens.admin, { productId: sku.product_id, size: sku.size, delta: -(sku.available + 1), reason: 'stock count' });
      expect(refused.status).toBe(409);
      const after = await db.query('SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [streamId]);
      expect(after.rows[0].n).toBe(before.rows[0].n);
      const noReason = await call('POST', '/api/admin/stock/adjust', tokens.admin, { productId: sku.product_id, size: sku.size, delta: -1 });
      expect(noReason.status).toBe(422);
      expect(noReason.body.errors.reason[0]).toBe('The reason is required.');
      const adjusted = await call('POST', '/api/admin/stock/adjust', tokens.admin, { productId: sku.product_id, size: sku.size, delta: -1, reason: 'One damaged in the store room' });
      expect(adjusted.status).toBe(200);
      expect((await lastEvent(streamId)).metadata.actor.id).toBe(staffIds.admin);
    });

    it('answers 404 for a size the product is not sold in', async () => {
      const { status } = await call('POST', '/api/admin/stock/receive', tokens.admin, { productId: 1, size: 'XXXL', quantity: 1 });
      expect(status).toBe(404);
    });

    it('answers 422, not 500, for a product id beyond what the store can hold', async () => {
      const receive = await call('POST', '/api/admin/stock/receive', tokens.admin, { productId: 99999999999, size: 'M', quantity: 1 });
      expect(receive.status).toBe(422);
      expect(receive.body.errors.productId).toEqual(['The productId is not known.']);
      const adjust = await call('POST', '/api/admin/stock/adjust', tokens.admin, { productId: '99999999999', size: 'M', delta: 1, reason: 'Counted again' });
      expect(adjust.status).toBe(422);
      expect(adjust.body.errors.productId).toEqual(['The productId is not known.']);
    });

    it('lists low-stock SKUs lowest first, and shows a SKU stream', async () => {
      const { body } = await call('GET', '/api/admin/stock?low=true', tokens.care);
      expect(body.data.length).toBeGreaterThan(0);
      for (const row of body.data) expect(row.available).toBeLessThanOrEqual(3);
      const sku = await someSku();
      const stream = await call('GET', `/api/admin/stock/${sku.product_id}/${sku.size}/stream`, tokens.care);
      expect(stream.status).toBe(200);
      expect(stream.body.data[0]).toMatchObject({ streamId: `sku-${sku.product_id}-${sku.size}`, streamPosition: 1, type: 'StockReceived' });
    });
  });

  describe('event browser', () => {
    it('pages the global log newest first and filters by type and stream kind', async () => {
      const first = await call('GET', '/api/admin/events?limit=5', tokens.admin);
      expect(first.body.data).toHaveLength(5);
      const positions = first.body.data.map((event: Json) => Number(event.position));
      expect([...positions].sort((a, b) => b - a)).toEqual(positions);
      const next = await call('GET', `/api/admin/events?limit=5&before=${first.body.next_before}`, tokens.admin);
      expect(Number(next.body.data[0].position)).toBeLessThan(positions[4]);
      const received = await call('GET', '/api/admin/events?type=StockReceived&stream=sku-&limit=20', tokens.admin);
      for (const event of received.body.data) {
        expect(event.type).toBe('StockReceived');
        expect(event.streamId).toMatch(/^sku-/);
        expect(event.metadata).toMatchObject({ correlationId: expect.any(String), actor: expect.any(Object) });
      }
      const types = await call('GET', '/api/admin/events/types', tokens.admin);
      expect(types.body.data.map((row: Json) => row.type)).toContain('StockReceived');
    });

    it('answers bad filters with 422 and an unknown stream with 404', async () => {
      expect((await call('GET', '/api/admin/events?limit=1000', tokens.admin)).status).toBe(422);
      expect((await call('GET', '/api/admin/events?from=yesterday', tokens.admin)).status).toBe(422);
      expect((await call('GET', '/api/admin/events/streams/order-NOPE', tokens.admin)).status).toBe(404);
    });
  });

  describe('projections', () => {
    it('lists every projection with its checkpoint and lag, and rebuilds one to the same content', async () => {
      const { body } = await call('GET', '/api/admin/projections', tokens.admin);
      const names = body.data.map((projection: Json) => projection.name);
      expect(names).toEqual(expect.arrayContaining(['sku-stock', 'order-tracking', 'order-timeline']));
      for (const projection of body.data) {
        expect(projection).toMatchObject({ lagEvents: expect.any(Number), lagSeconds: expect.any(Number), checkpoint: { position: expect.any(String) } });
      }
      await server.app.get(ProjectionRunner).waitUntilCaughtUp();
      const dataSource = server.app.get(DataSource);
      const before = await hashTable(dataSource.manager, 'sku_stock');
      const started = await call('POST', '/api/admin/projections/sku-stock/rebuild', tokens.admin);
      expect(started.status).toBe(202);
      let job: Json | null = null;
      for (const deadline = Date.now() + 30_000; job?.state !== 'done' && Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const listed = await call('GET', '/api/admin/projections', tokens.admin);
        job = listed.body.data.find((projection: Json) => projection.name === 'sku-stock').job;
        expect(job?.state).not.toBe('failed');
      }
      expect(job).toMatchObject({ state: 'done', percent: 100 });
      expect(await hashTable(dataSource.manager, 'sku_stock')).toBe(before);
    });

    it('answers an unknown projection with 404', async () => {
      expect((await call('POST', '/api/admin/projections/nope/rebuild', tokens.admin)).status).toBe(404);
    });
  });

  describe('brands', () => {
    it('adds, lists, edits, reads and deletes a brand', async () => {
      const added = await call('POST', '/api/brands/save', tokens.admin, { name: 'Aarong Basics', description: 'Handloom cotton', status: 1 });
      expect(added.status).toBe(200);
      const id = added.body.data.id;
      const list = await call('GET', '/api/brands/allbrandlist', tokens.admin);
      expect(list.body.data).toEqual(expect.arrayContaining([{ id, name: 'Aarong Basics', description: 'Handloom cotton', status: 1 }]));
      const edited = await call('POST', '/api/brands/save', tokens.admin, { id, name: 'Aarong Basics', description: 'Handloom cotton', status: '0' });
      expect(edited.body.data.status).toBe(0);
      expect((await call('GET', `/api/brands/brandrow/${id}`, tokens.admin)).body.data.status).toBe(0);
      expect((await call('GET', `/api/brands/delete/${id}`, tokens.admin)).status).toBe(200);
      expect((await call('GET', `/api/brands/brandrow/${id}`, tokens.admin)).status).toBe(404);
      expect((await call('GET', `/api/brands/delete/${id}`, tokens.admin)).status).toBe(404);
    });

    it('answers a missing name or a bad status with 422 by field', async () => {
      const { status, body } = await call('POST', '/api/brands/save', tokens.admin, { name: ' ', status: 7 });
      expect(status).toBe(422);
      expect(body.errors.name[0]).toBe('The name field is required.');
      expect(body.errors.status[0]).toBe('The status must be 1 (active) or 0 (inactive).');
    });
  });
});

describe('the care view of an order while the timeline projection trails', () => {
  const store = useServerWithDb();
  const { call, signInEveryRole } = apiCaller(() => store.server.baseUrl);

  it('lists the steps just taken, with their reasons, read from the order stream', async () => {
    const runner = store.server.app.get(ProjectionRunner);
    await runner.waitUntilCaughtUp();
    // No projection applies anything from here on: the timeline table keeps nothing of this order.
    await runner.stop();
    const { care } = await signInEveryRole();
    const placed = await call('POST', '/api/admin/orders/instant', care, {
      name: 'Nusrat Jahan', phone: '01911000336', address: 'Uttara, Dhaka', payment_type: 'Cash', amount: 1200,
    });
    expect(placed.status).toBe(201);
    const orderId = placed.body.order_id as string;
    expect((await call('POST', `/api/admin/orders/${orderId}/confirm`, care, { note: 'Called, she wants it Friday.' })).status).toBe(200);
    expect((await call('POST', `/api/admin/orders/${orderId}/cancel`, care, { reason: 'Customer asked to cancel on the phone.' })).status).toBe(200);

    const { rows } = await store.db.query('SELECT count(*)::int AS projected FROM order_timeline WHERE order_id = $1', [orderId]);
    expect(rows[0].projected).toBe(0);
    const page = await call('GET', `/api/admin/orders/${orderId}`, care);
    expect(page.status).toBe(200);
    expect(page.body.orderrow.order_status_name).toBe('Cancelled');
    const timeline = page.body.timeline as Array<{ position: number; event: string; actor: { role: string }; note: string | null }>;
    expect(timeline.map(({ position, event, note }) => ({ position, event, note }))).toEqual([
      { position: 1, event: 'InstantOrderPlaced', note: null },
      { position: 2, event: 'OrderConfirmed', note: 'Called, she wants it Friday.' },
      { position: 3, event: 'OrderCancelled', note: 'Customer asked to cancel on the phone.' },
    ]);
    expect(timeline.every((entry) => entry.actor.role === 'care')).toBe(true);
  });
});
