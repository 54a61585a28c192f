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
  token: string;
  /** Masked (`017*****678`) in public answers, whole for staff; null when the holder is unknown. */
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
  /** SHA-256 (hex) of the eligible tokens, sorted, joined with "\n". */
  tokens_hash: string | null;
  eligible_count: number | null;
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
  winners: Array<OfferWinner & { order_id: string | null; customer_name: string | null }>;
}

export type LuckyDrawTokenState = 'issued' | 'eligible' | 'void';

export interface LuckyDrawToken {
  token: string;
  order_id: string;
  state: LuckyDrawTokenState;
  state_label: string;
  /** cancelled, returned or expired. */
  void_reason: string | null;
  since: string;
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
