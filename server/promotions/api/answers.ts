import { z } from 'zod';
import type { CouponChangeResponse, CouponRedemptionRow, CouponRow } from '../../../contracts/coupons';
import type { AdminOffer, LuckyDrawTokensResponse, OfferChangeResponse, OfferPrize, OfferWinner, PublicOffer } from '../../../contracts/offers';
import type { DataList } from '../../../contracts/paginated';
import { isoTime, listOf, taka } from '../../observability/openapi/answer-schemas';
import { answerOf } from '../../observability/openapi/api-route';

/** The promotions context's answers as zod schemas, each mirroring its wire type (contracts/coupons.ts, offers.ts). */

const couponRow = answerOf<CouponRow>()(
  z.object({
    code: z.string(),
    percent: z.number().int(),
    validFrom: isoTime,
    validUntil: isoTime,
    totalLimit: z.number().int(),
    perPhoneLimit: z.number().int(),
    requiresVerifiedPhone: z.boolean().describe('Only a checkout with a proven phone may use it; the proven phone is the identity counted'),
    uses: z.number().int().describe('Uses held by orders now (a cancelled order\'s use is given back)'),
    disabled: z.boolean(),
    disabledReason: z.string().nullable(),
    createdAt: isoTime,
  }),
);

export const couponListAnswer = answerOf<DataList<CouponRow>>()(listOf(couponRow));

export const redemptionListAnswer = answerOf<DataList<CouponRedemptionRow>>()(
  listOf(
    z.object({
      orderId: z.string(),
      phone: z.string(),
      percent: z.number().int(),
      redeemedAt: isoTime,
      released: z.boolean().describe('The order was cancelled and its use given back'),
      releasedAt: isoTime.nullable(),
      releaseReason: z.string().nullable(),
    }),
  ),
);

export const couponChangeAnswer = answerOf<CouponChangeResponse>()(
  z.object({ success: z.boolean(), message: z.string(), data: z.object({ code: z.string(), version: z.number().int() }) }),
);

export const couponCheckAnswer = answerOf<{ success: true; discount: number; coupon_code: string; message: string }>()(
  z.object({ success: z.literal(true), discount: z.number().int().describe('Percent'), coupon_code: z.string(), message: z.string() }),
);

const prize = answerOf<OfferPrize>()(z.object({ rank: z.number().int(), label: z.string(), winners: z.number().int(), amount: taka }));

const winner = answerOf<OfferWinner>()(
  z.object({
    slot: z.number().int(),
    rank: z.number().int(),
    label: z.string(),
    amount: taka,
    token: z.string().describe('The winning entry of the published list'),
    phone: z.string().nullable().describe('Its last three digits only (********678) in public answers, whole for staff'),
  }),
);

const publicOffer = answerOf<PublicOffer>()(
  z.object({
    id: z.string(),
    name: z.string(),
    starts_at: isoTime,
    ends_at: isoTime,
    discount_percent: z.number(),
    status: z.enum(['open', 'committed', 'closed', 'drawn']),
    prizes: z.array(prize),
    commitment: z.string().nullable().describe('SHA-256 (hex) of the secret seed, published at the commitment'),
    committed_at: isoTime.nullable(),
    entries_commitment: z.string().nullable().describe('SHA-256 (hex) of the secret key the entries derive from, published at the commitment'),
    tokens_hash: z.string().nullable().describe('SHA-256 (hex) of the eligible entries, sorted, joined with "\\n"'),
    eligible_count: z.number().int().nullable(),
    eligible_tokens: z.array(z.string()).nullable().describe('One entry per eligible token, sha256("<entry key>:<token>"): only its holder knows its entry key'),
    closed_at: isoTime.nullable(),
    seed: z.string().nullable().describe('Revealed at the draw'),
    drawn_at: isoTime.nullable(),
    winners: z.array(winner),
  }),
);

const adminOffer = answerOf<AdminOffer>()(
  publicOffer.extend({
    created_at: isoTime,
    winners: z.array(winner.extend({ held_by: z.string().nullable().describe('The lucky-draw token the entry stands for'), order_id: z.string().nullable(), customer_name: z.string().nullable() })),
  }),
);

export const currentOfferAnswer = answerOf<{ success: true; data: PublicOffer | null }>()(
  z.object({ success: z.literal(true), data: publicOffer.nullable().describe('null while no offer is running') }),
);
export const publicOfferAnswer = answerOf<{ success: true; data: PublicOffer }>()(z.object({ success: z.literal(true), data: publicOffer }));
export const adminOfferAnswer = answerOf<{ success: true; data: AdminOffer }>()(z.object({ success: z.literal(true), data: adminOffer }));
export const adminOfferListAnswer = answerOf<{ success: true; data: AdminOffer[] }>()(z.object({ success: z.literal(true), data: z.array(adminOffer) }));

export const offerChangeAnswer = answerOf<OfferChangeResponse>()(z.object({ success: z.boolean(), offer_id: z.string(), message: z.string() }));

export const luckyDrawTokensAnswer = answerOf<LuckyDrawTokensResponse>()(
  z.object({
    success: z.boolean(),
    order_id: z.string(),
    tokens: z.array(
      z.object({
        token: z.string(),
        order_id: z.string(),
        state: z.enum(['issued', 'eligible', 'void']),
        state_label: z.string(),
        void_reason: z.string().nullable().describe('cancelled, returned or expired'),
        since: isoTime,
        draws: z.array(
          z.object({
            offer_id: z.string(),
            offer_name: z.string(),
            entry: z.string().describe('The token\'s entry in the draw\'s published list'),
            entry_key: z.string().nullable().describe('With the token, gives the entry: sha256("<entry_key>:<token>")'),
            listed: z.boolean(),
          }),
        ),
      }),
    ),
  }),
);
