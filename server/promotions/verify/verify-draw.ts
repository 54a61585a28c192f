import { commitmentOf, drawEntryOf, drawWinners, tokenListHash, type PrizeTier } from '../domain/draw-algorithm';

/** The published data of an offer as `GET /api/public/offers/{id}` answers it (or its `data`). */
export interface PublishedDraw {
  id?: string;
  name?: string;
  prizes: Array<{ rank: number; label: string; winners: number; amount: number }>;
  commitment: string | null;
  tokens_hash: string | null;
  eligible_tokens: string[] | null;
  seed: string | null;
  winners: Array<{ slot: number; rank: number; token: string }>;
}

export interface DrawCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface DrawVerification {
  ok: boolean;
  checks: DrawCheck[];
  recomputed: Array<{ slot: number; rank: number; label: string; token: string }>;
}

/** The offer's public data out of an API answer (`{ success, data }`) or the bare object. */
export function publishedDrawOf(json: unknown): PublishedDraw {
  const body = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  const data = (typeof body.data === 'object' && body.data !== null ? body.data : body) as Record<string, unknown>;
  if (!Array.isArray(data.prizes) || !Array.isArray(data.winners)) throw new Error('this is not the public data of a lucky-draw offer (no prizes or winners)');
  return data as unknown as PublishedDraw;
}

/** A shopper's own token with its entry key, as their tokens' `draws` give it: `K7M2P9QX-1:3f0c…`. */
export interface OwnEntry {
  token: string;
  entryKey: string;
}

/** `<token>:<entry key>` as typed on the command line. */
export function ownEntryOf(text: string): OwnEntry {
  const at = text.lastIndexOf(':');
  if (at <= 0 || at === text.length - 1) throw new Error(`"${text}" is not <token>:<entry key>`);
  return { token: text.slice(0, at).trim().toUpperCase(), entryKey: text.slice(at + 1).trim().toLowerCase() };
}

/**
 * Recomputes a draw from what was published alone: the seed matches the commitment made before the list
 * was known, the list matches its hash, and the algorithm of `draw-algorithm.ts` over the seed, the list
 * and the prize table gives exactly the published winners, slot by slot. With a shopper's own tokens and
 * their entry keys, also that each token's entry is in the list (and whether it won).
 */
export function verifyDraw(draw: PublishedDraw, own: readonly OwnEntry[] = []): DrawVerification {
  const checks: DrawCheck[] = [];
  if (!draw.seed || !draw.commitment || !draw.eligible_tokens) {
    const missing = [!draw.commitment && 'commitment', !draw.eligible_tokens && 'eligible token list', !draw.seed && 'seed'].filter(Boolean).join(', ');
    return { ok: false, checks: [{ name: 'draw held', ok: false, detail: `not published yet: ${missing}` }], recomputed: [] };
  }
  const commitment = commitmentOf(draw.seed);
  checks.push({
    name: 'seed matches the commitment',
    ok: commitment === draw.commitment,
    detail: `sha256(seed) = ${commitment}, published commitment = ${draw.commitment}`,
  });
  const hash = tokenListHash(draw.eligible_tokens);
  checks.push({
    name: 'token list matches its hash',
    ok: draw.tokens_hash === null || hash === draw.tokens_hash,
    detail: `sha256(list of ${draw.eligible_tokens.length}) = ${hash}, published = ${draw.tokens_hash ?? 'none'}`,
  });
  const prizes: PrizeTier[] = draw.prizes.map((prize) => ({ rank: prize.rank, label: prize.label, winners: prize.winners, amountTaka: prize.amount }));
  const recomputed = drawWinners(draw.seed, draw.eligible_tokens, prizes).map(({ slot, rank, label, token }) => ({ slot, rank, label, token }));
  const published = [...draw.winners].sort((a, b) => a.slot - b.slot);
  const mismatches = recomputed
    .map((winner, index) => ({ winner, published: published[index] }))
    .filter(({ winner, published: given }) => !given || given.token !== winner.token || given.rank !== winner.rank || given.slot !== winner.slot);
  const sameCount = published.length === recomputed.length;
  checks.push({
    name: 'winners recomputed from the seed and the list',
    ok: sameCount && mismatches.length === 0,
    detail:
      sameCount && mismatches.length === 0
        ? `${recomputed.length} winners, all equal`
        : `${mismatches.length} slot(s) differ${sameCount ? '' : `; ${published.length} published, ${recomputed.length} recomputed`}` +
          mismatches
            .slice(0, 5)
            .map(({ winner, published: given }) => `\n    slot ${winner.slot}: recomputed ${winner.token}, published ${given?.token ?? 'nothing'}`)
            .join(''),
  });
  for (const { token, entryKey } of own) {
    const entry = drawEntryOf(entryKey, token);
    const won = recomputed.find((winner) => winner.token === entry);
    checks.push({
      name: `token ${token} is in the list`,
      ok: draw.eligible_tokens.includes(entry),
      detail: `sha256("<entry key>:${token}") = ${entry}${won ? `, which won the ${won.label} (slot ${won.slot})` : ''}`,
    });
  }
  return { ok: checks.every((check) => check.ok), checks, recomputed };
}
