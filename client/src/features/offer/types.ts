/** `GET /api/public/offers/{id|current}` → `data`: an offer as anyone may read it (docs/lucky-draw.md). */
export interface PublicOffer {
  id: string;
  name: string;
  starts_at: string;
  ends_at: string;
  discount_percent: number;
  status: 'open' | 'committed' | 'closed' | 'drawn';
  prizes: Array<{ rank: number; label: string; winners: number; amount: number }>;
  commitment: string | null;
  committed_at: string | null;
  tokens_hash: string | null;
  eligible_count: number | null;
  eligible_tokens: string[] | null;
  closed_at: string | null;
  seed: string | null;
  drawn_at: string | null;
  winners: Array<{ slot: number; rank: number; label: string; amount: number; token: string; phone: string | null }>;
}

/** `GET /api/public/offers/my-tokens?orderId&phone`. */
export interface LuckyDrawToken {
  token: string;
  order_id: string;
  state: 'issued' | 'eligible' | 'void';
  state_label: string;
  void_reason: string | null;
  since: string;
}
