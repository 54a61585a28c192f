import { Client } from 'pg';
import { DEMO_STAFF_ACCOUNTS } from '../../../server/seed/demo-accounts';
import { availableStock, type StoreFixture } from '../../support/store-fixture';
import { englishMessage } from '../../../contracts/error-messages';
import { COUPON_REFUSAL_CODES } from '../../../server/promotions/domain/coupon.errors';
import { apiCaller } from '../../support/api-caller';
import { expectedTotals, isAccepted, isExpectedRefusal, type CheckoutAnswer, type LimitedCoupon, type Sku } from './checkout-burst';

/**
 * What must be true after any burst of checkouts, however it was served (one process, two, one killed and
 * restarted): every order a shopper was told about exists exactly once and costs what the catalog says; every
 * refusal is a shopper-readable 4xx; no SKU sold more than it had; no coupon used beyond its limits; and the
 * read models, once caught up, agree with the streams.
 */
export interface BurstFigures {
  checkouts: number;
  accepted: number;
  refusedOutOfStock: number;
  refusedCoupon: number;
  serverErrors: number;
  networkFailuresRetried: number;
  unitsSold: number;
  unitsInStockBefore: number;
  oversoldUnits: number;
  couponRedemptions: Record<string, { redeemed: number; limit: number }>;
  ordersLost: number;
  ordersDuplicated: number;
}

export interface InvariantInput {
  fixture: StoreFixture;
  run: string;
  answers: CheckoutAnswer[];
  skus: Sku[];
  stockPerSku: number;
  coupons: LimitedCoupon[];
  deliveryPaisa: number;
}

const skuKey = (sku: Sku) => `${sku.product.id}/${sku.size}`;

/** The write side: events and streams. Call once the burst is over (projections may still lag). */
export async function checkWriteSide(input: InvariantInput): Promise<BurstFigures> {
  const { fixture, answers } = input;
  const accepted = answers.filter(isAccepted);
  const allStatuses = answers.flatMap((answer) => answer.statuses);

  // Every shopper got a final answer, and no answer (retries included) was a server error.
  expect(answers.filter((answer) => answer.status === null).map((answer) => answer.checkout.key)).toEqual([]);
  expect(allStatuses.filter((status) => status >= 500)).toEqual([]);
  // Every answer is an order or a refusal a shopper can read.
  const unexpected = answers.filter((answer) => !isAccepted(answer) && !isExpectedRefusal(answer));
  expect(unexpected.map((answer) => ({ status: answer.status, body: answer.body }))).toEqual([]);
  // A retried checkout was always told the same order.
  for (const answer of accepted) expect(new Set(answer.orderIdsSeen)).toEqual(new Set([answer.body!.order_id]));
  const acceptedIds = accepted.map((answer) => answer.body!.order_id!);
  expect(new Set(acceptedIds).size).toBe(acceptedIds.length);

  // The idempotency records name exactly the orders the shoppers were told about, key for key.
  const records: Array<{ idempotency_key: string; order_id: string }> = await fixture.dataSource.query(
    `SELECT idempotency_key, order_id FROM checkout_idempotency WHERE idempotency_key LIKE $1`,
    [`${input.run}-%`],
  );
  const recordedByKey = new Map(records.map((record) => [record.idempotency_key, record.order_id]));
  const toldByKey = new Map(accepted.map((answer) => [answer.checkout.key, answer.body!.order_id!]));
  expect(recordedByKey).toEqual(toldByKey);

  // Each of those orders was placed exactly once, and no other order exists (the database is this burst's alone).
  const placed: Array<{ order_id: string; placed: number; data: { lines: Array<{ productId: number; size: string; quantity: number; unitPricePaisa: number }>; totals: Record<string, number>; coupon: { code: string } | null; customer: { phone: string } } }> =
    await fixture.dataSource.query(
      `SELECT data->>'orderId' AS order_id, count(*) OVER (PARTITION BY data->>'orderId')::int AS placed, data
         FROM events WHERE type = 'OrderPlaced'`,
    );
  const placedIds = new Set(placed.map((row) => row.order_id));
  const ordersDuplicated = placed.filter((row) => row.placed > 1).length;
  const ordersLost = acceptedIds.filter((id) => !placedIds.has(id)).length;
  expect(ordersDuplicated).toBe(0);
  expect(ordersLost).toBe(0);
  expect([...placedIds].sort()).toEqual([...acceptedIds].sort());

  // Each order costs what the catalog says, whatever the browser sent.
  const placedById = new Map(placed.map((row) => [row.order_id, row.data]));
  for (const answer of accepted) {
    const order = placedById.get(answer.body!.order_id!)!;
    const expected = expectedTotals(answer.checkout, input.deliveryPaisa);
    expect({ order: answer.body!.order_id, ...order.totals }).toEqual({ order: answer.body!.order_id, ...expected, deliveryChargePaisa: input.deliveryPaisa });
    expect(order.lines.map((line) => `${line.productId}/${line.size}x${line.quantity}@${line.unitPricePaisa}`).sort()).toEqual(
      answer.checkout.cart.map((line) => `${skuKey(line.sku)}x${line.qty}@${line.sku.product.pricePaisa}`).sort(),
    );
    expect(order.coupon?.code ?? null).toBe(answer.checkout.coupon?.code ?? null);
  }

  // Stock: each SKU's stream lost exactly the units of the accepted orders and never went below zero.
  const sold = new Map<string, number>();
  for (const answer of accepted) for (const line of answer.checkout.cart) sold.set(skuKey(line.sku), (sold.get(skuKey(line.sku)) ?? 0) + line.qty);
  let oversoldUnits = 0;
  for (const sku of input.skus) {
    const available = await availableStock(fixture, sku.product.id, sku.size);
    if (available < 0) oversoldUnits += -available;
    expect({ sku: skuKey(sku), available }).toEqual({ sku: skuKey(sku), available: input.stockPerSku - (sold.get(skuKey(sku)) ?? 0) });
  }
  expect(oversoldUnits).toBe(0);

  // Coupons: uses recorded on each coupon's stream match the accepted orders, within the total and per-phone limits.
  const couponRedemptions: BurstFigures['couponRedemptions'] = {};
  for (const coupon of input.coupons) {
    const redemptions: Array<{ order_id: string; phone: string }> = await fixture.dataSource.query(
      // The use's phone is sealed in the event (ADR 053); the order's contact phone is the same number.
      `SELECT e.data->>'orderId' AS order_id, d.phone FROM events e LEFT JOIN order_details d ON d.order_id = e.data->>'orderId'
        WHERE e.stream_id = $1 AND e.type = 'CouponRedeemed'`,
      [`coupon-${coupon.code}`],
    );
    const withCoupon = accepted.filter((answer) => answer.checkout.coupon?.code === coupon.code).map((answer) => answer.body!.order_id!);
    expect(redemptions.map((row) => row.order_id).sort()).toEqual(withCoupon.sort());
    expect(redemptions.length).toBeLessThanOrEqual(coupon.totalLimit);
    const perPhone = new Map<string, number>();
    for (const row of redemptions) perPhone.set(row.phone, (perPhone.get(row.phone) ?? 0) + 1);
    expect(Math.max(0, ...perPhone.values())).toBeLessThanOrEqual(coupon.perPhoneLimit);
    const refusedAsUsedUp = answers.some(
      (answer) => answer.checkout.coupon?.code === coupon.code && Object.values(answer.body?.errors ?? {}).flat().includes(englishMessage(COUPON_REFUSAL_CODES['used-up'])),
    );
    if (refusedAsUsedUp) expect(redemptions.length).toBe(coupon.totalLimit);
    couponRedemptions[coupon.code] = { redeemed: redemptions.length, limit: coupon.totalLimit };
  }

  return {
    checkouts: answers.length,
    accepted: accepted.length,
    refusedOutOfStock: answers.filter((answer) => answer.status === 409).length,
    refusedCoupon: answers.filter((answer) => answer.status === 422).length,
    serverErrors: allStatuses.filter((status) => status >= 500).length,
    networkFailuresRetried: allStatuses.filter((status) => status === 0).length,
    unitsSold: [...sold.values()].reduce((sum, units) => sum + units, 0),
    unitsInStockBefore: input.stockPerSku * input.skus.length,
    oversoldUnits,
    couponRedemptions,
    ordersLost,
    ordersDuplicated,
  };
}

/** Waits until every projection has processed the whole log; returns the seconds it took. */
export async function waitForProjections(databaseUrl: string, timeoutMs = 120_000): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const started = Date.now();
  try {
    for (;;) {
      const { rows } = await client.query(
        `SELECT name, position, status, last_error, (SELECT coalesce(max(global_position), 0) FROM events) AS head FROM projection_checkpoints`,
      );
      if (rows.length > 0 && rows.every((row) => Number(row.position) >= Number(row.head))) return (Date.now() - started) / 1000;
      if (Date.now() - started > timeoutMs) {
        // What may hold the safe head back: transactions still open anywhere on the server (the safe global order
        // is server-wide, ADR 046), oldest first, and which database they are in.
        const { rows: open } = await client.query(
          `SELECT datname, application_name, state, backend_xid::text AS xid, backend_xmin::text AS xmin, round(extract(epoch FROM now() - xact_start)) AS seconds,
                  wait_event_type, wait_event, left(query, 120) AS query
             FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND (xact_start IS NOT NULL OR backend_xmin IS NOT NULL)
            ORDER BY xact_start NULLS LAST LIMIT 10`,
        );
        throw new Error(`projections did not catch up within ${timeoutMs / 1000} s: ${JSON.stringify(rows)}; open transactions: ${JSON.stringify(open)}`);
      }
      await new Promise((resolveWait) => setTimeout(resolveWait, 200));
    }
  } finally {
    await client.end();
  }
}

/**
 * The read side, once caught up: no projection failed; stock read model equals the streams; every accepted
 * order is readable by customer care through the API with the catalog's total.
 */
export async function checkReadSide(input: InvariantInput & { baseUrl: string }): Promise<void> {
  const { fixture } = input;
  const checkpoints: Array<{ name: string; status: string; last_error: string | null }> = await fixture.dataSource.query(
    'SELECT name, status, last_error FROM projection_checkpoints ORDER BY name',
  );
  expect(checkpoints.filter((checkpoint) => checkpoint.status === 'failing' || checkpoint.last_error)).toEqual([]);

  for (const sku of input.skus) {
    const [row] = await fixture.dataSource.query('SELECT available FROM sku_stock WHERE product_id = $1 AND size = $2', [sku.product.id, sku.size]);
    expect({ sku: skuKey(sku), available: row?.available }).toEqual({ sku: skuKey(sku), available: await availableStock(fixture, sku.product.id, sku.size) });
  }

  const api = apiCaller(() => input.baseUrl);
  const care = DEMO_STAFF_ACCOUNTS.find((account) => account.role === 'care')!;
  const { access_token: token } = await api.login(care.email, care.password);
  const accepted = input.answers.filter(isAccepted);
  const unreadable: unknown[] = [];
  for (let start = 0; start < accepted.length; start += 16) {
    await Promise.all(
      accepted.slice(start, start + 16).map(async (answer) => {
        const orderId = answer.body!.order_id!;
        const { status, body } = await api.call('GET', `/api/admin/orders/${orderId}`, token);
        const expected = expectedTotals(answer.checkout, input.deliveryPaisa);
        const ok =
          status === 200 &&
          body.orderrow.orderId === orderId &&
          Math.round(Number(body.orderrow.grand_total) * 100) === expected.grandTotalPaisa &&
          body.orderrow.phone_number === answer.checkout.phone &&
          body.history.length === answer.checkout.cart.length;
        if (!ok) unreadable.push({ orderId, status, body, expected });
      }),
    );
  }
  expect(unreadable).toEqual([]);
}
