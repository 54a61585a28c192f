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

/** The lock every checkout's COMMIT takes (shared) on its way through the trigger below; the test holds it to hold commits. */
const COMMIT_GATE = 720_301;

/**
 * Holds every checkout batch's COMMIT at the gate until one is waiting there (true), or gives up after
 * `timeoutMs` (false). Returns with the gate closed; `open` lets the held commits complete in PostgreSQL.
 */
async function holdACheckoutCommit(fixture: StoreFixture, timeoutMs: number): Promise<{ held: boolean; open: () => Promise<void> }> {
  const gate = fixture.dataSource.createQueryRunner();
  await gate.connect();
  await gate.query('SELECT pg_advisory_lock($1)', [COMMIT_GATE]);
  const open = async () => {
    await gate.query('SELECT pg_advisory_unlock($1)', [COMMIT_GATE]);
    await gate.release();
  };
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((resolveWait) => setTimeout(resolveWait, 2))) {
    const waiting: unknown[] = await gate.query(
      `SELECT 1 FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.objid = $1 AND NOT l.granted AND a.query = 'COMMIT'`,
      [COMMIT_GATE],
    );
    if (waiting.length > 0) return { held: true, open };
  }
  return { held: false, open };
}

/** Resolves once no transaction holds or waits for the commit gate any more: every commit it held has completed. */
async function commitsThroughTheGate(fixture: StoreFixture, timeoutMs: number): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; ; await new Promise((resolveWait) => setTimeout(resolveWait, 20))) {
    const [{ at }] = await fixture.dataSource.query(`SELECT count(*)::int AS at FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`, [COMMIT_GATE]);
    if (at === 0) return;
    if (Date.now() > deadline) throw new Error(`${at} transaction(s) still at the commit gate after ${timeoutMs} ms`);
  }
}

describe(`crash: the store is killed with SIGKILL in the middle of ${CHECKOUTS} checkouts and started again`, () => {
  const load = useLoadStore('load_crash');

  it('keeps every order a shopper was told about exactly once, and the read models catch up with nothing lost or doubled', async () => {
    const { fixture, database } = load;
    const store = load.stores[0];
    const run = runId('crash');
    const setup = await prepareBurst(fixture, { run, checkouts: CHECKOUTS, clients: CLIENTS, skuCount: 20, stockPerSku: STOCK_PER_SKU, couponLimits: COUPON_LIMITS });

    // A gate at commit time: each checkout batch's COMMIT passes a lock the test can hold (a deferred
    // trigger), so the crash can land exactly while the store waits for a commit PostgreSQL completes without it.
    await fixture.dataSource.query(`
      CREATE FUNCTION commit_gate() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_advisory_xact_lock_shared(${COMMIT_GATE}); RETURN NULL; END $$;
      CREATE CONSTRAINT TRIGGER commit_gate AFTER INSERT ON checkout_idempotency DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION commit_gate();`);

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
          // Exactly while a batch of checkouts waits at the commit gate: the store is frozen, then the gate
          // opens, so that batch's orders exist but their answers are never written.
          const gate = await holdACheckoutCommit(fixture, 10_000);
          frozenDuringCommit = gate.held;
          store.freeze();
          await gate.open();
          // The held commits complete in PostgreSQL (their transactions end, and their locks on the gate with them).
          await commitsThroughTheGate(fixture, 30_000);
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
