import { z } from 'zod';
import { BD_MOBILE_PATTERN, normalizePhone } from '../../../../contracts/phone';
import type { ErrorCode } from '../../../../contracts/errors';
import { ValidationFailedError, type FieldIssues } from '../../../common/errors/domain-error';
import { says } from '../../../common/validation/rule-message';
import { fieldIssues, unstorableTextIssues } from '../../../common/validation/zod-validation.pipe';
import { parseTaka } from '../../domain/money';
import { OFFER_LINE_CODE } from '../../../promotions/domain/offer.events';
import type { CheckoutInput } from '../../place-order/place-order.command';
import type { AttributionInput } from '../../domain/attribution';

/** Bangladeshi mobile numbers: 11 digits, 01 then an operator digit 3-9 (after contracts/phone.ts's normalising). */
export const BD_MOBILE = BD_MOBILE_PATTERN;

/** A typed phone as text in its `01…` form when it has digits; empty stays empty so "required" is said. */
const asPhone = (value: unknown) => {
  const typed = asText(value);
  if (typeof typed !== 'string') return typed;
  return typed.trim() === '' ? '' : normalizePhone(typed) || typed;
};

/**
 * The rules of the confirm-order form by their codes (spec §5; titles such as "Name Required" are the
 * client's too). Each is a zod rule's message (`says`), so the answer's `fields` carries the code.
 */
export const CHECKOUT_ERRORS = {
  nameRequired: 'checkout-name-required',
  nameTooLong: 'name-too-long',
  phoneRequired: 'checkout-phone-required',
  phoneInvalid: 'checkout-phone-invalid',
  addressRequired: 'address-required',
  addressTooLong: 'address-too-long',
  shippingPhoneRequired: 'shipping-phone-required',
  shippingPhoneInvalid: 'shipping-phone-invalid',
  emailInvalid: 'email-format',
  paymentMethodInvalid: 'payment-method-invalid',
  bkashNumberRequired: 'bkash-number-required',
  bkashNumberInvalid: 'bkash-number-invalid',
  transactionIdRequired: 'transaction-id-required',
  transactionIdInvalid: 'bkash-transaction-invalid',
  deliveryChargeRequired: 'shipping-required',
  cartEmpty: 'cart-empty',
  cartTooLong: 'cart-too-long',
  productInvalid: 'product-unavailable',
  sizeRequired: 'size-required',
  quantityInvalid: 'quantity-invalid',
  quantityTooLarge: 'quantity-too-large',
  offerCodeInvalid: 'offer-code-invalid',
  couponOfferInvalid: 'offer-invalid',
  phoneCodeInvalid: 'phone-proof-invalid',
  areaUnknown: 'area-unknown',
  landmarkTooLong: 'landmark-too-long',
  attributionInvalid: 'attribution-invalid',
} as const satisfies Record<string, ErrorCode>;

/** The rules' messages as zod carries them. */
const M = Object.fromEntries(Object.entries(CHECKOUT_ERRORS).map(([rule, code]) => [rule, says(code)])) as Record<keyof typeof CHECKOUT_ERRORS, string>;

/** Missing, null and numbers (a phone typed into a number field) read as text; everything else as given. */
const asText = (value: unknown) => (value === undefined || value === null ? '' : typeof value === 'number' ? String(value) : value);
const text = (required: string, max: number, tooLong: string) =>
  z.preprocess(asText, z.string({ error: required }).trim().min(1, required).max(max, tooLong));
const mobile = (required: string, invalid: string) =>
  z.preprocess(asPhone, z.string({ error: required }).trim().min(1, { error: required, abort: true }).regex(BD_MOBILE, invalid));

const cartLine = z.object({
  id: z.coerce.number({ error: M.productInvalid }).int(M.productInvalid).positive(M.productInvalid).max(2 ** 31 - 1, M.productInvalid),
  size: z.preprocess(asText, z.string({ error: M.sizeRequired }).trim().min(1, M.sizeRequired).max(10, M.sizeRequired)),
  qty: z.coerce.number({ error: M.quantityInvalid }).int(M.quantityInvalid).min(1, M.quantityInvalid).max(100, M.quantityTooLarge),
  /** Set by the offer page: the line gets the running offer's discount. Any other code is a tampered line. */
  coupon_code: z
    .unknown()
    .optional()
    .refine((value) => value === undefined || value === null || value === '' || (typeof value === 'string' && value.trim().toUpperCase() === OFFER_LINE_CODE), M.offerCodeInvalid)
    .transform((value) => typeof value === 'string' && value.trim() !== ''),
});

/** The stored `coupon-offer` ({ coupon_code, offer, saved_at }) or nothing; its numbers, if any, are never read. */
const couponOffer = z
  .unknown()
  .optional()
  .refine(
    (value) =>
      value === undefined ||
      value === null ||
      (typeof value === 'object' && !Array.isArray(value) && String((value as { coupon_code?: unknown }).coupon_code ?? '').trim().toUpperCase() === OFFER_LINE_CODE),
    M.couponOfferInvalid,
  );

/** A UTM value as links carry it: a short line of text (no control characters); empty is none. */
const utmText = z.preprocess(
  (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
  z.string({ error: M.attributionInvalid }).trim().max(200, M.attributionInvalid).refine((text) => !/\p{Cc}/u.test(text), M.attributionInvalid).optional(),
);

/**
 * Issue 33: where the shopper landed from, as the storefront kept it (contracts/attribution.ts). Optional, and
 * beside the specification's fields; a value that is not a short text is a 422 on `attribution`.
 */
const attribution = z.preprocess(
  (value) => (value === null || value === '' ? undefined : value),
  z
    .object(
      {
        utm_source: utmText,
        utm_medium: utmText,
        utm_campaign: utmText,
        fbclid: z.preprocess((value) => (typeof value === 'string' ? value.trim() !== '' : value === null ? undefined : value), z.boolean({ error: M.attributionInvalid }).optional()),
        referrer: z.preprocess(
          (value) => (value === null || value === '' ? undefined : value),
          z.string({ error: M.attributionInvalid }).trim().toLowerCase().regex(/^[a-z0-9.-]{1,253}$/, M.attributionInvalid).optional(),
        ),
      },
      { error: M.attributionInvalid },
    )
    .optional(),
);

/** `gateway`: a payment gateway takes bKash orders, so bKash without a typed transaction id pays there (issue 34). */
const customerDataFor = (gateway: boolean) => z
  .object({
    name: text(M.nameRequired, 100, M.nameTooLong),
    email: z.preprocess((value) => (typeof value === 'string' && value.trim() ? value.trim() : undefined), z.email(M.emailInvalid).max(254, M.emailInvalid).optional()),
    phone: mobile(M.phoneRequired, M.phoneInvalid),
    address: text(M.addressRequired, 500, M.addressTooLong),
    shipping_phone: mobile(M.shippingPhoneRequired, M.shippingPhoneInvalid),
    paymentMethod: z.preprocess(
      (value) => (value === undefined || value === null || value === '' ? 'cash' : typeof value === 'string' ? value.trim().toLowerCase() : value),
      z.enum(['cash', 'bkash'], { error: M.paymentMethodInvalid }),
    ),
    bkash_number: z.unknown().optional(),
    transaction_id: z.unknown().optional(),
    devliery_charge: z.unknown().optional().transform((value, context) => {
      if (value === PRICED_BY_AREA) return null;
      const paisa = parseTaka(value);
      if (paisa === null) {
        context.addIssue({ code: 'custom', message: M.deliveryChargeRequired });
        return z.NEVER;
      }
      return paisa;
    }),
    /** Issue 30 (ADR 059): the district, upazila or city thana picked from `GET /api/public/areas`. */
    area_id: z.preprocess(
      (value) => (value === undefined || value === null || value === '' ? undefined : value),
      z.string({ error: M.areaUnknown }).trim().regex(/^[dut]-\d{1,5}$/, M.areaUnknown).optional(),
    ),
    landmark: z.preprocess((value) => (value === undefined || value === null ? undefined : asText(value)), z.string({ error: M.landmarkTooLong }).trim().max(200, M.landmarkTooLong).optional()),
  })
  .transform((data, context) => {
    // A cash order may carry the bKash payment of its advance (ADR 059): kept when both are sent and well formed.
    if (data.paymentMethod !== 'bkash') {
      const advanceNumber = String(asPhone(data.bkash_number) ?? '').trim();
      const advanceTransaction = String(asText(data.transaction_id) ?? '').trim();
      const kept = BD_MOBILE.test(advanceNumber) && /^[A-Za-z0-9]{6,20}$/.test(advanceTransaction);
      return { ...data, bkashNumber: kept ? advanceNumber : null, transactionId: kept ? advanceTransaction.toUpperCase() : null };
    }
    if (gateway && String(asText(data.transaction_id)).trim() === '') return { ...data, bkashNumber: null, transactionId: null, viaGateway: true as const };
    const bkashNumber = String(asPhone(data.bkash_number)).trim();
    const transactionId = String(asText(data.transaction_id)).trim();
    if (!bkashNumber) context.addIssue({ code: 'custom', path: ['bkash_number'], message: M.bkashNumberRequired });
    else if (!BD_MOBILE.test(bkashNumber)) context.addIssue({ code: 'custom', path: ['bkash_number'], message: M.bkashNumberInvalid });
    if (!transactionId) context.addIssue({ code: 'custom', path: ['transaction_id'], message: M.transactionIdRequired });
    else if (!/^[A-Za-z0-9]{6,20}$/.test(transactionId)) context.addIssue({ code: 'custom', path: ['transaction_id'], message: M.transactionIdInvalid });
    return { ...data, bkashNumber, transactionId: transactionId.toUpperCase() };
  });

/**
 * `POST /api/public/confirm-order` as the storefront sends it: `{ cart, coupon, couponoffer, data }`. What
 * the browser says about prices, totals and the coupon's percent is not read at all (issue 3).
 */
const confirmOrderSchema = (gateway: boolean) => z.object({
  cart: z.array(cartLine, { error: M.cartEmpty }).min(1, M.cartEmpty).max(50, M.cartTooLong),
  /** The stored apply_coupon object ({ couponCode, ... }), a bare code, or nothing. */
  coupon: z.unknown().optional().transform(couponCodeOf),
  couponoffer: couponOffer,
  /** The shopper's language (issue 18): 'en' or 'bn'; absent (or anything else) is English. */
  locale: z.enum(['en', 'bn']).optional().catch(undefined),
  data: z.preprocess(withAreaPricing, customerDataFor(gateway)),
  /** The proof a phone code gave (POST /api/public/phone-codes/verify), when the store asks checkouts for one. */
  phone_proof: z.preprocess((value) => (value === null || value === '' ? undefined : value), z.string({ error: M.phoneCodeInvalid }).max(500, M.phoneCodeInvalid).optional()),
  /** Issue 33: the landing page's UTM parameters, Facebook click id and referring host (all optional). */
  attribution,
  /** ADR 062: pay what the contact phone's store credit covers (signed in with that phone, or a phone proof). */
  use_store_credit: z.boolean().optional().catch(undefined),
});

export const confirmOrderRequest = confirmOrderSchema(false);
const confirmOrderWithGateway = confirmOrderSchema(true);
/**
 * With a picked area the server prices the delivery by the area's zone (ADR 059): a missing or unreadable
 * `devliery_charge` is then no error, and a sent one is never used.
 */
const PRICED_BY_AREA = Symbol('priced by area');
function withAreaPricing(value: unknown): unknown {
  const data = value ?? {};
  if (typeof data !== 'object' || Array.isArray(data)) return data;
  const area = (data as { area_id?: unknown }).area_id;
  const charge = (data as { devliery_charge?: unknown }).devliery_charge;
  if (typeof area === 'string' && area.trim() !== '' && parseTaka(charge) === null) return { ...data, devliery_charge: PRICED_BY_AREA };
  return data;
}

function couponCodeOf(value: unknown): string | null {
  const raw = typeof value === 'string' ? value : typeof value === 'object' && value !== null ? (value as { couponCode?: unknown }).couponCode : null;
  const code = typeof raw === 'string' ? raw.trim() : '';
  return code && code.length <= 40 ? code : null;
}

/** Parses the body into a checkout; a 422 keyed by the form's field names (`name`, `phone`, `cart.0.qty` ...). */
export function parseConfirmOrder(body: unknown, userId: string | null, options: { gateway?: boolean } = {}): CheckoutInput {
  const unstorable = unstorableTextIssues(body);
  if (unstorable) throw new ValidationFailedError(withoutDataPrefix(unstorable));
  const result = (options.gateway ? confirmOrderWithGateway : confirmOrderRequest).safeParse(body ?? {});
  if (!result.success) throw new ValidationFailedError(withoutDataPrefix(fieldIssues(result.error)));
  const { cart, coupon, data, locale, phone_proof: phoneProof, attribution: landing, use_store_credit: useStoreCredit } = result.data;
  const attributionInput = landing ? attributionOf(landing) : null;
  return {
    customer: { name: data.name, email: data.email ?? null, phone: data.phone, address: data.address, shippingPhone: data.shipping_phone, userId },
    payment: { method: data.paymentMethod, bkashNumber: data.bkashNumber, transactionId: data.transactionId, ...('viaGateway' in data && data.viaGateway ? { viaGateway: true as const } : {}) },
    deliveryChargePaisa: data.devliery_charge,
    ...(data.area_id ? { areaId: data.area_id, landmark: data.landmark || null } : {}),
    cart: cart.map((line) => ({ productId: line.id, size: line.size, quantity: line.qty, ...(line.coupon_code ? { fromOffer: true } : {}) })),
    couponCode: coupon,
    offer: null,
    ...(locale ? { locale } : {}),
    ...(phoneProof ? { phoneProof } : {}),
    ...(useStoreCredit ? { useStoreCredit: true } : {}),
    ...(attributionInput ? { attribution: attributionInput } : {}),
  };
}

/** The landing's fields under the checkout's names; nothing when nothing was said. */
function attributionOf(landing: { utm_source?: string; utm_medium?: string; utm_campaign?: string; fbclid?: boolean; referrer?: string }): AttributionInput | null {
  const input: AttributionInput = {
    ...(landing.utm_source ? { utmSource: landing.utm_source } : {}),
    ...(landing.utm_medium ? { utmMedium: landing.utm_medium } : {}),
    ...(landing.utm_campaign ? { utmCampaign: landing.utm_campaign } : {}),
    ...(landing.fbclid ? { fbclid: true } : {}),
    ...(landing.referrer ? { referrer: landing.referrer } : {}),
  };
  return Object.keys(input).length > 0 ? input : null;
}

function withoutDataPrefix(issues: FieldIssues): FieldIssues {
  const result: FieldIssues = {};
  for (const [field, problems] of Object.entries(issues)) {
    const key = field === 'data' ? 'body' : field.replace(/^data\./, '');
    (result[key] ??= []).push(...problems);
  }
  return result;
}
