import type { BatchOutcome } from './projection-batch';
import { ProjectionSubscription, type SubscriptionBatch } from './projection-subscription';

const timing = { pollIntervalMs: 10_000, retryInitialMs: 20, retryMaxMs: 60 };
// A backoff far longer than any test, so only a wake-up or a resume could end it, however slow the machine is.
const longBackoff = { ...timing, retryInitialMs: 5_000, retryMaxMs: 5_000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Every subscription a test starts is stopped after it, even when an expectation fails first: a running
// subscription holds a timer, and a timer left behind keeps jest from exiting.
const running: ProjectionSubscription[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((subscription) => subscription.stop()));
});

function setup(outcomes: Array<SubscriptionBatch | Error>, options: ConstructorParameters<typeof ProjectionSubscription>[2] = timing) {
  const calls: number[] = [];
  const failures: number[] = [];
  const started = Date.now();
  const subscription = new ProjectionSubscription(
    async () => {
      calls.push(Date.now() - started);
      const next = outcomes.shift() ?? 'idle';
      if (next instanceof Error) throw next;
      return next;
    },
    async (_error, consecutive) => {
      failures.push(consecutive);
    },
    options,
  );
  running.push(subscription);
  return { subscription, calls, failures };
}

describe('ProjectionSubscription', () => {
  it('runs batches back to back while there is more, then waits for a wake-up', async () => {
    const { subscription, calls } = setup(['more', 'more', 'idle']);
    subscription.start();
    await sleep(50);
    expect(calls).toHaveLength(3);

    subscription.wake();
    await sleep(20);
    await subscription.stop();

    expect(calls).toHaveLength(4);
  });

  it('stops at once when asked while a batch runs, without starting the poll interval\'s sleep', async () => {
    let finishBatch!: () => void;
    let batchStarted!: () => void;
    const started = new Promise<void>((resolve) => (batchStarted = resolve));
    const subscription = new ProjectionSubscription(
      () =>
        new Promise<BatchOutcome>((resolve) => {
          batchStarted();
          finishBatch = () => resolve('idle');
        }),
      async () => undefined,
      { ...timing, pollIntervalMs: 60_000 },
    );
    running.push(subscription);
    subscription.start();
    await started;
    const stopped = subscription.stop();
    const asked = Date.now();
    finishBatch();
    await stopped;
    expect(Date.now() - asked).toBeLessThan(5_000);
  });

  it('retries a failing batch with growing backoff and reports each consecutive failure', async () => {
    const { subscription, calls, failures } = setup([new Error('a'), new Error('b'), new Error('c'), 'idle']);
    subscription.start();
    await sleep(250);
    await subscription.stop();

    expect(failures).toEqual([1, 2, 3]);
    expect(calls).toHaveLength(4);
    expect(calls[2] - calls[1]).toBeGreaterThanOrEqual(35);
  });

  it('does not let notifications cut a backoff short', async () => {
    const { subscription, calls } = setup([new Error('down'), 'idle'], longBackoff);
    subscription.start();
    await sleep(5);
    subscription.wake();
    subscription.wake();
    await sleep(5);

    expect(calls).toHaveLength(1);
    await subscription.stop();
  });

  it('retries at once when resumed in the middle of a backoff (the database is reachable again)', async () => {
    const { subscription, calls } = setup([new Error('connection refused'), 'idle'], longBackoff);
    subscription.start();
    await sleep(20);
    expect(calls).toHaveLength(1);

    subscription.resume();
    await sleep(20);
    await subscription.stop();

    expect(calls).toHaveLength(2);
  });

  it('spaces batches more widely after a batch of many events (heavy traffic), and as before after a small one', async () => {
    const waitForCalls = async (calls: number[], count: number) => {
      for (const deadline = Date.now() + 10_000; calls.length < count && Date.now() < deadline; ) await sleep(5);
    };
    const { subscription, calls } = setup(
      [{ outcome: 'idle', applied: 60 }, { outcome: 'idle', applied: 3 }, 'idle'],
      { ...timing, minBatchIntervalMs: 0, busyBatchIntervalMs: 3_000, busyBatchEvents: 50 },
    );
    subscription.start();
    await waitForCalls(calls, 1);
    // Woken at once after a batch of 60 events: the next one still waits for the busy spacing.
    subscription.wake();
    await waitForCalls(calls, 2);
    // After a batch of 3, a wake-up runs the next batch at once.
    subscription.wake();
    await waitForCalls(calls, 3);

    expect(calls).toHaveLength(3);
    expect(calls[1] - calls[0]).toBeGreaterThanOrEqual(2_990);
    expect(calls[2] - calls[1]).toBeLessThan(2_000);
  });

  it('stops promptly even while sleeping for the poll interval', async () => {
    const { subscription } = setup(['idle']);
    subscription.start();
    await sleep(10);
    const before = Date.now();
    await subscription.stop();

    expect(Date.now() - before).toBeLessThan(100);
  });
});
