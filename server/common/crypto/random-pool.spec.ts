import { randomBytesPooled } from './random-pool';

describe('randomBytesPooled', () => {
  it('hands out the sizes asked for, never the same bytes twice, across refills of the pool', () => {
    const seen = new Set<string>();
    // 12-byte IVs across more than ten pools of 4 KB, and a few 32-byte keys between them.
    for (let n = 0; n < 4_000; n++) {
      const bytes = randomBytesPooled(n % 100 === 0 ? 32 : 12);
      expect(bytes).toHaveLength(n % 100 === 0 ? 32 : 12);
      seen.add(bytes.toString('hex'));
    }
    expect(seen.size).toBe(4_000);
  });

  it('draws an ask larger than the pool on its own', () => {
    const large = randomBytesPooled(10_000);
    expect(large).toHaveLength(10_000);
    expect(new Set(large).size).toBeGreaterThan(200); // byte values spread, not a zeroed buffer
  });
});
