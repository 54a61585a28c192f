import { slidingWindow } from './rate-limiter';

describe('slidingWindow', () => {
  it('allows up to the limit within one window', () => {
    expect(slidingWindow(10, 0, 10, 0.5, 900).allowed).toBe(true);
    expect(slidingWindow(11, 0, 10, 0.5, 900)).toMatchObject({ allowed: false });
  });

  it('keeps counting the previous window just after a boundary, so no double burst', () => {
    // 10 hits at the end of the last window, 1 just after the boundary: still over the limit.
    expect(slidingWindow(1, 10, 10, 0.01, 900).allowed).toBe(false);
    // Most of the previous window has slid out: allowed again.
    expect(slidingWindow(1, 10, 10, 0.95, 900).allowed).toBe(true);
  });

  it('tells the caller how long to wait', () => {
    const refused = slidingWindow(1, 10, 10, 0.01, 900);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    // After waiting that long the same counts are allowed.
    const later = slidingWindow(1, 10, 10, 0.01 + refused.retryAfterSeconds / 900, 900);
    expect(later.allowed).toBe(true);
  });
});
