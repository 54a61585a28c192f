import { z } from 'zod';
import { newPasswordField } from '../../accounts/api/dto/fields';
import {
  accountPhoneCodeRequest,
  findAccountRequest,
  forgotPasswordRequest,
  phoneCodeCheckRequest,
  publicPhoneCodeRequest,
  loginRequest,
  registerRequest,
  resetTokenRequest,
  sendVerifyMailRequest,
  updateProfileRequest,
  updateVerifyMailRequest,
} from '../../accounts/api/dto/account.requests';
import {
  categoryPageQuery,
  checkProductAttributeQuery,
  postQuery,
  searchProductsQuery,
  shopPageQuery,
  slugQuery,
} from '../../catalog/api/catalog-query.schemas';
import { adjustStockRequest, listStockRequest, receiveStockRequest } from '../../inventory/api/admin-stock.requests';
import { browseEventsRequest, dashboardRequest, listOrdersRequest, streamIdParameter } from '../../operations/api/admin-operations.requests';
import { brandIdParameter as brandId, saveBrandRequest } from '../../catalog/api/brands.controller';
import {
  changeCategoryRequest,
  changeProductRequest,
  createCategoryRequest,
  createProductRequest,
  listProductsRequest,
  postRequest,
  versionOnlyRequest,
} from '../../catalog/admin/admin-catalog.requests';
import { settingsRequest } from '../../catalog/admin/settings-fields';
import { addStaffRequest } from '../../accounts/staff/staff-accounts';
import {
  addLineRequest,
  callRequest,
  changeLineRequest,
  instantOrderRequest,
  noteRequest,
  reasonRequest,
  removeLineRequest,
  shipRequest,
  shippingChangeRequest,
  stepRequest,
} from '../../ordering/api/dto/admin-orders.requests';
import { packingSlipsRequest } from '../../ordering/api/packing-slips.controller';
import { confirmOrderRequest } from '../../ordering/api/dto/confirm-order.request';
import { changeOfferSchema, createOfferSchema } from '../../promotions/api/dto/offer.requests';
import { couponCodeParameter, createCouponRequest, disableCouponRequest } from '../../promotions/api/admin-coupons.requests';
import { applyCouponRequest } from '../../promotions/api/public-coupons.controller';
import { deleteAccountRequest, erasePhoneRequest } from '../../privacy/api/personal-data.controller';

/**
 * Every route under /api, with the zod schemas that validate its input: the one place a route is registered
 * for the OpenAPI document (/api/openapi.json, browsable at /api/docs). A route the app serves without an
 * entry here fails test/api/openapi.api-spec.ts; so does an example the schemas refuse. See ADR 050.
 *
 * - `path` is the Express pattern as the controller declares it (`/api/admin/orders/:orderId`).
 * - `query` / `body` / `params`: the very schemas the controller parses with; where a route checks its input
 *   by looking it up (tracking answers "not found" for any bad id or phone), `params`/`query` only describe it.
 * - `example`: a request the server accepts; shown in the page and checked against the document by the test.
 */
export type Access = 'public' | 'optional-customer' | 'customer' | 'care' | 'admin' | 'monitoring';

export interface ApiRoute {
  method: 'get' | 'post' | 'put' | 'patch';
  path: string;
  tag: string;
  summary: string;
  access: Access;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body may also come as multipart/form-data (the storefront's account forms). */
  form?: boolean;
  /** A multipart/form-data upload of one file in this field (product pictures). */
  upload?: { field: string; description: string };
  params?: Record<string, z.ZodType>;
  headers?: Record<string, { schema: z.ZodType; description: string }>;
  rateLimited?: boolean;
  /** Status of a success; 200 unless said. */
  success?: number;
  /** Content type of a success; JSON unless said. */
  produces?: string;
  example?: { query?: Record<string, string>; body?: unknown; params?: Record<string, string>; headers?: Record<string, string> };
}

const orderIdParam = { orderId: z.string().min(1).max(40).describe('The order id shown to the shopper, e.g. 7KQ2M9XA') };
const staffNote = { note: 'called the customer' };
const orderExample = { params: { orderId: '7KQ2M9XA' } };
const trackingQuery = z.object({
  orderId: z.string().describe('The order id'),
  phone: z.string().describe('The phone number the order was placed with'),
});
const newPasswordBody = (password: string, confirmation: string) =>
  z.object({ [password]: newPasswordField, [confirmation]: z.string().describe('The same password again') });

const CATALOG = 'Catalog';
const ORDERS = 'Orders';
const ACCOUNTS = 'Accounts';
const STAFF_ORDERS = 'Staff: orders';
const STAFF_STORE = 'Staff: stock, coupons, brands';
const OPERATIONS = 'Operations';
const STAFF_CATALOG = 'Staff: products, categories, settings, pages, staff';

const productIdParam = { id: z.string().regex(/^[1-9]\d{0,8}$/).describe('The product id') };
const productExample = { params: { id: '12' } };
const ifMatch = { 'if-match': { schema: z.string(), description: 'The version the change was decided against ("3"); a product changed since is a 409' } };
const LUCKY_DRAW = 'Lucky draw';
const personalDataQuery = z.object({ phone: z.string().describe('An 11-digit mobile number, as typed (+880 …, Bengali digits)') });
const offerIdParam = { offerId: z.string().min(1).max(40).describe('The offer id, e.g. 7KQ2MX') };
const offerExample = { params: { offerId: '7KQ2MX' } };

export const API_ROUTES: ApiRoute[] = [
  // Catalog (spec §7)
  { method: 'get', path: '/api/public/settingRow', tag: CATALOG, summary: 'Store settings: name, contact, delivery charges', access: 'public' },
  { method: 'get', path: '/api/public/parentChildCategory', tag: CATALOG, summary: 'Categories with their children', access: 'public' },
  { method: 'get', path: '/api/public/parentCategory', tag: CATALOG, summary: 'Top-level categories', access: 'public' },
  { method: 'get', path: '/api/public/subCategory', tag: CATALOG, summary: 'Sub-categories', access: 'public' },
  { method: 'get', path: '/api/public/getProducts', tag: CATALOG, summary: 'Home page product rows (trending, new)', access: 'public' },
  { method: 'get', path: '/api/public/getProductsByShop', tag: CATALOG, summary: 'The shop: products, 20 a page, optionally searched', access: 'public', query: shopPageQuery, example: { query: { page: '1', search: 'tee' } } },
  { method: 'get', path: '/api/public/getProductsByShopBycategory', tag: CATALOG, summary: 'Products of a category, 20 a page', access: 'public', query: categoryPageQuery, example: { query: { page: '1', categlorySlug: 'men' } } },
  { method: 'get', path: '/api/public/shopByMainCategory', tag: CATALOG, summary: 'Products of a top-level category and its children, 20 a page', access: 'public', query: categoryPageQuery, example: { query: { page: '2', categlorySlug: 'women', search: 'cotton' } } },
  { method: 'get', path: '/api/public/search-products', tag: CATALOG, summary: 'Search suggestions by name (2 characters or more)', access: 'public', query: searchProductsQuery, example: { query: { q: 'polo', category_id: 'all' } } },
  { method: 'get', path: '/api/public/productRow', tag: CATALOG, summary: 'One product page by slug', access: 'public', query: slugQuery, example: { query: { slug: 'classic-crew-neck-tee' } } },
  { method: 'get', path: '/api/public/relatedProducts', tag: CATALOG, summary: 'Products related to one', access: 'public', query: slugQuery, example: { query: { slug: 'classic-crew-neck-tee' } } },
  { method: 'get', path: '/api/public/checkProductAttribue', tag: CATALOG, summary: 'Whether a size is in stock for a quantity', access: 'public', query: checkProductAttributeQuery, example: { query: { product_id: '12', size: 'M', qty: '2' } } },
  { method: 'get', path: '/api/public/getPostData', tag: CATALOG, summary: 'An information page (about, delivery, returns)', access: 'public', query: postQuery, example: { query: { category_id: '1' } } },

  // Orders and coupons (spec §7)
  {
    method: 'post', path: '/api/public/confirm-order', tag: ORDERS, summary: 'Check out: place an order (201), or get the same order back for a repeated Idempotency-Key (200)', access: 'optional-customer',
    body: confirmOrderRequest, success: 201,
    headers: { 'idempotency-key': { schema: z.string().regex(/^[A-Za-z0-9._:-]{8,100}$/), description: 'The same key for every retry of one checkout: the order is made once' } },
    example: {
      headers: { 'idempotency-key': 'checkout-5f1c2a9e' },
      body: {
        cart: [{ id: 12, size: 'M', qty: 2 }],
        coupon: { couponCode: 'WELCOME10' },
        couponoffer: null,
        data: { name: 'Nusrat Jahan', email: 'nusrat@example.com', phone: '01711111111', address: 'House 12, Road 5, Dhanmondi, Dhaka', shipping_phone: '01711111111', paymentMethod: 'cash', devliery_charge: 60 },
      },
    },
  },
  {
    method: 'post', path: '/api/public/cancel-order', tag: ORDERS, summary: 'The shopper cancels their own pending order: the order id with its phone, or the owner\'s token', access: 'optional-customer', rateLimited: true,
    body: z.object({ orderId: z.string().describe('The order id'), phone: z.string().optional().describe('The phone the order was placed with (not needed with the owner\'s token)') }),
    example: { body: { orderId: '7KQ2M9XA', phone: '01711111111' } },
  },
  { method: 'get', path: '/api/public/getOrderInformation', tag: ORDERS, summary: 'Track an order by its id and phone', access: 'public', rateLimited: true, query: trackingQuery, example: { query: { orderId: '7KQ2M9XA', phone: '01711111111' } } },
  { method: 'get', path: '/api/public/verify/:orderId/:phone', tag: ORDERS, summary: 'The order-placed screen: the same as tracking', access: 'public', rateLimited: true, params: { ...orderIdParam, phone: z.string().describe('The phone number the order was placed with') }, example: { params: { orderId: '7KQ2M9XA', phone: '01711111111' } } },
  { method: 'get', path: '/api/public/getOrders', tag: ORDERS, summary: 'An order summary with its lines, by id and phone (or as its signed-in owner)', access: 'optional-customer', rateLimited: true, query: trackingQuery, example: { query: { orderId: '7KQ2M9XA', phone: '01711111111' } } },
  { method: 'post', path: '/api/public/apply-coupon', tag: ORDERS, summary: 'Check a coupon code (and its per-phone limit) before checkout', access: 'public', rateLimited: true, body: applyCouponRequest, example: { body: { coupon_code: 'WELCOME10', phone: '01711111111' } } },

  // Accounts (spec §7, ADR 022/023)
  { method: 'post', path: '/api/auth/register', tag: ACCOUNTS, summary: 'Register a customer account; answers a token', access: 'public', rateLimited: true, success: 201, body: registerRequest, example: { body: { name: 'Nusrat Jahan', email: 'nusrat@example.com', password: 'shonar-bangla-1971' } } },
  { method: 'post', path: '/api/auth/userLogin', tag: ACCOUNTS, summary: 'Log in; answers a bearer token', access: 'public', rateLimited: true, body: loginRequest, example: { body: { email: 'nusrat@example.com', password: 'shonar-bangla-1971' } } },
  { method: 'post', path: '/api/auth/updatePassword', tag: ACCOUNTS, summary: 'Change the signed-in account\'s password; answers a new token', access: 'customer', form: true, body: newPasswordBody('password', 'password_confirmation'), example: { body: { password: 'padma-river-bridge-22', password_confirmation: 'padma-river-bridge-22' } } },
  { method: 'get', path: '/api/user/checkCurrentUser', tag: ACCOUNTS, summary: 'The signed-in account', access: 'customer' },
  { method: 'post', path: '/api/customer/delete-account', tag: ACCOUNTS, summary: 'Delete the signed-in customer\'s account and erase their personal data, with their password; 409 naming the orders still in progress', access: 'customer', body: deleteAccountRequest, example: { body: { password: 'padma-river-bridge-22' } } },
  { method: 'get', path: '/api/customer/personal-data', tag: ACCOUNTS, summary: 'Everything the store holds about the signed-in person, as JSON: account, its history, orders, phone records', access: 'customer' },
  { method: 'post', path: '/api/user/updateUserFrontend', tag: ACCOUNTS, summary: 'Change name and phone', access: 'customer', form: true, body: updateProfileRequest, example: { body: { name: 'Nusrat Jahan', phone_number: '01711111111' } } },
  { method: 'post', path: '/api/public/find-account', tag: ACCOUNTS, summary: 'Whether an account uses a phone number', access: 'public', rateLimited: true, body: findAccountRequest, example: { body: { phone: '01711111111' } } },
  { method: 'post', path: '/api/public/send-verifymail', tag: ACCOUNTS, summary: 'Mail a verification link to the address the account already has', access: 'public', rateLimited: true, body: sendVerifyMailRequest, example: { body: { email: 'nusrat@example.com', phone: '01711111111', host: 'http://localhost:3000' } } },
  { method: 'post', path: '/api/public/update-verifymail', tag: ACCOUNTS, summary: 'Open a verification link: confirm or replace the address', access: 'public', body: updateVerifyMailRequest, example: { body: { email: 'nusrat@example.com', id: 'k3Jd9sQ0vX2mW8pL4rT6yU1zA5bC7eF9gH0iJ2kL4mN' } } },
  { method: 'post', path: '/api/public/send-verifymail-forgetpassword', tag: ACCOUNTS, summary: 'Mail a password reset link', access: 'public', rateLimited: true, body: forgotPasswordRequest, example: { body: { email: 'nusrat@example.com', host: 'http://localhost:3000' } } },
  {
    method: 'post', path: '/api/public/restPassword', tag: ACCOUNTS, summary: 'Set a new password with a reset link\'s token', access: 'public', form: true,
    body: z.object({ ...resetTokenRequest.shape, password: newPasswordField, password_confirmation: z.string().describe('The same password again') }),
    example: { body: { id: 'k3Jd9sQ0vX2mW8pL4rT6yU1zA5bC7eF9gH0iJ2kL4mN', password: 'padma-river-bridge-22', password_confirmation: 'padma-river-bridge-22' } },
  },
  // Phone codes by SMS (issue 17, ADR 026)
  { method: 'post', path: '/api/public/phone-codes', tag: ACCOUNTS, summary: 'Send a 6-digit code by SMS: to recover an account by phone, or to prove a checkout\'s phone', access: 'public', rateLimited: true, body: publicPhoneCodeRequest, example: { body: { phone: '01711111111', purpose: 'recovery', locale: 'bn' } } },
  { method: 'post', path: '/api/public/phone-codes/verify', tag: ACCOUNTS, summary: 'A checkout code: answers the phone proof a checkout sends as phone_proof', access: 'public', rateLimited: true, body: phoneCodeCheckRequest, example: { body: { phone: '01711111111', code: '042917' } } },
  {
    method: 'post', path: '/api/public/reset-password-by-phone', tag: ACCOUNTS, summary: 'Set a new password with the code sent to the account\'s phone', access: 'public', rateLimited: true,
    body: z.object({ ...phoneCodeCheckRequest.shape, password: newPasswordField, password_confirmation: z.string().describe('The same password again') }),
    example: { body: { phone: '01711111111', code: '042917', password: 'padma-river-bridge-22', password_confirmation: 'padma-river-bridge-22' } },
  },
  { method: 'post', path: '/api/user/phone-code', tag: ACCOUNTS, summary: 'Send a code by SMS to a phone for the signed-in account', access: 'customer', rateLimited: true, body: accountPhoneCodeRequest, example: { body: { phone: '01711111111' } } },
  { method: 'post', path: '/api/user/verify-phone', tag: ACCOUNTS, summary: 'Put the phone on the signed-in account, verified by its code', access: 'customer', rateLimited: true, body: phoneCodeCheckRequest, example: { body: { phone: '01711111111', code: '042917' } } },
  { method: 'get', path: '/api/orders/getOrders', tag: ACCOUNTS, summary: 'The signed-in customer\'s orders', access: 'customer' },
  { method: 'get', path: '/api/orders/getOrdersHistory', tag: ACCOUNTS, summary: 'One of the signed-in customer\'s orders with its lines', access: 'customer', query: z.object({ order_id: z.string().describe('The order id') }), example: { query: { order_id: '7KQ2M9XA' } } },

  // Customer care (staff console)
  {
    method: 'post', path: '/api/admin/orders/instant', tag: STAFF_ORDERS, summary: 'Record an order taken by phone', access: 'care', success: 201, body: instantOrderRequest,
    example: { body: { name: 'Phone Buyer', phone: '01911111111', address: 'Agrabad, Chattogram', payment_type: 'cash', amount: '1200', discount: '100', advance: '200', lines: [{ id: 12, size: 'M', qty: 1 }] } },
  },
  { method: 'get', path: '/api/admin/orders/:orderId', tag: STAFF_ORDERS, summary: 'An order as customer care sees it: details, lines, timeline', access: 'care', params: orderIdParam, example: orderExample },
  { method: 'post', path: '/api/admin/orders/:orderId/confirm', tag: STAFF_ORDERS, summary: 'Confirm an order (after calling the customer)', access: 'care', params: orderIdParam, body: stepRequest, example: { ...orderExample, body: staffNote } },
  { method: 'post', path: '/api/admin/orders/:orderId/start-processing', tag: STAFF_ORDERS, summary: 'Start packing an order', access: 'care', params: orderIdParam, body: stepRequest, example: { ...orderExample, body: { note: 'packing' } } },
  { method: 'post', path: '/api/admin/orders/:orderId/ship', tag: STAFF_ORDERS, summary: 'Hand an order to the courier', access: 'care', params: orderIdParam, body: shipRequest, example: { ...orderExample, body: { courier: 'Pathao', tracking_code: 'PT123' } } },
  { method: 'post', path: '/api/admin/orders/:orderId/deliver', tag: STAFF_ORDERS, summary: 'Mark an order delivered', access: 'care', params: orderIdParam, body: stepRequest, example: { ...orderExample, body: {} } },
  { method: 'post', path: '/api/admin/orders/:orderId/cancel', tag: STAFF_ORDERS, summary: 'Cancel an order; its units go back to stock', access: 'care', params: orderIdParam, body: reasonRequest, example: { ...orderExample, body: { reason: 'customer asked' } } },
  { method: 'post', path: '/api/admin/orders/:orderId/return', tag: STAFF_ORDERS, summary: 'Record a returned order; its units go back to stock', access: 'care', params: orderIdParam, body: reasonRequest, example: { ...orderExample, body: { reason: 'wrong size' } } },
  { method: 'post', path: '/api/admin/orders/:orderId/verify-bkash', tag: STAFF_ORDERS, summary: 'Mark a bKash payment as seen', access: 'care', params: orderIdParam, body: stepRequest, example: { ...orderExample, body: { note: 'seen in the app' } } },
  { method: 'post', path: '/api/admin/orders/:orderId/notes', tag: STAFF_ORDERS, summary: 'Add a care note to an order', access: 'care', params: orderIdParam, body: noteRequest, example: { ...orderExample, body: { note: 'prefers evening calls' } } },
  { method: 'post', path: '/api/admin/orders/:orderId/call', tag: STAFF_ORDERS, summary: 'Record how the confirmation call went (reached, not_reached, confirmed, refused)', access: 'care', params: orderIdParam, body: callRequest, example: { ...orderExample, body: { outcome: 'reached', note: 'will confirm tonight' } } },
  { method: 'post', path: '/api/admin/orders/:orderId/shipping', tag: STAFF_ORDERS, summary: 'Change where a pending or confirmed order goes (address, shipping phone), with a reason', access: 'care', params: orderIdParam, body: shippingChangeRequest, example: { ...orderExample, body: { address: 'House 4, Road 2, Banani', reason: 'customer moved' } } },
  { method: 'post', path: '/api/admin/orders/:orderId/lines', tag: STAFF_ORDERS, summary: 'Add a line to a pending or confirmed order (stock reserved, totals recomputed)', access: 'care', params: orderIdParam, body: addLineRequest, example: { ...orderExample, body: { id: 1, size: 'M', qty: 1, reason: 'customer asked' } } },
  { method: 'post', path: '/api/admin/orders/:orderId/lines/:productId/:size', tag: STAFF_ORDERS, summary: 'Change a line\'s size or quantity (stock moved, totals recomputed)', access: 'care', params: { ...orderIdParam, productId: z.string().describe('The line\'s product id'), size: z.string().describe('The line\'s size') }, body: changeLineRequest, example: { params: { orderId: '7KQ2M9XA', productId: '1', size: 'M' }, body: { size: 'L', reason: 'too small' } } },
  { method: 'post', path: '/api/admin/orders/:orderId/lines/:productId/:size/remove', tag: STAFF_ORDERS, summary: 'Remove a line (its units released, totals recomputed)', access: 'care', params: { ...orderIdParam, productId: z.string().describe('The line\'s product id'), size: z.string().describe('The line\'s size') }, body: removeLineRequest, example: { params: { orderId: '7KQ2M9XA', productId: '1', size: 'M' }, body: { reason: 'changed mind' } } },
  { method: 'get', path: '/api/admin/orders/:orderId/packing-slip', tag: STAFF_ORDERS, summary: 'Printable invoice / packing slip with the cash to collect', access: 'care', params: orderIdParam, produces: 'text/html', example: orderExample },
  { method: 'get', path: '/api/admin/packing-slips', tag: STAFF_ORDERS, summary: 'Every slip of the orders confirmed on a day (Dhaka), for one print run', access: 'care', query: packingSlipsRequest, produces: 'text/html', example: { query: { date: '2026-03-31' } } },
  { method: 'post', path: '/api/admin/personal-data/erase', tag: STAFF_ORDERS, summary: 'Erase a phone number\'s personal data (its orders, the accounts that placed them), with a reason; 409 naming the orders still in progress, 404 when nothing uses the number', access: 'admin', body: erasePhoneRequest, example: { body: { phone: '01711111111', reason: 'the customer asked by phone to be forgotten' } } },
  { method: 'get', path: '/api/admin/personal-data', tag: STAFF_ORDERS, summary: 'Everything the store holds about a phone number, as JSON: accounts with it, orders with it as contact or shipping phone, its record', access: 'care', query: personalDataQuery, example: { query: { phone: '01711111111' } } },
  { method: 'get', path: '/api/admin/phones/:phone', tag: STAFF_ORDERS, summary: 'A phone number\'s record: orders placed, delivered, returned, cancelled, expired; block', access: 'care', params: { phone: z.string().describe('An 11-digit mobile number') }, example: { params: { phone: '01711111111' } } },
  { method: 'post', path: '/api/admin/phones/:phone/block', tag: STAFF_ORDERS, summary: 'Refuse new orders for a phone number, with a reason', access: 'admin', params: { phone: z.string() }, body: reasonRequest, example: { params: { phone: '01711111111' }, body: { reason: 'refused three parcels' } } },
  { method: 'post', path: '/api/admin/phones/:phone/unblock', tag: STAFF_ORDERS, summary: 'Take orders for a blocked phone number again, with a reason', access: 'admin', params: { phone: z.string() }, body: reasonRequest, example: { params: { phone: '01711111111' }, body: { reason: 'paid the courier' } } },
  { method: 'get', path: '/api/admin/orders', tag: STAFF_ORDERS, summary: 'Orders, newest first, filtered', access: 'care', query: listOrdersRequest, example: { query: { page: '1', status: 'pending', payment: 'cash', from: '2026-01-01', to: '2026-12-31' } } },
  { method: 'get', path: '/api/admin/dashboard', tag: STAFF_ORDERS, summary: 'Sales and order counts over the last days', access: 'care', query: dashboardRequest, example: { query: { days: '30' } } },

  // Stock, coupons, brands
  { method: 'get', path: '/api/admin/stock', tag: STAFF_STORE, summary: 'Stock per SKU, 20 a page', access: 'care', query: listStockRequest, example: { query: { page: '1', search: 'tee', low: 'false' } } },
  { method: 'post', path: '/api/admin/stock/receive', tag: STAFF_STORE, summary: 'Receive units of a SKU', access: 'admin', body: receiveStockRequest, example: { body: { productId: 12, size: 'M', quantity: 24, note: 'new box' } } },
  { method: 'post', path: '/api/admin/stock/adjust', tag: STAFF_STORE, summary: 'Correct a SKU\'s count after a recount', access: 'admin', body: adjustStockRequest, example: { body: { productId: 12, size: 'M', delta: -1, reason: 'damaged in the store' } } },
  { method: 'get', path: '/api/admin/stock/:productId/:size/stream', tag: STAFF_STORE, summary: 'A SKU\'s stock events', access: 'care', params: { productId: z.string().regex(/^\d{1,9}$/), size: z.string().min(1).max(10) }, example: { params: { productId: '12', size: 'M' } } },
  { method: 'get', path: '/api/admin/coupons', tag: STAFF_STORE, summary: 'Coupons with their use', access: 'admin' },
  { method: 'post', path: '/api/admin/coupons', tag: STAFF_STORE, summary: 'Create a coupon', access: 'admin', success: 201, body: createCouponRequest, example: { body: { code: 'EID2026', percent: 15, validFrom: '2026-06-01T00:00', validUntil: '2026-06-30T23:59', totalLimit: 500, perPhoneLimit: 1 } } },
  { method: 'post', path: '/api/admin/coupons/:code/disable', tag: STAFF_STORE, summary: 'Disable a coupon', access: 'admin', params: { code: couponCodeParameter }, body: disableCouponRequest, example: { params: { code: 'EID2026' }, body: { reason: 'campaign over' } } },
  { method: 'get', path: '/api/admin/coupons/:code/redemptions', tag: STAFF_STORE, summary: 'The orders that used a coupon', access: 'admin', params: { code: couponCodeParameter }, example: { params: { code: 'WELCOME10' } } },
  // Store administration (issue 13): the catalog as events
  { method: 'get', path: '/api/admin/products', tag: STAFF_CATALOG, summary: 'Products, drafts too, 20 a page: search, category and status filters', access: 'care', query: listProductsRequest, example: { query: { page: '1', search: 'tee', category: '3', status: 'draft' } } },
  { method: 'post', path: '/api/admin/products', tag: STAFF_CATALOG, summary: 'Create a product (a draft until published); money in Taka', access: 'admin', success: 201, body: createProductRequest, example: { body: { name: 'Rickshaw Art Tee', category_id: 3, price: 650, old_price: 800, sizes: ['M', 'L'], description: '<p>Soft cotton</p>', name_bn: 'রিকশা আর্ট টি-শার্ট', description_bn: '<p>নরম সুতি কাপড়</p>' } } },
  { method: 'get', path: '/api/admin/products/:id', tag: STAFF_CATALOG, summary: 'One product with its status and version', access: 'care', params: productIdParam, example: productExample },
  { method: 'patch', path: '/api/admin/products/:id', tag: STAFF_CATALOG, summary: 'Change any of a product\'s fields (the Bengali name and description too: empty removes them); `version` (or If-Match) guards against overwriting another admin\'s change (409)', access: 'admin', params: productIdParam, body: changeProductRequest, headers: ifMatch, example: { params: { id: '12' }, body: { price: 599, sizes: ['S', 'M', 'L'], version: 3 } } },
  { method: 'post', path: '/api/admin/products/:id/publish', tag: STAFF_CATALOG, summary: 'Publish: the shop lists the product within a second', access: 'admin', params: productIdParam, body: versionOnlyRequest, headers: ifMatch, example: { params: { id: '12' }, body: {} } },
  { method: 'post', path: '/api/admin/products/:id/unpublish', tag: STAFF_CATALOG, summary: 'Unpublish: back to a draft, gone from the shop', access: 'admin', params: productIdParam, body: versionOnlyRequest, headers: ifMatch, example: { params: { id: '12' }, body: {} } },
  { method: 'get', path: '/api/admin/products/:id/history', tag: STAFF_CATALOG, summary: 'Who changed what on a product, and when', access: 'care', params: productIdParam, example: productExample },
  { method: 'post', path: '/api/admin/products/:id/images', tag: STAFF_CATALOG, summary: 'Add a picture: JPEG, PNG or WebP up to 5 MB, stored in three sizes without metadata', access: 'admin', success: 201, params: productIdParam, upload: { field: 'image', description: 'The picture (checked by its content, not its name)' }, example: productExample },
  { method: 'get', path: '/api/admin/categories', tag: STAFF_CATALOG, summary: 'Categories, flat and as a two-level tree', access: 'care' },
  { method: 'post', path: '/api/admin/categories', tag: STAFF_CATALOG, summary: 'Create a category (top-level, or under a top-level one)', access: 'admin', success: 201, body: createCategoryRequest, example: { body: { name: 'Henley Tees', parent_id: 1 } } },
  { method: 'patch', path: '/api/admin/categories/:id', tag: STAFF_CATALOG, summary: 'Rename, move or reorder a category', access: 'admin', params: { id: z.string().regex(/^[1-9]\d{0,8}$/).describe('The category id') }, body: changeCategoryRequest, headers: ifMatch, example: { params: { id: '3' }, body: { name: 'Henleys', position: 2 } } },
  { method: 'get', path: '/api/admin/settings', tag: STAFF_CATALOG, summary: 'Store settings with their version', access: 'care' },
  { method: 'put', path: '/api/admin/settings', tag: STAFF_CATALOG, summary: 'Change store settings (delivery charges in Taka, bKash number, contact)', access: 'admin', body: settingsRequest, headers: ifMatch, example: { body: { devliery_charge_inside_dhk: 60, bkash_number: '01711000000' } } },
  { method: 'get', path: '/api/admin/posts/:slug', tag: STAFF_CATALOG, summary: 'An info page (about, terms, privacy, return)', access: 'care', params: { slug: z.enum(['about', 'terms', 'privacy', 'return']) }, example: { params: { slug: 'about' } } },
  { method: 'put', path: '/api/admin/posts/:slug', tag: STAFF_CATALOG, summary: 'Change an info page; its HTML is sanitized', access: 'admin', params: { slug: z.enum(['about', 'terms', 'privacy', 'return']) }, body: postRequest, headers: ifMatch, example: { params: { slug: 'about' }, body: { name: 'About Us', html: '<p>Tee Bazaar started in Dhaka.</p>' } } },
  { method: 'get', path: '/api/admin/staff', tag: STAFF_CATALOG, summary: 'Staff accounts: active, invited or disabled', access: 'care' },
  { method: 'post', path: '/api/admin/staff', tag: STAFF_CATALOG, summary: 'Add a staff member; a single-use set-password link is mailed to them', access: 'admin', success: 201, body: addStaffRequest, example: { body: { name: 'Nusrat Jahan', email: 'nusrat@teebazaar.test', role: 'care' } } },
  { method: 'post', path: '/api/admin/staff/:id/disable', tag: STAFF_CATALOG, summary: 'Disable a staff account: its tokens stop working at once', access: 'admin', params: { id: z.string().uuid().describe('The staff account id') }, example: { params: { id: '6f1c2b9e-1d2a-4c3b-8e4f-5a6b7c8d9e0f' } } },
  { method: 'get', path: '/api/brands/allbrandlist', tag: STAFF_STORE, summary: 'Brands', access: 'admin' },
  { method: 'get', path: '/api/brands/brandrow/:id', tag: STAFF_STORE, summary: 'One brand', access: 'admin', params: { id: brandId }, example: { params: { id: '3' } } },
  { method: 'post', path: '/api/brands/save', tag: STAFF_STORE, summary: 'Add a brand, or change one (with its id)', access: 'admin', body: saveBrandRequest, example: { body: { id: '3', name: 'Aarong Basics', description: 'Cotton tees', status: 1 } } },
  { method: 'get', path: '/api/brands/delete/:id', tag: STAFF_STORE, summary: 'Delete a brand (a GET, as the specification has it)', access: 'admin', params: { id: brandId }, example: { params: { id: '3' } } },

  // Lucky draw (issue 19, ADR 051, docs/lucky-draw.md)
  { method: 'get', path: '/api/public/offers/current', tag: LUCKY_DRAW, summary: 'The current lucky-draw offer: commitment, published tokens, seed, winners with masked phones', access: 'public' },
  { method: 'get', path: '/api/public/offers/my-tokens', tag: LUCKY_DRAW, summary: 'An order\'s lucky-draw tokens and their state, by order id and phone', access: 'public', rateLimited: true, query: trackingQuery, example: { query: { orderId: '7KQ2M9XA', phone: '01711111111' } } },
  { method: 'get', path: '/api/public/offers/:offerId', tag: LUCKY_DRAW, summary: 'One offer\'s public data: what npm run verify-draw recomputes the winners from', access: 'public', params: offerIdParam, example: offerExample },
  { method: 'get', path: '/api/admin/offers', tag: LUCKY_DRAW, summary: 'Lucky-draw offers as staff see them', access: 'care' },
  {
    method: 'post', path: '/api/admin/offers', tag: LUCKY_DRAW, summary: 'Create an offer (defaults: now to 30 days later, the spec\'s prizes, 10%)', access: 'admin', success: 201, body: createOfferSchema(new Date('2026-01-01T00:00:00Z')),
    example: { body: { name: 'Eid lucky draw', starts_at: '2026-06-01T00:00:00Z', ends_at: '2026-06-30T23:59:59Z', discount_percent: 10 } },
  },
  { method: 'get', path: '/api/admin/offers/:offerId', tag: LUCKY_DRAW, summary: 'One offer, winners with their orders', access: 'care', params: offerIdParam, example: offerExample },
  { method: 'patch', path: '/api/admin/offers/:offerId', tag: LUCKY_DRAW, summary: 'Change an offer\'s terms (until the draw is committed)', access: 'admin', params: offerIdParam, body: changeOfferSchema, example: { ...offerExample, body: { ends_at: '2026-07-05T23:59:59Z' } } },
  { method: 'post', path: '/api/admin/offers/:offerId/commit', tag: LUCKY_DRAW, summary: 'Commit to a secret seed: its SHA-256 is published', access: 'admin', params: offerIdParam, example: offerExample },
  { method: 'post', path: '/api/admin/offers/:offerId/close', tag: LUCKY_DRAW, summary: 'After the period: publish the eligible tokens and their hash', access: 'admin', params: offerIdParam, example: offerExample },
  { method: 'post', path: '/api/admin/offers/:offerId/draw', tag: LUCKY_DRAW, summary: 'Reveal the seed and pick the winners (DrawHeld)', access: 'admin', params: offerIdParam, example: offerExample },
  { method: 'get', path: '/api/admin/lucky-draw-tokens/:orderId', tag: LUCKY_DRAW, summary: 'An order\'s lucky-draw tokens and their state', access: 'care', params: orderIdParam, example: orderExample },

  // Operations: the event log, projections, health, metrics, this document
  { method: 'get', path: '/api/admin/events', tag: OPERATIONS, summary: 'Browse the event log, newest first', access: 'admin', query: browseEventsRequest, example: { query: { type: 'OrderPlaced', limit: '20' } } },
  { method: 'get', path: '/api/admin/events/types', tag: OPERATIONS, summary: 'The event types in the log, with counts', access: 'admin' },
  { method: 'get', path: '/api/admin/events/streams/:streamId', tag: OPERATIONS, summary: 'One stream\'s events', access: 'admin', params: { streamId: streamIdParameter }, example: { params: { streamId: 'order-7KQ2M9XA' } } },
  { method: 'get', path: '/api/admin/queues', tag: OPERATIONS, summary: 'Mail and SMS queues: open jobs by state, the oldest, the latest failure', access: 'admin' },
  { method: 'get', path: '/api/admin/projections', tag: OPERATIONS, summary: 'Projections: checkpoint, lag, last error, events applied by this process', access: 'admin' },
  { method: 'post', path: '/api/admin/projections/:name/rebuild', tag: OPERATIONS, summary: 'Rebuild a read model from the log with no downtime', access: 'admin', success: 202, params: { name: z.string().min(1).max(100) }, example: { params: { name: 'order-timeline' } } },
  { method: 'get', path: '/api/health', tag: OPERATIONS, summary: 'Database and queue: 200 when both are up, else 503', access: 'public' },
  { method: 'get', path: '/api/health/live', tag: OPERATIONS, summary: 'Liveness: the process answers', access: 'public' },
  { method: 'get', path: '/api/health/ready', tag: OPERATIONS, summary: 'Readiness: 200 when the database is reachable and migrated (Redis down: "degraded", still 200); 503 otherwise or while shutting down', access: 'public' },
  { method: 'get', path: '/api/metrics', tag: OPERATIONS, summary: 'Prometheus metrics (allowed addresses, or METRICS_TOKEN as a bearer token)', access: 'monitoring', produces: 'text/plain; version=0.0.4' },
  { method: 'get', path: '/api/openapi.json', tag: OPERATIONS, summary: 'This document (OpenAPI 3.1)', access: 'public' },
  { method: 'get', path: '/api/docs', tag: OPERATIONS, summary: 'This document, browsable', access: 'public', produces: 'text/html' },
  { method: 'get', path: '/api/docs/:file', tag: OPERATIONS, summary: 'The browsable page\'s scripts and styles', access: 'public', produces: 'application/octet-stream', params: { file: z.enum(['swagger-ui.css', 'swagger-ui-bundle.js', 'docs.js']) }, example: { params: { file: 'docs.js' } } },
];
