/** Lucky-draw answers (GET /public/offers/..., /admin/offers/..., docs/lucky-draw.md). */

export type OfferStatus = 'open' | 'committed' | 'closed' | 'drawn';

export interface OfferPrize {
  rank: number;
  label: string;
  winners: number;
  /** Taka. */
  amount: number;
}

export interface OfferWinner {
  /** 1-based, in draw order: the 1st prize's slot is 1. */
  slot: number;
  rank: number;
  label: string;
  amount: number;
  /** The winning entry of the published list (a draw published before issue 27: the token itself). */
  token: string;
  /** The last three digits only (`********678`) in public answers, whole for staff; null when the holder is unknown. */
  phone: string | null;
}

/** An offer as anyone may read it: exactly what `npm run verify-draw` needs. Dates are ISO 8601. */
export interface PublicOffer {
  id: string;
  name: string;
  starts_at: string;
  ends_at: string;
  discount_percent: number;
  status: OfferStatus;
  prizes: OfferPrize[];
  /** SHA-256 (hex) of the secret seed, published at the commitment. */
  commitment: string | null;
  committed_at: string | null;
  /** SHA-256 (hex) of the secret key the entries derive from, published at the commitment (null before issue 27). */
  entries_commitment: string | null;
  /** SHA-256 (hex) of the eligible entries, sorted, joined with "\n". */
  tokens_hash: string | null;
  eligible_count: number | null;
  /**
   * One entry per eligible token, `sha256("<entry key>:<token>")`: which order an entry stands for only its
   * holder can tell (their entry keys are in their tokens' `draws`). A draw closed before issue 27 lists the
   * tokens themselves.
   */
  eligible_tokens: string[] | null;
  closed_at: string | null;
  /** Revealed at the draw. */
  seed: string | null;
  drawn_at: string | null;
  winners: OfferWinner[];
}

/** Staff also see who holds each winning token. */
export interface AdminOffer extends Omit<PublicOffer, 'winners'> {
  created_at: string;
  winners: Array<OfferWinner & { held_by: string | null; order_id: string | null; customer_name: string | null }>;
}

export type LuckyDrawTokenState = 'issued' | 'eligible' | 'void';

/** A token in one closed draw whose period its order was placed in. */
export interface LuckyDrawEntry {
  offer_id: string;
  offer_name: string;
  /** The token's name in the draw's published list: `sha256("<entry_key>:<token>")`, lowercase hex. */
  entry: string;
  /** Secret to the token's holder: with the token, it gives the entry. Null when the list names the token itself (before issue 27). */
  entry_key: string | null;
  /** Whether the entry is in the published list (an eligible token's is). */
  listed: boolean;
}

export interface LuckyDrawToken {
  token: string;
  order_id: string;
  state: LuckyDrawTokenState;
  state_label: string;
  /** cancelled, returned or expired. */
  void_reason: string | null;
  since: string;
  /** The closed draws of offers whose period the order was placed in, and this token's entry in each. */
  draws: LuckyDrawEntry[];
}

/** GET /public/offers/my-tokens and GET /admin/lucky-draw-tokens/{orderId}. */
export interface LuckyDrawTokensResponse {
  success: boolean;
  order_id: string;
  tokens: LuckyDrawToken[];
}

/** POST/PATCH /admin/offers..., commit, close, draw. */
export interface OfferChangeResponse {
  success: boolean;
  offer_id: string;
  message: string;
}
