import type { StoreFixture } from '../support/store-fixture';
import { isAccepted, runBurst, runId } from './support/checkout-burst';
import { prepareBurst } from './support/burst-setup';
import { useLoadStore } from './support/load-store';
import { recordFigures, sized } from './support/profile';
import { expectReadModelsEqualReplay } from './support/replay-check';
import { checkReadSide, checkWriteSide, waitForProjections } from './support/store-invariants';

/**
 * The store process dies (SIGKILL: no shutdown hook, no flush) while a burst of checkouts is in flight, and
 * is started again. Shoppers' browsers retry what got no answer with the same Idempotency-Key, as the
 * storefront does. Every order whose order_id reached a shopper exists exactly once, no checkout made two
 * orders, the projections catch up with nothing lost or doubled, and retrying again changes nothing.
 */
const CHECKOUTS = sized(300, 1_000);
const CLIENTS = sized(40, 100);
const STOCK_PER_SKU = sized(20, 70);
const COUPON_LIMITS = sized([8, 16, 24], [30, 60, 90]);

/** Polls until some connection of the store has been in COMMIT for a few milliseconds (true), or gives up (false). */
async function waitForSlowCommit(fixture: StoreFixture, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const rows: unknown[] = await fixture.dataSource.query(
      // A checkout batch's COMMIT only (its transaction wrote checkout_idempotency), not a projection's or an
      // outbox's, which commit as often and as slowly on a busy machine but answer no shopper.
      `SELECT 1 FROM pg_stat_activity a
        WHERE a.datname = current_database() AND a.pid <> pg_backend_pid() AND a.state = 'active' AND a.query = 'COMMIT'
          AND now() - a.query_start > interval '5 milliseconds'
          AND EXISTS (SELECT 1 FROM pg_locks l
                       WHERE l.pid = a.pid AND l.relation = 'checkout_idempotency'::regclass AND l.mode = 'RowExclusiveLock')`,
    );
    if (rows.length > 0) return true;
  }
  return false;
}

describe(`crash: the store is killed with SIGKILL in the middle of ${CHECKOUTS} checkouts and started again`, () => {
  const load = useLoadStore('load_crash');

  it('keeps every order a shopper was told about exactly once, and the read models catch up with nothing lost or doubled', async () => {
    const { fixture, database } = load;
    const store = load.stores[0];
    const run = runId('crash');
    const setup = await prepareBurst(fixture, { run, checkouts: CHECKOUTS, clients: CLIENTS, skuCount: 20, stockPerSku: STOCK_PER_SKU, couponLimits: COUPON_LIMITS });

    // A slow disk at commit time: each checkout's COMMIT takes a few milliseconds more (a deferred trigger),
    // so a crash often lands while the store waits for a commit PostgreSQL will complete without it.
    await fixture.dataSource.query(`
      CREATE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(0.003); RETURN NULL; END $$;
      CREATE CONSTRAINT TRIGGER slow_commit AFTER INSERT ON checkout_idempotency DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION slow_commit();`);

    const progress = { sent: 0, finished: 0 };
    let crash: Promise<void> | undefined;
    let inFlightAtKill = 0;
    let frozenDuringCommit = false;
    let downSeconds = 0;
    const answers = await runBurst({
      checkouts: setup.checkouts,
      clients: CLIENTS,
      baseUrl: () => store.baseUrl,
      retryForMs: 120_000,
      progress,
      onAnswer: (answered) => {
        if (crash || answered < CHECKOUTS / 3) return;
        inFlightAtKill = progress.sent - progress.finished;
        crash = (async () => {
          const killedAt = Date.now();
          // Frozen first, as a process the kernel stops before it kills it: appends whose COMMIT was already
          // sent still complete in PostgreSQL, but their answers are never written. Those shoppers know
          // nothing of an order that exists; their retries must be given that very order.
          // Exactly while PostgreSQL is committing a batch of checkouts (the slow COMMIT above), so that
          // batch's orders will exist but their answers will never be written.
          frozenDuringCommit = await waitForSlowCommit(fixture, 3_000);
          store.freeze();
          await new Promise((resolveWait) => setTimeout(resolveWait, 500));
          await store.kill('SIGKILL');
          await store.restart();
          downSeconds = (Date.now() - killedAt) / 1000;
        })();
      },
    });
    await crash;
    expect(crash).toBeDefined();
    expect(inFlightAtKill).toBeGreaterThan(0);
    const acceptedWithoutRetry = answers.filter((answer) => isAccepted(answer) && answer.statuses.every((status) => status !== 0)).length;
    // Some shoppers lost their connection mid-checkout and had to retry; those whose order was committed
    // as the store froze were given that order (200, replayed), not a second one.
    const retried = answers.filter((answer) => answer.statuses.includes(0));
    expect(retried.length).toBeGreaterThan(0);
    expect(frozenDuringCommit).toBe(true);
    const madeBeforeTheKill = retried.filter((answer) => answer.status === 200);
    expect(madeBeforeTheKill.length).toBeGreaterThan(0);

    const figures = await checkWriteSide({ fixture, run, answers, ...setup });

    // Retrying every accepted checkout again (a double tap, a reload) answers 200 with the same order and makes none.
    const replays = await runBurst({ checkouts: answers.filter(isAccepted).map((answer) => answer.checkout), clients: CLIENTS, baseUrl: () => store.baseUrl });
    const byKey = new Map(answers.map((answer) => [answer.checkout.key, answer.body?.order_id]));
    expect(replays.filter((replay) => replay.status !== 200 || replay.body?.order_id !== byKey.get(replay.checkout.key))).toEqual([]);
    const [{ placed }] = await fixture.dataSource.query(`SELECT count(*)::int AS placed FROM events WHERE type = 'OrderPlaced'`);
    expect(placed).toBe(figures.accepted);

    // The restarted process alone brings every projection up to the head of the log.
    const catchUpSeconds = await waitForProjections(database.url);
    await checkReadSide({ fixture, run, answers, ...setup, baseUrl: store.baseUrl });
    const projections = await expectReadModelsEqualReplay(database.url);

    recordFigures('crash', {
      command: sized('npm test -- test/load/crash', 'npm run test:load -- crash'),
      clients: CLIENTS,
      killedAfterAnswers: Math.ceil(CHECKOUTS / 3),
      requestsInFlightAtKill: inFlightAtKill,
      secondsDownUntilHealthy: Math.round(downSeconds * 10) / 10,
      checkoutsThatRetried: retried.length,
      // Committed before the kill, answer lost with the connection: the retry got the same order back (200).
      retriesAnsweredWithTheOrderMadeBeforeTheKill: madeBeforeTheKill.length,
      acceptedWithoutRetry,
      replayedCheckouts: replays.length,
      projectionsComparedWithReplay: projections.map((projection) => projection.name),
      projectionsCaughtUpSeconds: catchUpSeconds,
      ...figures,
    });
  }, 600_000);
});
