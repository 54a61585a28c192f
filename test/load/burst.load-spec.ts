import { percentile, runBurst, runId } from './support/checkout-burst';
import { prepareBurst } from './support/burst-setup';
import { useLoadStore } from './support/load-store';
import { sized, recordFigures } from './support/profile';
import { checkReadSide, checkWriteSide, waitForProjections } from './support/store-invariants';
import { errorLines } from '../support/store-process';

/**
 * A sale: 1,000 checkouts (short form: 200) from 100 concurrent clients (short: 40) on 20 SKUs whose stock
 * covers only part of the demand, with 3 coupons limited below their demand, against the store as shipped
 * (a `node dist/server/main.js` process). Afterwards every accepted order is readable, stock and coupon
 * counts add up exactly, and nobody got a 5xx.
 */
const CHECKOUTS = sized(200, 1_000);
const CLIENTS = sized(40, 100);
const STOCK_PER_SKU = sized(14, 70);
const COUPON_LIMITS = sized([6, 12, 18], [30, 60, 90]);

describe(`burst: ${CHECKOUTS} checkouts from ${CLIENTS} clients on 20 SKUs with tight stock and 3 limited coupons`, () => {
  const load = useLoadStore('load_burst');

  it('sells no more than it has, redeems no coupon beyond its limits, answers every shopper without a 5xx, and can show every order', async () => {
    const { fixture, database } = load;
    const store = load.stores[0];
    const run = runId('burst');
    const setup = await prepareBurst(fixture, { run, checkouts: CHECKOUTS, clients: CLIENTS, skuCount: 20, stockPerSku: STOCK_PER_SKU, couponLimits: COUPON_LIMITS });
    const demand = setup.checkouts.reduce((sum, checkout) => sum + checkout.cart.reduce((units, line) => units + line.qty, 0), 0);
    expect(demand).toBeGreaterThan(STOCK_PER_SKU * 20); // the stock is tight: the burst must sell out

    const started = Date.now();
    const answers = await runBurst({ checkouts: setup.checkouts, clients: CLIENTS, baseUrl: () => store.baseUrl });
    const seconds = (Date.now() - started) / 1000;

    const figures = await checkWriteSide({ fixture, run, answers, ...setup });
    expect(figures.accepted).toBeGreaterThan(0);
    expect(figures.refusedOutOfStock).toBeGreaterThan(0);
    expect(figures.refusedCoupon).toBeGreaterThan(0);

    const catchUpSeconds = await waitForProjections(database.url);
    await checkReadSide({ fixture, run, answers, ...setup, baseUrl: store.baseUrl });
    expect(errorLines(store.output())).toEqual([]);

    const latencies = answers.map((answer) => answer.latencyMs);
    recordFigures('burst', {
      command: sized('npm test -- test/load/burst', 'npm run test:load -- burst'),
      clients: CLIENTS,
      skus: 20,
      unitsDemanded: demand,
      ...figures,
      seconds: Math.round(seconds * 10) / 10,
      checkoutsPerSecond: Math.round(CHECKOUTS / seconds),
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      projectionsCaughtUpSeconds: catchUpSeconds,
    });
  }, 600_000);
});
