import { createHash, createHmac } from 'node:crypto';

/**
 * The lucky draw's one deterministic algorithm, used by the server when it holds a draw and by
 * `npm run verify-draw` when anyone checks one (docs/decisions/051-lucky-draw.md, docs/lucky-draw.md).
 * Pure: the same seed, list and prize table always give the same winners. Depends on node:crypto only, so
 * it can be copied out and run alone.
 */

/** One prize rank of an offer: "1st prize, 1 winner, 10,000 ৳". */
export interface PrizeTier {
  rank: number;
  label: string;
  winners: number;
  amountTaka: number;
}

export interface DrawWinner {
  /** 1-based slot: the first slot of the first rank is 1, then on through every winner of every rank. */
  slot: number;
  rank: number;
  label: string;
  amountTaka: number;
  /** What won: an entry of the published list (since issue 27; before, the token itself). */
  token: string;
  /** The lucky-draw token the winning entry stands for (`<orderId>-<n>`): the shop's to know, never published. */
  heldBy?: string;
}

/** `sha256(seed)` as lowercase hex, over the seed's UTF-8 text: `printf %s "$SEED" | sha256sum`. */
export function commitmentOf(seed: string): string {
  return createHash('sha256').update(seed, 'utf8').digest('hex');
}

/**
 * A token's entry in a draw's published list (issue 27): SHA-256 of "<entry key>:<token>" as lowercase hex,
 * `printf %s "$KEY:$TOKEN" | sha256sum`. The entry key is secret, one per token and draw, and shown only to
 * the token's holder, who can thus check that their token is in the list; nobody else can tell which order an
 * entry stands for, not even by trying every order id.
 */
export function drawEntryOf(entryKey: string, token: string): string {
  return createHash('sha256').update(`${entryKey}:${token}`, 'utf8').digest('hex');
}

/** The list as it is drawn from: unique tokens, sorted by UTF-16 code unit (plain `<` comparison). */
export function canonicalTokenList(tokens: Iterable<string>): string[] {
  return [...new Set(tokens)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** `sha256` of the canonical list joined with "\n" (no trailing newline), lowercase hex. */
export function tokenListHash(tokens: Iterable<string>): string {
  return createHash('sha256').update(canonicalTokenList(tokens).join('\n'), 'utf8').digest('hex');
}

const RANGE = 2 ** 48;

/**
 * An index in [0, size) for slot `slot`: the first 6 bytes of HMAC-SHA256(key = seed, message = "<slot>:<try>")
 * read as a big-endian integer x, for try = 0, 1, 2, ...; the first x below the largest multiple of size
 * that fits in 2^48 gives x mod size. Rejecting the top of the range keeps every index equally likely.
 */
export function pickIndex(seed: string, slot: number, size: number): number {
  if (!Number.isInteger(size) || size < 1) throw new Error('cannot pick from an empty list');
  const limit = Math.floor(RANGE / size) * size;
  for (let attempt = 0; ; attempt += 1) {
    const digest = createHmac('sha256', Buffer.from(seed, 'utf8')).update(`${slot}:${attempt}`, 'utf8').digest();
    const x = digest.readUIntBE(0, 6);
    if (x < limit) return x % size;
  }
}

/** Prize slots in draw order: ranks ascending, each rank's winners one after another. */
export function prizeSlots(prizes: readonly PrizeTier[]): Array<Omit<DrawWinner, 'token'>> {
  const slots: Array<Omit<DrawWinner, 'token'>> = [];
  for (const prize of [...prizes].sort((a, b) => a.rank - b.rank)) {
    for (let i = 0; i < prize.winners; i += 1) {
      slots.push({ slot: slots.length + 1, rank: prize.rank, label: prize.label, amountTaka: prize.amountTaka });
    }
  }
  return slots;
}

/**
 * The winners: for each slot in order, pick an index into the tokens still in the pool (the canonical list
 * minus those already picked, order kept) and take that token out, so no token wins twice. When the list is
 * shorter than the prize table, the last slots stay empty.
 */
export function drawWinners(seed: string, tokens: Iterable<string>, prizes: readonly PrizeTier[]): DrawWinner[] {
  const pool = canonicalTokenList(tokens);
  const winners: DrawWinner[] = [];
  for (const slot of prizeSlots(prizes)) {
    if (pool.length === 0) break;
    const [token] = pool.splice(pickIndex(seed, slot.slot, pool.length), 1);
    winners.push({ ...slot, token });
  }
  return winners;
}
