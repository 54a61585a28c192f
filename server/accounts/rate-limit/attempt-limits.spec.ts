import { TooManyRequestsError } from '../../common/errors/domain-error';
import { AttemptLimiter, AttemptRule } from './attempt-limits';
import { CountedHit, RateLimiter, slidingWindow } from '../../common/rate-limit/rate-limiter';

/** The limiter's counting in memory: one window, no time passing. */
class MemoryLimiter {
  readonly counts = new Map<string, number>();

  async count(key: string, max: number, windowSeconds: number) {
    const hits = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, hits);
    return { outcome: slidingWindow(hits, 0, max, 0.5, windowSeconds), hit: { key, windowSeconds, windowStart: 0 } satisfies CountedHit };
  }

  async refund(hit: CountedHit) {
    this.counts.set(hit.key, Math.max(0, (this.counts.get(hit.key) ?? 0) - 1));
  }
}

const RULES: AttemptRule[] = [
  { by: 'email@ip', max: 2, windowSeconds: 900, over: 'refuse' },
  { by: 'email', max: 3, windowSeconds: 900, over: 'slow', delayMs: 50 },
];

function setup() {
  const memory = new MemoryLimiter();
  const limiter = new AttemptLimiter(memory as unknown as RateLimiter);
  const attempt = (ip: string) => limiter.begin('login', RULES, { 'email@ip': `a@b.c|${ip}`, email: 'a@b.c' });
  return { memory, attempt };
}

describe('AttemptLimiter', () => {
  it('keeps failures counted and takes successes back, so right answers use none of the budget', async () => {
    const { memory, attempt } = setup();
    for (let i = 0; i < 5; i++) await (await attempt('1.1.1.1')).release();
    expect(memory.counts.get('login:email@ip:a@b.c|1.1.1.1')).toBe(0);
    await (await attempt('1.1.1.1')).keep();
    await (await attempt('1.1.1.1')).keep();
    expect(memory.counts.get('login:email@ip:a@b.c|1.1.1.1')).toBe(2);
  });

  it('refuses an address over its limit with 429 and counts the refused attempt nowhere', async () => {
    const { memory, attempt } = setup();
    await (await attempt('1.1.1.1')).keep();
    await (await attempt('1.1.1.1')).keep();
    await expect(attempt('1.1.1.1')).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(attempt('1.1.1.1')).rejects.toBeInstanceOf(TooManyRequestsError);
    expect(memory.counts.get('login:email@ip:a@b.c|1.1.1.1')).toBe(2);
    expect(memory.counts.get('login:email:a@b.c')).toBe(2);
  });

  it('over the subject ceiling it waits and then lets the attempt through, from any address', async () => {
    const { attempt } = setup();
    for (const ip of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) await (await attempt(ip)).keep();
    const started = Date.now();
    const slowed = await attempt('4.4.4.4');
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    await slowed.release();
  });

  it('settles an attempt once: a release after a keep takes nothing back', async () => {
    const { memory, attempt } = setup();
    const once = await attempt('1.1.1.1');
    await once.keep();
    await once.release();
    expect(memory.counts.get('login:email@ip:a@b.c|1.1.1.1')).toBe(1);
  });
});
