import { createHash, createHmac } from 'node:crypto';
import { canonicalTokenList, commitmentOf, drawWinners, pickIndex, prizeSlots, tokenListHash } from './draw-algorithm';
import { DEFAULT_PRIZES } from './offer.events';

const SEED = 'a3f1c0de9b8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a392817060504';
const tokens = (count: number) => Array.from({ length: count }, (_, i) => `ORDER${i}-1`);
const LIST = canonicalTokenList(Array.from({ length: 120 }, (_, i) => `ORD${i}-${(i % 4) + 1}`));

describe('the lucky-draw algorithm', () => {
  it('the commitment is the SHA-256 of the seed text, as `printf %s "$SEED" | sha256sum` prints it', () => {
    expect(commitmentOf(SEED)).toBe(createHash('sha256').update(SEED).digest('hex'));
    expect(commitmentOf('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('the list hash is over the sorted, de-duplicated tokens joined by newlines', () => {
    expect(tokenListHash(['B-1', 'A-2', 'A-1', 'B-1'])).toBe(createHash('sha256').update('A-1\nA-2\nB-1').digest('hex'));
    expect(tokenListHash(['A-1', 'B-1'])).toBe(tokenListHash(['B-1', 'A-1']));
  });

  it('expands the spec prize table into 38 slots, first prize first', () => {
    const slots = prizeSlots(DEFAULT_PRIZES);
    expect(slots).toHaveLength(38);
    expect(slots[0]).toEqual({ slot: 1, rank: 1, label: '1st prize', amountTaka: 10_000 });
    expect(slots.filter((slot) => slot.rank === 5)).toHaveLength(20);
    expect(slots[37].slot).toBe(38);
  });

  it('the same seed and list always give the same winners, whatever order the list came in', () => {
    const first = drawWinners(SEED, LIST, DEFAULT_PRIZES);
    expect(drawWinners(SEED, [...LIST].reverse(), DEFAULT_PRIZES)).toEqual(first);
    expect(first).toHaveLength(38);
  });

  it('never names a token twice, and every winner is on the list', () => {
    const winners = drawWinners(SEED, LIST, DEFAULT_PRIZES);
    expect(new Set(winners.map((winner) => winner.token)).size).toBe(winners.length);
    for (const winner of winners) expect(LIST).toContain(winner.token);
  });

  it('another seed gives other winners', () => {
    const other = commitmentOf('another seed');
    expect(drawWinners(other, LIST, DEFAULT_PRIZES).map((w) => w.token)).not.toEqual(drawWinners(SEED, LIST, DEFAULT_PRIZES).map((w) => w.token));
  });

  it('changing one token of the list changes the winners', () => {
    const changed = [...LIST];
    changed[0] = 'ZZZ9-1'; // moves to the end of the sorted list, so every index after it shifts
    const before = drawWinners(SEED, LIST, DEFAULT_PRIZES).map((w) => w.token);
    const after = drawWinners(SEED, changed, DEFAULT_PRIZES).map((w) => w.token);
    expect(after).not.toEqual(before);
  });

  it('picks each index by HMAC-SHA256(seed, "<slot>:<try>"), its first 6 bytes mod the pool size', () => {
    const x = createHmac('sha256', SEED).update('1:0').digest().readUIntBE(0, 6);
    // 120 divides 2^48 - r with r small: the first try is almost always accepted.
    expect(pickIndex(SEED, 1, 120)).toBe(x % 120);
    expect(drawWinners(SEED, LIST, DEFAULT_PRIZES)[0].token).toBe(LIST[x % 120]);
  });

  it('leaves the last slots empty when there are fewer tokens than prizes', () => {
    const winners = drawWinners(SEED, tokens(5), DEFAULT_PRIZES);
    expect(winners).toHaveLength(5);
    expect(new Set(winners.map((w) => w.token))).toEqual(new Set(tokens(5)));
    expect(drawWinners(SEED, [], DEFAULT_PRIZES)).toEqual([]);
  });

  it('spreads picks evenly over the pool (no modulo bias worth seeing)', () => {
    const counts = new Array(7).fill(0);
    for (let slot = 1; slot <= 7000; slot += 1) counts[pickIndex(SEED, slot, 7)] += 1;
    for (const count of counts) expect(Math.abs(count - 1000)).toBeLessThan(150);
  });
});
