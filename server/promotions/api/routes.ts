import { z } from 'zod';
import type { ApiRoute, RouteSamples } from '../../observability/openapi/api-route';
import { couponCodeParameter, createCouponRequest, disableCouponRequest, editCouponRequest } from './admin-coupons.requests';
import {
  adminOfferAnswer,
  adminOfferListAnswer,
  couponChangeAnswer,
  couponCheckAnswer,
  couponListAnswer,
  currentOfferAnswer,
  luckyDrawTokensAnswer,
  offerChangeAnswer,
  publicOfferAnswer,
  redemptionListAnswer,
} from './answers';
import { changeOfferSchema, createOfferSchema } from './dto/offer.requests';
import { applyCouponRequest } from './public-coupons.controller';

const offerIdParam = { offerId: z.string().min(1).max(40).describe('The offer id, e.g. 7KQ2MX') };
const ofOffer = (s: RouteSamples) => ({ params: { offerId: s.offerId } });
const DRAW = 'Lucky draw';

/** Coupons (checked by shoppers, managed by admins) and the lucky draw (issue 19, ADR 051, docs/lucky-draw.md). */
export const PROMOTIONS_ROUTES: ApiRoute[] = [
  {
    method: 'post', path: '/api/public/apply-coupon', tag: 'Orders', summary: 'Check a coupon code (and its per-phone limit) before checkout', access: 'public', rateLimited: true, body: applyCouponRequest, answer: couponCheckAnswer,
    description: '422 naming why a code is refused.',
    example: () => ({ body: { coupon_code: 'WELCOME10', phone: '01711111111' } }),
  },

  { method: 'get', path: '/api/admin/coupons', tag: 'Staff: stock, coupons, brands', summary: 'Coupons with their use', access: 'admin', answer: couponListAnswer },
  {
    method: 'post', path: '/api/admin/coupons', tag: 'Staff: stock, coupons, brands', summary: 'Create a coupon', access: 'admin', success: 201, body: createCouponRequest, answer: couponChangeAnswer,
    description: '`requiresVerifiedPhone: true`: only a checkout whose contact phone carries the SMS phone proof may use it, and the proven phone is who the per-phone limit counts.',
    example: (s) => ({ body: { code: s.fresh('EID2026'), percent: 15, validFrom: '2026-06-01T00:00', validUntil: '2026-06-30T23:59', totalLimit: 500, perPhoneLimit: 1 } }),
  },
  {
    method: 'patch', path: '/api/admin/coupons/:code', tag: 'Staff: stock, coupons, brands', summary: 'Change whether a coupon needs a proven phone', access: 'admin', params: { code: couponCodeParameter }, body: editCouponRequest, answer: couponChangeAnswer,
    description: 'Uses already made stay. 404 for an unknown code.',
    example: (s) => ({ params: { code: s.couponCode }, body: { requiresVerifiedPhone: true } }),
  },
  {
    method: 'post', path: '/api/admin/coupons/:code/disable', tag: 'Staff: stock, coupons, brands', summary: 'Disable a coupon', access: 'admin', params: { code: couponCodeParameter }, body: disableCouponRequest, answer: couponChangeAnswer,
    example: (s) => ({ params: { code: s.couponCode }, body: { reason: 'campaign over' } }),
  },
  {
    method: 'get', path: '/api/admin/coupons/:code/redemptions', tag: 'Staff: stock, coupons, brands', summary: 'The orders that used a coupon', access: 'admin', params: { code: couponCodeParameter }, answer: redemptionListAnswer,
    example: (s) => ({ params: { code: s.couponCode } }),
  },

  {
    method: 'get', path: '/api/public/offers/current', tag: DRAW, summary: 'The current lucky-draw offer: commitments, the published entries (one per eligible token, no order id), seed, winning entries with three phone digits', access: 'public', answer: currentOfferAnswer,
    description: 'What `npm run verify-draw` reads; `data` is null while no offer is running.',
  },
  {
    method: 'get', path: '/api/public/offers/my-tokens', tag: DRAW, summary: 'An order\'s lucky-draw tokens and their state, by order id and phone, with each token\'s entry and entry key in the closed draws of its period', access: 'public', rateLimited: true, answer: luckyDrawTokensAnswer,
    query: z.object({ orderId: z.string().describe('The order id'), phone: z.string().describe('The phone number the order was placed with') }),
    description: 'Wrong guesses are limited like tracking; 404 for a wrong id or phone.',
    example: (s) => ({ query: { orderId: s.order.id, phone: s.order.phone } }),
  },
  {
    method: 'get', path: '/api/public/offers/:offerId', tag: DRAW, summary: 'One offer\'s public data: what npm run verify-draw recomputes the winners from', access: 'public', params: offerIdParam, answer: publicOfferAnswer,
    example: ofOffer,
  },
  { method: 'get', path: '/api/admin/offers', tag: DRAW, summary: 'Lucky-draw offers as staff see them (winners with the token, order id and phone)', access: 'care', answer: adminOfferListAnswer },
  {
    method: 'post', path: '/api/admin/offers', tag: DRAW, summary: 'Create an offer (defaults: now to 30 days later, the spec\'s prizes, 10%)', access: 'admin', success: 201, body: createOfferSchema(new Date('2026-01-01T00:00:00Z')), answer: offerChangeAnswer,
    description: '`discount_percent` is 0 to 10; `prizes` is a list of `{rank, label, winners, amount}`.',
    example: () => ({ body: { name: 'Eid lucky draw', starts_at: '2026-06-01T00:00:00Z', ends_at: '2026-06-30T23:59:59Z', discount_percent: 10 } }),
  },
  {
    method: 'get', path: '/api/admin/offers/:offerId', tag: DRAW, summary: 'One offer, winners with their orders', access: 'care', params: offerIdParam, answer: adminOfferAnswer,
    example: ofOffer,
  },
  {
    method: 'patch', path: '/api/admin/offers/:offerId', tag: DRAW, summary: 'Change an offer\'s terms (until the draw is committed)', access: 'admin', params: offerIdParam, body: changeOfferSchema, answer: offerChangeAnswer,
    example: (s) => ({ params: { offerId: s.offerId }, body: { name: 'Eid lucky draw', ends_at: '2026-07-05T23:59:59Z', discount_percent: 8 } }),
  },
  {
    method: 'post', path: '/api/admin/offers/:offerId/commit', tag: DRAW, summary: 'Commit to a secret seed and to the key of the entries: their SHA-256 are published', access: 'admin', params: offerIdParam, answer: offerChangeAnswer,
    example: ofOffer,
  },
  {
    method: 'post', path: '/api/admin/offers/:offerId/close', tag: DRAW, summary: 'After the period: publish an entry per eligible token and the list\'s hash', access: 'admin', params: offerIdParam, answer: offerChangeAnswer,
    example: ofOffer,
  },
  {
    method: 'post', path: '/api/admin/offers/:offerId/draw', tag: DRAW, summary: 'Reveal the seed and pick the winners (DrawHeld)', access: 'admin', params: offerIdParam, answer: offerChangeAnswer,
    example: ofOffer,
  },
  {
    method: 'get', path: '/api/admin/lucky-draw-tokens/:orderId', tag: DRAW, summary: 'An order\'s lucky-draw tokens and their state (issued, eligible, void and why)', access: 'care', answer: luckyDrawTokensAnswer,
    params: { orderId: z.string().min(1).max(40).describe('The order id shown to the shopper, e.g. 7KQ2M9XA') },
    example: (s) => ({ params: { orderId: s.order.id } }),
  },
];
