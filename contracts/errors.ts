/**
 * The error answer of every API call (issue 18): the English `message` (and `errors` per field) the
 * specification fixes, and beside them stable codes a client shows in the shopper's language — `code` for the
 * answer, `fields` with one code per message of `errors`, and `params` for the values a message names.
 * Codes never change once published; new ones may be added. Types and pure data only: imported by both sides.
 */
export interface ApiErrorBody {
  success: false;
  message: string;
  code: string;
  params?: Record<string, string | number>;
  errors?: Record<string, string[]>;
  fields?: Record<string, string[]>;
}

/** The code of an answer whose error names none: one per HTTP status. */
export const DEFAULT_ERROR_CODES = {
  400: 'bad-request',
  401: 'login-required',
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  409: 'conflict',
  413: 'too-large',
  415: 'unsupported-type',
  422: 'invalid',
  429: 'too-many-requests',
  500: 'server-error',
  503: 'unavailable',
} as const satisfies Record<number, string>;

/**
 * Codes of the messages a shopper may meet, by their English text. An error thrown with one of these messages
 * gets its code without naming it; an error may also name its code itself (DomainError.withCode), which wins.
 */
export const MESSAGE_CODES = {
  'This was changed at the same time by another request. Please try again.': 'concurrent-change',
  'The store is briefly unavailable. Please try again in a few seconds.': 'unavailable',
  'Something went wrong. Please try again.': 'server-error',
  'The request body is not valid JSON.': 'bad-request',
  'Please log in to continue.': 'login-required',
  'Too many requests. Please wait a moment and try again.': 'too-many-requests',
  // checkout
  'Cart is empty!': 'cart-empty',
  'The name field is required.': 'name-required',
  'The phone number field is required.': 'phone-required',
  'The phone number must be an 11-digit mobile number starting with 01.': 'phone-invalid',
  'Phone must be an 11-digit mobile number starting with 01.': 'phone-invalid',
  'Shipping phone must be an 11-digit mobile number starting with 01.': 'phone-invalid',
  'Bkash number must be an 11-digit mobile number starting with 01.': 'phone-invalid',
  'Bkash Number and Transaction ID are required for bKash payment.': 'bkash-details-required',
  'Transaction ID must be 6 to 20 letters or digits.': 'bkash-transaction-invalid',
  'Payment method must be cash or bkash.': 'payment-method-invalid',
  'Please choose a shipping option: inside or outside Dhaka.': 'shipping-required',
  'Quantity must be at least 1.': 'quantity-invalid',
  'You can order at most 10 of one item in one order.': 'line-limit',
  'You can order at most 30 items in one order.': 'order-limit',
  'This product is no longer available.': 'product-unavailable',
  'Address must be at most 500 characters.': 'address-too-long',
  'Name must be at most 100 characters.': 'name-too-long',
  'We cannot take orders for this phone number. Please call our customer care.': 'phone-blocked',
  'This checkout was already submitted with different details. Please reload the checkout page and try again.': 'checkout-replayed',
  'The shop is very busy right now. Please try again in a moment.': 'busy',
  // coupons
  'Please enter a coupon code.': 'coupon-required',
  'Invalid coupon code.': 'coupon-invalid',
  'This coupon is no longer available.': 'coupon-disabled',
  'This coupon is not valid yet.': 'coupon-not-yet-valid',
  'This coupon has expired.': 'coupon-expired',
  'This coupon has reached its usage limit.': 'coupon-used-up',
  'You have already used this coupon the maximum number of times.': 'coupon-used-by-phone',
  'This coupon needs a verified phone number.': 'coupon-phone-not-verified',
  // tracking and accounts
  'Order not found or invalid information': 'order-not-found',
  'Invalid username or password.': 'login-failed',
  'The email field is required.': 'email-required',
  'The email must be an address such as care@example.com.': 'email-invalid',
  'The email has already been taken.': 'email-taken',
  'The phone number has already been taken.': 'phone-taken',
  'The password field is required.': 'password-required',
  'The password confirmation field is required.': 'password-confirmation-required',
  'The password confirmation does not match.': 'password-mismatch',
  'This password is too common. Please choose a less predictable one.': 'password-common',
  'The reset link is invalid or expired.': 'link-expired',
  'The verification link is invalid or expired.': 'link-expired',
} as const satisfies Record<string, string>;

/** Codes an error names itself (with `params`), for messages that carry values. */
export const NAMED_ERROR_CODES = ['out-of-stock', 'out-of-stock-left', 'too-many-open-orders', 'cancel-too-late'] as const;

/** Every code this contract publishes: a client catalog keyed by it must word each one. */
export type ErrorCode =
  | (typeof DEFAULT_ERROR_CODES)[keyof typeof DEFAULT_ERROR_CODES]
  | (typeof MESSAGE_CODES)[keyof typeof MESSAGE_CODES]
  | (typeof NAMED_ERROR_CODES)[number];

/** The code for an error: its own, else its message's, else its status's. */
export function errorCodeOf(status: number, message: string, own?: string): string {
  return own ?? (MESSAGE_CODES as Record<string, string>)[message] ?? (DEFAULT_ERROR_CODES as Record<number, string>)[status] ?? (status >= 500 ? 'server-error' : 'invalid');
}

/** One code per field message: the message's own code, else `invalid`. */
export function fieldCodesOf(errors: Record<string, string[]>, own?: { message: string; code: string }): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    fields[field] = messages.map((message) => (own && message === own.message ? own.code : ((MESSAGE_CODES as Record<string, string>)[message] ?? 'invalid')));
  }
  return fields;
}
