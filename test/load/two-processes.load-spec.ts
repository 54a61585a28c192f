import { Client } from 'pg';
import { DEMO_STAFF_ACCOUNTS } from '../../server/seed/demo-accounts';
import { apiCaller } from '../support/api-caller';
import { runBurst, runId } from './support/checkout-burst';
import { prepareBurst } from './support/burst-setup';
import { useLoadStore } from './support/load-store';
import { recordFigures, sized } from './support/profile';
import { expectReadModelsEqualReplay } from './support/replay-check';
import { checkReadSide, checkWriteSide, waitForProjections } from './support/store-invariants';
import { errorLines } from '../support/store-process';

/**
 * Two store processes on one database, as when the shop is scaled out behind a load balancer: clients
 * alternate between them during a burst. Both run the projections; each event must still be applied once
 * per projection (per-batch advisory locks and checkpoint compare-and-set), so the read models equal a
 * replay of the log, and every invariant of a single-process burst holds.
 */
const CHECKOUTS = sized(300, 1_000);
const CLIENTS = sized(40, 100);
const STOCK_PER_SKU = sized(20, 70);
const COUPON_LIMITS = sized([8, 16, 24], [30, 60, 90]);

describe(`two server processes on one database serve ${CHECKOUTS} checkouts together`, () => {
  const load = useLoadStore('load_two', 2);

  it('holds every invariant, and each projection applies each event once although both processes run it', async () => {
    const { fixture, database, stores } = load;
    const run = runId('two');
    const setup = await prepareBurst(fixture, { run, checkouts: CHECKOUTS, clients: CLIENTS, skuCount: 20, stockPerSku: STOCK_PER_SKU, couponLimits: COUPON_LIMITS });

    // Both processes listen before the burst (their LISTEN connections are counted for the report).
    const monitor = new Client({ connectionString: database.url });
    await monitor.connect();
    const { rows: listeners } = await monitor
      .query(`SELECT count(DISTINCT pid)::int AS backends FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'`)
      .finally(() => monitor.end());

    const started = Date.now();
    const answers = await runBurst({ checkouts: setup.checkouts, clients: CLIENTS, baseUrl: (client, attempt) => stores[(client + attempt) % 2].baseUrl });
    const seconds = (Date.now() - started) / 1000;
    const perProcess = [0, 1].map((which) => answers.filter((answer) => answer.checkout.client % 2 === which && answer.status === 201).length);
    expect(perProcess.every((orders) => orders > 0)).toBe(true);

    const figures = await checkWriteSide({ fixture, run, answers, ...setup });
    const catchUpSeconds = await waitForProjections(database.url);
    // Customer care can read every order through either process.
    await checkReadSide({ fixture, run, answers, ...setup, baseUrl: stores[0].baseUrl });
    await checkReadSide({ fixture, run, answers, ...setup, baseUrl: stores[1].baseUrl });
    // What each process says it applied, per projection: together, every event of the projection exactly once.
    const admin = DEMO_STAFF_ACCOUNTS.find((account) => account.role === 'admin')!;
    const appliedByProcess: Array<Record<string, number>> = [];
    for (const store of stores) {
      const api = apiCaller(() => store.baseUrl);
      const { access_token: token } = await api.login(admin.email, admin.password);
      const { status, body } = await api.call('GET', '/api/admin/projections', token);
      expect(status).toBe(200);
      appliedByProcess.push(Object.fromEntries(body.data.map((projection: { name: string; eventsAppliedByThisProcess: number }) => [projection.name, projection.eventsAppliedByThisProcess])));
    }
    const projections = await expectReadModelsEqualReplay(database.url);
    const eventsPerProjection: Record<string, number> = {};
    for (const projection of projections) {
      const [{ events }] = await fixture.dataSource.query(
        projection.eventTypes ? 'SELECT count(*)::int AS events FROM events WHERE type = ANY($1::text[])' : 'SELECT count(*)::int AS events FROM events',
        projection.eventTypes ? [projection.eventTypes] : [],
      );
      eventsPerProjection[projection.name] = events;
      expect({ projection: projection.name, applied: appliedByProcess[0][projection.name] + appliedByProcess[1][projection.name] }).toEqual({ projection: projection.name, applied: events });
    }
    // Both processes did share the work during the burst (the first alone had the seed).
    expect(Object.values(appliedByProcess[1]).some((applied) => applied > 0)).toBe(true);
    for (const store of stores) expect(errorLines(store.output())).toEqual([]);

    recordFigures('two-processes', {
      command: sized('npm test -- test/load/two-processes', 'npm run test:load -- two-processes'),
      processes: 2,
      clients: CLIENTS,
      listenConnections: listeners[0].backends,
      ordersPlacedThroughEachProcess: perProcess,
      seconds: Math.round(seconds * 10) / 10,
      projectionsComparedWithReplay: projections.map((projection) => projection.name),
      eventsPerProjection,
      eventsAppliedByEachProcess: appliedByProcess,
      projectionsCaughtUpSeconds: catchUpSeconds,
      ...figures,
    });
  }, 600_000);
});
