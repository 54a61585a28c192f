import type { AdminOffer, LuckyDrawEntry, LuckyDrawToken, PublicOffer } from '../../../contracts/offers';
import type { DrawWinner } from '../domain/draw-algorithm';
import type { StoredOffer, StoredToken } from './offer-read-model';

/**
 * A phone as the winners page shows it: its last three digits only, `********678` (issue 27: with the operator
 * prefix as well, six of eleven digits were public, and a winner's number a short guess away).
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 7) return '*'.repeat(digits.length);
  return `${'*'.repeat(digits.length - 3)}${digits.slice(-3)}`;
}

/** The lucky-draw token a winner's entry stands for (a draw before issue 27 published the token itself). */
export const holderTokenOf = (winner: DrawWinner): string => winner.heldBy ?? winner.token;

export const TOKEN_STATE_LABELS: Record<StoredToken['state'], string> = {
  issued: 'Issued: eligible once the order is delivered',
  eligible: 'Eligible for the draw',
  void: 'Void',
};

/**
 * What anyone may read about an offer: its terms, the commitment, the published list and its hash, the
 * revealed seed and the winners with masked phones. Exactly what `npm run verify-draw` needs.
 */
export function toPublicOffer(offer: StoredOffer, holders: Map<string, StoredToken>): PublicOffer {
  return {
    id: offer.offer_id,
    name: offer.name,
    starts_at: offer.starts_at.toISOString(),
    ends_at: offer.ends_at.toISOString(),
    discount_percent: offer.discount_percent,
    status: offer.status,
    prizes: offer.prizes.map((prize) => ({ rank: prize.rank, label: prize.label, winners: prize.winners, amount: prize.amountTaka })),
    commitment: offer.commitment,
    committed_at: offer.committed_at?.toISOString() ?? null,
    entries_commitment: offer.entries_commitment,
    tokens_hash: offer.tokens_hash,
    eligible_count: offer.tokens?.length ?? null,
    eligible_tokens: offer.tokens,
    closed_at: offer.closed_at?.toISOString() ?? null,
    seed: offer.seed,
    drawn_at: offer.drawn_at?.toISOString() ?? null,
    winners: (offer.winners ?? []).map((winner) => ({
      slot: winner.slot,
      rank: winner.rank,
      label: winner.label,
      amount: winner.amountTaka,
      token: winner.token,
      phone: holders.has(holderTokenOf(winner)) ? maskPhone(holders.get(holderTokenOf(winner))!.phone) : null,
    })),
  };
}

/** Staff see the same plus who holds each winning token. */
export function toAdminOffer(offer: StoredOffer, holders: Map<string, StoredToken>): AdminOffer {
  const view = toPublicOffer(offer, holders);
  return {
    ...view,
    created_at: offer.created_at.toISOString(),
    winners: view.winners.map((winner, index) => {
      const heldBy = holderTokenOf((offer.winners ?? [])[index]!);
      const holder = holders.get(heldBy);
      return { ...winner, held_by: heldBy, order_id: holder?.order_id ?? null, customer_name: holder?.customer_name ?? null, phone: holder?.phone ?? null };
    }),
  };
}

export function toTokenView(token: StoredToken, draws: LuckyDrawEntry[] = []): LuckyDrawToken {
  return {
    token: token.token,
    order_id: token.order_id,
    state: token.state,
    state_label: TOKEN_STATE_LABELS[token.state],
    void_reason: token.state === 'void' ? token.state_reason : null,
    since: token.state_at.toISOString(),
    draws,
  };
}
