import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { hashTable } from '../../server/event-store/table-hash';
import { ProjectionRunner } from '../../server/event-store/projection-runner';
import { verifyDraw, publishedDrawOf } from '../../server/promotions/verify/verify-draw';
import { createHash } from 'node:crypto';
import { commitmentOf, drawEntryOf, tokenListHash } from '../../server/promotions/domain/draw-algorithm';
import { ensureServerBuilt } from '../support/store-process';
import { apiCaller, type Json } from '../support/api-caller';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture';
import { startTestServer, TestServer } from '../support/test-server';

const run = promisify(execFile);
const HOUR = 60 * 60 * 1000;

/**
 * The lucky draw end to end over HTTP: an admin creates an offer, orders are placed (online and by phone),
 * delivered or cancelled, the draw is committed, closed and held, and anyone can recompute it.
 */
describe('lucky draw', () => {
  let server: TestServer;
  let smtp: SmtpCapture;
  let db: Client;
  let tokens: Record<'admin' | 'care' | 'customer', string>;
  const { call, signInEveryRole } = apiCaller(() => server.baseUrl);
  const caughtUp = () => server.app.get(ProjectionRunner).waitUntilCaughtUp();

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer({ env: { SMTP_URL: smtp.url } });
    db = new Client({ connectionString: server.databaseUrl });
    await db.connect();
    tokens = await signInEveryRole();
  });
  afterAll(async () => {
    await db?.end();
    await server?.stop();
    await smtp?.stop();
  });

  let phoneCounter = 0;
  const freshPhone = () => `0171${String(Date.now() % 1_000_000).padStart(6, '0')}${phoneCounter++ % 10}`.slice(0, 11);

  async function product(offset = 0) {
    const { rows } = await db.query(
      `SELECT p.id, p.name, p.slug, p.price_paisa, s.size FROM sku_stock s JOIN products p ON p.id = s.product_id
        WHERE s.available > 20 ORDER BY p.id, s.size OFFSET $1 LIMIT 1`,
      [offset],
    );
    return rows[0] as { id: number; name: string; slug: string; price_paisa: number; size: string };
  }

  async function placeOnline(quantities: number[], phone = freshPhone()): Promise<{ orderId: string; phone: string }> {
    const cart = [];
    for (const [index, qty] of quantities.entries()) {
      const p = await product(index);
      cart.push({ id: p.id, name: p.name, slug: p.slug, size: p.size, qty, price: p.price_paisa / 100 });
    }
    const answer = await call('POST', '/api/public/confirm-order', undefined, {
      cart,
      coupon: null,
      couponoffer: null,
      data: { name: 'Karim Ahmed', email: `buyer-${phone}@example.com`, phone, address: 'House 3, Road 2, Mirpur, Dhaka', shipping_phone: phone, devliery_charge: 70, paymentMethod: 'cash' },
    });
    expect(answer.status).toBe(201);
    return { orderId: answer.body.order_id, phone };
  }

  async function placeByPhone(qty: number): Promise<{ orderId: string; phone: string }> {
    const p = await product(2);
    const phone = freshPhone();
    const answer = await call('POST', '/api/admin/orders/instant', tokens.care, {
      name: 'Salma Begum',
      phone,
      address: 'Chittagong',
      payment_type: 'cash',
      amount: 1000,
      lines: [{ id: p.id, size: p.size, qty }],
    });
    expect(answer.status).toBe(201);
    return { orderId: answer.body.order_id, phone };
  }

  async function deliver(orderId: string) {
    for (const step of ['confirm', 'start-processing', 'ship', 'deliver']) {
      const body = step === 'ship' ? { courier: 'Pathao', tracking_code: 'PT123' } : {};
      const answer = await call('POST', `/api/admin/orders/${orderId}/${step}`, tokens.care, body);
      expect([step, answer.status]).toEqual([step, 200]);
    }
  }

  async function rebuild(name: string) {
    expect((await call('POST', `/api/admin/projections/${name}/rebuild`, tokens.admin)).status).toBe(202);
    for (let tries = 0; tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const job = (await call('GET', '/api/admin/projections', tokens.admin)).body.data.find((projection: Json) => projection.name === name).job;
      expect(job?.state).not.toBe('failed');
      if (job?.state === 'done') return;
    }
    throw new Error(`rebuild of ${name} did not finish`);
  }

  describe('who may call what', () => {
    it.each([
      ['POST', '/api/admin/offers'],
      ['PATCH', '/api/admin/offers/ABC234'],
      ['POST', '/api/admin/offers/ABC234/commit'],
      ['POST', '/api/admin/offers/ABC234/close'],
      ['POST', '/api/admin/offers/ABC234/draw'],
    ])('%s %s is for admins: 401 anonymous, 403 customer and care', async (method, path) => {
      expect((await call(method, path, undefined, {})).status).toBe(401);
      expect((await call(method, path, tokens.customer, {})).status).toBe(403);
      expect((await call(method, path, tokens.care, {})).status).toBe(403);
    });

    it('care may read offers and an order\'s tokens; a customer may not', async () => {
      expect((await call('GET', '/api/admin/offers', tokens.care)).status).toBe(200);
      expect((await call('GET', '/api/admin/offers', tokens.customer)).status).toBe(403);
      expect((await call('GET', '/api/admin/lucky-draw-tokens/ABCDEFGH', tokens.customer)).status).toBe(403);
    });
  });

  it('creates an offer with the spec\'s prize table and a 10% discount by default, and refuses a discount over 10%', async () => {
    const created = await call('POST', '/api/admin/offers', tokens.admin, { name: 'Default terms' });
    expect(created.status).toBe(201);
    await caughtUp();
    const { body } = await call('GET', `/api/admin/offers/${created.body.offer_id}`, tokens.admin);
    expect(body.data.prizes).toEqual([
      { rank: 1, label: '1st prize', winners: 1, amount: 10_000 },
      { rank: 2, label: '2nd prize', winners: 2, amount: 5_000 },
      { rank: 3, label: '3rd prize', winners: 5, amount: 2_000 },
      { rank: 4, label: '4th prize', winners: 10, amount: 1_000 },
      { rank: 5, label: '5th prize', winners: 20, amount: 500 },
    ]);
    expect(body.data.discount_percent).toBe(10);
    expect(body.data.status).toBe('open');

    const refused = await call('POST', '/api/admin/offers', tokens.admin, { name: 'Too generous', discount_percent: 15 });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.discount_percent[0]).toMatch(/0 to 10/);
    const backwards = await call('POST', '/api/admin/offers', tokens.admin, { name: 'Backwards', starts_at: '2026-12-01T00:00:00Z', ends_at: '2026-11-01T00:00:00Z' });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.ends_at).toBeDefined();
    expect((await call('GET', '/api/admin/offers/NOSUCH', tokens.admin)).status).toBe(404);
  });

  it('runs a draw anyone can verify: tokens of delivered orders only, committed seed, published list, unique winners', async () => {
    const created = await call('POST', '/api/admin/offers', tokens.admin, {
      name: 'Winter lucky draw',
      starts_at: new Date(Date.now() - HOUR).toISOString(),
      ends_at: new Date(Date.now() + HOUR).toISOString(),
      prizes: [
        { rank: 1, label: '1st prize', winners: 1, amount: 10_000 },
        { rank: 2, label: '2nd prize', winners: 2, amount: 5_000 },
        { rank: 3, label: '3rd prize', winners: 10, amount: 2_000 },
      ],
    });
    expect(created.status).toBe(201);
    const offerId: string = created.body.offer_id;

    const a = await placeOnline([2, 1]); // 3 t-shirts, delivered
    const b = await placeOnline([1]); // 1, delivered
    const c = await placeOnline([2]); // 2, cancelled
    const d = await placeByPhone(2); // 2, phone order, delivered
    const e = await placeOnline([1]); // 1, never delivered
    for (const order of [a, b, d]) await deliver(order.orderId);
    expect((await call('POST', `/api/admin/orders/${c.orderId}/cancel`, tokens.care, { reason: 'customer changed mind' })).status).toBe(200);
    await caughtUp();

    // Care sees each order's tokens and their state.
    const careA = await call('GET', `/api/admin/lucky-draw-tokens/${a.orderId}`, tokens.care);
    expect(careA.body.tokens.map((t: Json) => [t.token, t.state])).toEqual([1, 2, 3].map((n) => [`${a.orderId}-${n}`, 'eligible']));
    const careC = await call('GET', `/api/admin/lucky-draw-tokens/${c.orderId}`, tokens.care);
    expect(careC.body.tokens.map((t: Json) => [t.state, t.void_reason])).toEqual([['void', 'cancelled'], ['void', 'cancelled']]);
    const careE = await call('GET', `/api/admin/lucky-draw-tokens/${e.orderId}`, tokens.care);
    expect(careE.body.tokens.map((t: Json) => t.state)).toEqual(['issued']);

    // A shopper's own tokens, by order id and phone; a wrong phone learns nothing.
    const mine = await call('GET', `/api/public/offers/my-tokens?orderId=${d.orderId.toLowerCase()}&phone=${d.phone}`);
    expect(mine.status).toBe(200);
    expect(mine.body.tokens.map((t: Json) => t.token)).toEqual([`${d.orderId}-1`, `${d.orderId}-2`]);
    const wrong = await call('GET', `/api/public/offers/my-tokens?orderId=${d.orderId}&phone=01999999999`);
    expect(wrong.status).toBe(404);
    expect(JSON.stringify(wrong.body)).not.toContain(d.orderId);

    // Closing needs a commitment first; the commitment is published, the seed is not.
    expect((await call('POST', `/api/admin/offers/${offerId}/close`, tokens.admin)).status).toBe(409);
    expect((await call('PATCH', `/api/admin/offers/${offerId}`, tokens.admin, { ends_at: new Date().toISOString() })).status).toBe(200);
    expect((await call('POST', `/api/admin/offers/${offerId}/commit`, tokens.admin)).status).toBe(200);
    expect((await call('POST', `/api/admin/offers/${offerId}/commit`, tokens.admin)).status).toBe(409);
    expect((await call('PATCH', `/api/admin/offers/${offerId}`, tokens.admin, { discount_percent: 5 })).status).toBe(409);
    await caughtUp();
    const committed = (await call('GET', `/api/public/offers/${offerId}`)).body.data;
    expect(committed.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(committed.seed).toBeNull();
    expect(committed.eligible_tokens).toBeNull();
    const { rows: stored } = await db.query('SELECT ciphertext FROM lucky_draw_seeds WHERE offer_id = $1', [offerId]);
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(await db.query(`SELECT data FROM events WHERE stream_id = $1`, [`offer-${offerId}`]))).not.toMatch(/"seed"/);
    expect((await call('POST', `/api/admin/offers/${offerId}/draw`, tokens.admin)).status).toBe(409);

    expect(committed.entries_commitment).toMatch(/^[0-9a-f]{64}$/);

    // The close publishes one entry per t-shirt of the delivered orders of the period, and no order id (issue 27):
    // each holder sees their tokens' entry keys and finds their entries in the list; nobody else can tell whose.
    expect((await call('POST', `/api/admin/offers/${offerId}/close`, tokens.admin)).status).toBe(200);
    await caughtUp();
    const closed = (await call('GET', `/api/public/offers/${offerId}`)).body.data;
    const expected = [`${a.orderId}-1`, `${a.orderId}-2`, `${a.orderId}-3`, `${b.orderId}-1`, `${d.orderId}-1`, `${d.orderId}-2`];
    expect(closed.eligible_tokens).toHaveLength(3 + 1 + 2);
    for (const entry of closed.eligible_tokens) expect(entry).toMatch(/^[0-9a-f]{64}$/);
    expect(closed.tokens_hash).toBe(tokenListHash(closed.eligible_tokens));
    const orders = [a, b, c, d, e];
    const hashed = (text: string) => createHash('sha256').update(text).digest('hex');
    for (const order of orders) {
      expect(JSON.stringify(closed)).not.toContain(order.orderId);
      // Not a plain hash of a token or an order id, which trying every order id would reverse.
      for (const guess of [order.orderId, `${order.orderId}-1`, `${order.orderId}-2`]) expect(closed.eligible_tokens).not.toContain(hashed(guess));
    }
    const entriesOf = async (order: { orderId: string; phone: string }) => {
      const answer = await call('GET', `/api/public/offers/my-tokens?orderId=${order.orderId}&phone=${order.phone}`);
      expect(answer.status).toBe(200);
      return answer.body.tokens.map((t: Json) => ({ token: t.token, ...t.draws.find((draw: Json) => draw.offer_id === offerId) }));
    };
    const listed: Json[] = [];
    for (const order of [a, b, d]) {
      for (const mine of await entriesOf(order)) {
        expect(mine).toMatchObject({ offer_name: 'Winter lucky draw', listed: true, entry_key: expect.stringMatching(/^[0-9a-f]{32}$/) });
        expect(drawEntryOf(mine.entry_key, mine.token)).toBe(mine.entry);
        expect(closed.eligible_tokens).toContain(mine.entry);
        listed.push(mine);
      }
    }
    expect(listed.map((mine) => mine.token).sort()).toEqual([...expected].sort());
    for (const order of [c, e]) for (const mine of await entriesOf(order)) expect(mine).toMatchObject({ listed: false });

    // The draw reveals the seed and names the winners; the admin is in the event's metadata.
    const drawn = await call('POST', `/api/admin/offers/${offerId}/draw`, tokens.admin);
    expect(drawn.status).toBe(200);
    expect((await call('POST', `/api/admin/offers/${offerId}/draw`, tokens.admin)).status).toBe(409);
    await caughtUp();
    const published = await call('GET', `/api/public/offers/${offerId}`);
    const offer = published.body.data;
    expect(commitmentOf(offer.seed)).toBe(committed.commitment);
    expect(offer.winners).toHaveLength(6); // 13 prizes, 6 tokens
    expect(new Set(offer.winners.map((w: Json) => w.token)).size).toBe(6);
    expect(offer.winners[0]).toMatchObject({ slot: 1, rank: 1, label: '1st prize', amount: 10_000 });
    // At most three digits of a winner's phone, and no order id anywhere in what is published.
    for (const winner of offer.winners) expect(winner.phone).toMatch(/^\*{8}\d{3}$/);
    for (const order of orders) expect(JSON.stringify(published.body)).not.toContain(order.orderId);
    const { rows: held } = await db.query(`SELECT metadata FROM events WHERE stream_id = $1 AND type = 'DrawHeld'`, [`offer-${offerId}`]);
    expect(held[0].metadata.actor.role).toBe('admin');

    // Anyone can recompute it from the published data, and a changed winner is caught.
    expect(verifyDraw(publishedDrawOf(published.body)).ok).toBe(true);
    expect(verifyDraw(publishedDrawOf(published.body), listed.map((mine) => ({ token: mine.token, entryKey: mine.entry_key }))).ok).toBe(true);
    expect(verifyDraw(publishedDrawOf(published.body), [{ token: `${c.orderId}-1`, entryKey: listed[0].entry_key }]).ok).toBe(false);
    const tampered = { ...offer, winners: offer.winners.map((w: Json, i: number) => (i === 0 ? { ...w, token: offer.winners[1].token } : w)) };
    expect(verifyDraw(publishedDrawOf(tampered)).ok).toBe(false);
    expect(verifyDraw(publishedDrawOf({ ...offer, seed: 'f'.repeat(64) })).checks[0].ok).toBe(false);

    // The staff view names the token each winning entry stands for, and who holds it.
    const staff = await call('GET', `/api/admin/offers/${offerId}`, tokens.care);
    expect(staff.body.data.winners.every((w: Json) => [a, b, d].some((o) => o.orderId === w.order_id && w.held_by.startsWith(o.orderId)))).toBe(true);
    expect(staff.body.data.winners.map((w: Json) => w.held_by).sort()).toEqual([...expected].sort());
    // A holder sees which of their entries won.
    expect(offer.winners.map((w: Json) => w.token).sort()).toEqual(listed.map((mine) => mine.entry).sort());

    // Each winner whose order has an e-mail is told by mail, once per winning token, named as they know it (phone orders here have none).
    for (const winner of staff.body.data.winners.filter((w: Json) => w.order_id !== d.orderId)) {
      const holder = [a, b].find((o) => o.orderId === winner.order_id)!;
      const mail = await smtp.waitFor((m) => m.to.includes(`buyer-${holder.phone}@example.com`) && m.text.includes(winner.held_by), 30_000);
      expect(mail.subject).toContain(`You won the ${winner.label}`);
      expect(mail.text).toContain('Winter lucky draw');
    }

    // `npm run verify-draw -- <offer>` against the running store and against its database.
    ensureServerBuilt();
    const cli = join(__dirname, '..', '..', 'dist', 'server', 'verify-draw.js');
    const viaStore = await run(process.execPath, [cli, offerId, `${listed[0].token}:${listed[0].entry_key}`], { env: { ...process.env, DATABASE_URL: '', STORE_URL: server.baseUrl } });
    expect(viaStore.stdout).toContain('The published winners match');
    expect(viaStore.stdout).toContain(`OK   token ${listed[0].token} is in the list`);
    const viaDb = await run(process.execPath, [cli, offerId.toLowerCase()], { env: { ...process.env, DATABASE_URL: server.databaseUrl } });
    expect(viaDb.stdout).toContain('The published winners match');
    // Both read models rebuild from the log to the same content.
    const manager = server.app.get(DataSource).manager;
    for (const [projection, table] of [['lucky-draw-tokens', 'lucky_draw_tokens'], ['lucky-draw-offers', 'lucky_draw_offers']]) {
      const before = await hashTable(manager, table);
      await rebuild(projection);
      expect(await hashTable(manager, table)).toBe(before);
    }

    await db.query(`UPDATE lucky_draw_offers SET winners = jsonb_set(winners, '{0,token}', to_jsonb('${c.orderId}-1'::text)) WHERE offer_id = $1`, [offerId]);
    await expect(run(process.execPath, [cli, offerId], { env: { ...process.env, DATABASE_URL: server.databaseUrl } })).rejects.toMatchObject({ code: 1 });
  }, 300_000); // builds dist/server for the verify-draw command when it is stale

  describe('the offer discount at checkout', () => {
    const order = (cart: Json[], couponoffer: unknown = { coupon_code: 'LUCKY-DRAW', offer: 'lucky-draw', saved_at: new Date().toISOString() }) => {
      const phone = freshPhone();
      return call('POST', '/api/public/confirm-order', undefined, {
        cart,
        coupon: null,
        couponoffer,
        data: { name: 'Nasrin Akter', email: '', phone, address: 'Banani, Dhaka', shipping_phone: phone, devliery_charge: 70, paymentMethod: 'cash' },
      });
    };

    it('takes the running offer\'s percent off the offer-page lines, exactly, whatever the browser says', async () => {
      const created = await call('POST', '/api/admin/offers', tokens.admin, { name: 'Seven percent', starts_at: new Date().toISOString(), discount_percent: 7 });
      expect(created.status).toBe(201);
      await caughtUp();
      const [tee, other] = [await product(0), await product(1)];
      const placed = await order([
        { id: tee.id, name: tee.name, slug: tee.slug, size: tee.size, qty: 2, price: 1, coupon_code: 'LUCKY-DRAW', discount: 90 },
        { id: other.id, name: other.name, slug: other.slug, size: other.size, qty: 1, price: 1 },
      ], { coupon_code: 'LUCKY-DRAW', offer: 'lucky-draw', discountPercent: 90 });
      expect(placed.status).toBe(201);
      await caughtUp();
      const care = await call('GET', `/api/admin/orders/${placed.body.order_id}`, tokens.care);
      const subtotal = (2 * tee.price_paisa + other.price_paisa) / 100;
      const discount = Math.round((2 * tee.price_paisa * 7) / 100) / 100;
      expect(Number(care.body.orderrow.subtotal)).toBe(subtotal);
      expect(care.body.orderrow.discount_amount).toBe(discount);
      expect(Number(care.body.orderrow.grand_total)).toBeCloseTo(subtotal - discount + 70, 2);
      const { rows } = await db.query(`SELECT data->'offer' AS offer FROM events WHERE stream_id = $1 AND type = 'OrderPlaced'`, [`order-${placed.body.order_id}`]);
      expect(rows[0].offer).toEqual({
        offerId: created.body.offer_id,
        percent: 7,
        discountPaisa: Math.round((2 * tee.price_paisa * 7) / 100),
        lines: [{ productId: tee.id, size: tee.size, quantity: 2 }],
      });
    });

    it('refuses a tampered line coupon_code or coupon-offer with 422', async () => {
      const tee = await product(0);
      const line = { id: tee.id, name: tee.name, slug: tee.slug, size: tee.size, qty: 1, price: tee.price_paisa / 100 };
      const tamperedLine = await order([{ ...line, coupon_code: 'LUCKY-DRAW-50' }]);
      expect(tamperedLine.status).toBe(422);
      expect(tamperedLine.body.errors).toEqual({ 'cart.0.coupon_code': ['Invalid offer code.'] });
      const tamperedOffer = await order([{ ...line, coupon_code: 'LUCKY-DRAW' }], { coupon_code: 'FREE-SHIRT', discountPercent: 100 });
      expect(tamperedOffer.status).toBe(422);
      expect(tamperedOffer.body.errors).toEqual({ couponoffer: ['Invalid offer.'] });
    });
  });
});
