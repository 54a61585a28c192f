/**
 * Facts about one lucky-draw offer, recorded on stream `offer-<id>` (docs/decisions/051-lucky-draw.md). The
 * acting admin travels in the event metadata. Consumed by the offers projection (`lucky_draw_offers`), which
 * the admin and public offer calls read; `DrawHeld` also by the mail subscription (one mail per winner).
 */
import type { PrizeTier, DrawWinner } from './draw-algorithm';

export interface OfferTerms {
  name: string;
  /** The period orders must be placed in (ISO instants, start inclusive, end exclusive). */
  startsAt: string;
  endsAt: string;
  prizes: PrizeTier[];
  /** The discount lines added from the offer page get at checkout: a whole percent, at most 10. */
  discountPercent: number;
}

/** An admin created an offer. Fires from `CreateOffer`. */
export type OfferCreated = { type: 'OfferCreated'; data: { offerId: string; at: string } & OfferTerms };

/** An admin changed the terms before the draw was committed. Fires from `ChangeOffer`; carries the terms after the change. */
export type OfferChanged = { type: 'OfferChanged'; data: { offerId: string; at: string } & OfferTerms };

/**
 * The shop committed to a secret seed by publishing its SHA-256 (`commitment`), and (since issue 27) to the
 * secret key its tokens' entry keys derive from (`entriesCommitment`, SHA-256 of that key), so the entries of
 * the list are fixed before the list is known. Fires from `CommitDraw`.
 */
export type DrawCommitted = { type: 'DrawCommitted'; data: { offerId: string; at: string; commitment: string; entriesCommitment?: string } };

/**
 * The offer closed: the eligible tokens' entries (canonical order) and their hash are published. Fires from
 * `CloseOffer` after the period ended; the tokens are read from the event log at that moment. `holders`: the
 * token each entry stands for, in the same order (staff only; absent before issue 27, when `tokens` were the
 * tokens themselves, order ids and all).
 */
export type EligibleTokensPublished = {
  type: 'EligibleTokensPublished';
  data: { offerId: string; at: string; tokensHash: string; tokens: string[]; holders?: string[] };
};

/** The seed was revealed and the winners picked from the published list. Fires from `HoldDraw`. */
export type DrawHeld = { type: 'DrawHeld'; data: { offerId: string; at: string; seed: string; winners: DrawWinner[] } };

export type OfferEvent = OfferCreated | OfferChanged | DrawCommitted | EligibleTokensPublished | DrawHeld;

export const OFFER_EVENT_TYPES: ReadonlyArray<OfferEvent['type']> = ['OfferCreated', 'OfferChanged', 'DrawCommitted', 'EligibleTokensPublished', 'DrawHeld'];

export const offerStreamId = (offerId: string) => `offer-${offerId}`;

/** The prize table the offer page has always promised (spec §9). */
export const DEFAULT_PRIZES: PrizeTier[] = [
  { rank: 1, label: '1st prize', winners: 1, amountTaka: 10_000 },
  { rank: 2, label: '2nd prize', winners: 2, amountTaka: 5_000 },
  { rank: 3, label: '3rd prize', winners: 5, amountTaka: 2_000 },
  { rank: 4, label: '4th prize', winners: 10, amountTaka: 1_000 },
  { rank: 5, label: '5th prize', winners: 20, amountTaka: 500 },
];

export const DEFAULT_DISCOUNT_PERCENT = 10;

/**
 * The code the offer page attaches to the cart lines it adds (`coupon_code`) and saves in `coupon-offer`. The
 * browser says only *that* a line came from the offer page; the discount is the running offer's own rule.
 */
export const OFFER_LINE_CODE = 'LUCKY-DRAW';
export const MAX_DISCOUNT_PERCENT = 10;
