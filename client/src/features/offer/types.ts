/** The lucky draw's answers, typed once in contracts/offers.ts. */
export type { LuckyDrawToken, PublicOffer } from '../../../../contracts/offers';
