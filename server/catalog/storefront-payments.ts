/**
 * What the shop's settings answer says about paying online (`bkash_checkout`): whether a payment gateway
 * (bKash, or the demo gateway) takes checkouts. The catalog declares the hook and the payments context provides
 * it (server/payments/payments.module.ts); without payments in the app the answer says false.
 */
export interface StorefrontPayments {
  readonly gatewayReady: boolean;
}

export const STOREFRONT_PAYMENTS = Symbol('STOREFRONT_PAYMENTS');
