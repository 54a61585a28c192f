import { DataSource } from 'typeorm';
import { createApp } from '../server/app';
import { APP_CONFIG, type AppConfig } from '../server/config/app-config';
import { parseEnv } from '../server/config/env';
import { prepareRuntime } from '../server/config/runtime';
import { systemMetadata } from '../server/common/request/request-metadata';
import { EventStore } from '../server/event-store/event-store';
import { ShipmentBooking } from '../server/fulfilment/booking/shipment-booking';
import { Couriers } from '../server/fulfilment/couriers/couriers';
import { DemoCourier } from '../server/fulfilment/couriers/demo-courier';
import { ShipmentDesk } from '../server/ordering/published';
import { freshDatabase } from './support/fresh-database';
import { machine } from './support/machine';
import { resultsFile, runBenchmark, writeResults } from './support/results';

/**
 * Care's "Book selected" (issue 29): 200 confirmed orders booked in one batch with a courier that answers every
 * call in 200 ms (the demo courier with a delay, nothing leaves the machine), through the real store: intent
 * event, courier call, booking event, per order. Bar: under 10 s.
 */
const ORDERS = 200;
const LATENCY_MS = 200;
const BAR_SECONDS = 10;
const RESULTS_FILE = resultsFile('courier-booking.json');
let failed = false;

async function main(): Promise<void> {
  const database = await freshDatabase('bench_courier');
  const runtime = await prepareRuntime(parseEnv({ ...process.env, NODE_ENV: 'production', DATABASE_URL: database.url, SEED_DEMO: 'false', JWT_SECRET: 'b'.repeat(48), PERSONAL_DATA_KEY: 'p'.repeat(48), APP_ORIGINS: 'https://bench.example.com', LOG_LEVEL: 'error', MAIL_WORKER: 'off' }), () => undefined);
  const app = await createApp(runtime.config);
  await app.init();
  try {
    const store = app.get(EventStore);
    const dataSource = app.get(DataSource);
    const metadata = systemMetadata('courier booking bench');
    const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
    // Order ids as the store makes them (8 characters of the spoken-id alphabet): BNCH and the index in base 31.
    const orderIds = Array.from({ length: ORDERS }, (_, index) => `BNCH${[3, 2, 1, 0].map((power) => alphabet[Math.floor(index / alphabet.length ** power) % alphabet.length]).join('')}`);
    for (const orderId of orderIds) {
      const at = new Date().toISOString();
      await store.append(`order-${orderId}`, 'no-stream', [
        {
          type: 'OrderPlaced',
          data: {
            orderId, orderType: 1, placedAt: at,
            customer: { name: 'Nusrat Jahan', email: null, phone: '01711111111', address: 'House 4, Road 2, Dhanmondi, Dhaka', shippingPhone: '01711111111', userId: null },
            payment: { method: 'cash', bkashNumber: null, transactionId: null },
            shipping: { zone: 'inside', chargePaisa: 6000 },
            lines: [{ productId: 1, size: 'M', name: 'Classic tee', slug: 'classic-tee', thumbnail: '/t.svg', quantity: 1, unitPricePaisa: 65000 }],
            coupon: null,
            totals: { subtotalPaisa: 65000, discountPaisa: 0, deliveryChargePaisa: 6000, grandTotalPaisa: 71000 },
            luckyDrawTokens: [`${orderId}-1`],
          },
        },
        { type: 'OrderConfirmed', data: { orderId, at } },
      ], metadata);
    }
    // The order details the booking reads come from the projections: wait until every order is there.
    for (const deadline = Date.now() + 30_000; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
      const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM order_details WHERE order_id LIKE 'BNCH%' AND status = 'confirmed'`);
      if (count === ORDERS) break;
      if (Date.now() > deadline) throw new Error(`only ${count} of ${ORDERS} orders reached order_details`);
    }
    const slowCourier = new DemoCourier(dataSource, { latencyMs: LATENCY_MS });
    const booking = new ShipmentBooking(app.get(ShipmentDesk), new Couriers([slowCourier], app.get<AppConfig>(APP_CONFIG)));
    const started = process.hrtime.bigint();
    const results = await booking.bookMany(orderIds, { courier: 'demo' }, metadata);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const booked = results.filter((result) => result.ok && !result.already_booked).length;
    const [{ parcels }] = await dataSource.query(`SELECT count(*)::int AS parcels FROM demo_parcels`);
    failed = seconds >= BAR_SECONDS || booked !== ORDERS || parcels !== ORDERS;
    const report = {
      benchmark: 'courier-booking',
      at: new Date().toISOString(),
      machine: machine(database.serverVersion),
      orders: ORDERS,
      courierLatencyMs: LATENCY_MS,
      seconds: Number(seconds.toFixed(2)),
      ordersPerSecond: Number((ORDERS / seconds).toFixed(1)),
      booked,
      firstError: results.find((result) => !result.ok)?.error ?? null,
      parcelsAtTheCourier: parcels,
      bar: `under ${BAR_SECONDS} s, every order booked once`,
      verdict: failed ? 'FAIL' : 'PASS',
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    writeResults(RESULTS_FILE, report);
  } finally {
    await app.close();
    await runtime.stop();
    await database.dispose();
  }
}

runBenchmark(main, () => failed);
