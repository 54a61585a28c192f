import { randomBytes } from 'node:crypto';
import { startFakeProvider, type FakeAnswer, type FakeProvider, type FakeRequest } from '../fake-provider';
import { dhakaTime, fieldsOf, isBlank, withLatency, type FakeWebhook } from './courier-fake-kit';

/**
 * A local Pathao merchant API ("aladdin") that keeps its tokens and orders: `issue-token` grants by password or
 * refresh token, every other request needs a live access token (401 otherwise), the city and zone lists come from
 * a small fixture, `POST /orders` validates as Pathao documents it (422 with `errors`), `/orders/{id}/info`
 * answers what `advance` made of an order, and `advance` builds the webhook Pathao would send.
 */
export interface PathaoFakeOrder {
  consignment_id: string;
  merchant_order_id: string | null;
  store_id: number;
  recipient_name: string;
  recipient_phone: string;
  recipient_address: string;
  recipient_city: number | null;
  recipient_zone: number | null;
  recipient_area: number | null;
  delivery_type: number;
  item_type: number;
  item_quantity: number;
  item_weight: number;
  amount_to_collect: number;
  special_instruction: string | null;
  item_description: string | null;
  delivery_fee: number;
  /** The display name Pathao's order info answers ("Pending", "Delivered") and the event slug last sent. */
  order_status: string;
  event: string;
  updated_at: Date;
  invoice_id: string | null;
}

export interface PathaoFakeOptions {
  latencyMs?: number;
  clientId?: string;
  clientSecret?: string;
  username?: string;
  password?: string;
  storeId?: number;
  webhookSecret?: string;
  /** Seconds an access token lives (`expires_in`; Pathao's is 432000, five days). */
  tokenTtlSeconds?: number;
  /** `accept` (default: Pathao documents no uniqueness of `merchant_order_id`) or `refuse` a second order for it. */
  duplicateOrderId?: 'accept' | 'refuse';
}

export interface PathaoFake {
  readonly url: string;
  readonly provider: FakeProvider;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly username: string;
  readonly password: string;
  readonly storeId: number;
  readonly webhookSecret: string;
  readonly orders: Map<string, PathaoFakeOrder>;
  ordersOf(merchantOrderId: string): PathaoFakeOrder[];
  /** Grants so far, by grant type. */
  grants(): { password: number; refresh_token: number };
  /** Every access token given so far stops working (as if they expired): the next request is answered 401. */
  revokeTokens(): void;
  /** Moves the order to a Pathao event (`order.picked`, `order.delivered` ...) and answers the webhook Pathao would send. */
  advance(consignmentId: string, event: string, extra?: { collectedAmount?: number; reason?: string; invoiceId?: string; at?: Date }): FakeWebhook;
  /** The webhook for the order's last event; `secret: null` sends no signature. */
  webhook(consignmentId: string, options?: { secret?: string | null }): FakeWebhook;
  /** The body Pathao posts when a merchant saves the callback URL. */
  integrationCheck(): FakeWebhook;
  stop(): Promise<void>;
}

export const PATHAO_FAKE_CITIES = [
  { city_id: 1, city_name: 'Dhaka' },
  { city_id: 2, city_name: 'Chittagong' },
  { city_id: 4, city_name: 'Rajshahi' },
  { city_id: 8, city_name: 'Sylhet' },
  { city_id: 11, city_name: 'Comilla' },
  { city_id: 17, city_name: 'Barisal' },
  { city_id: 32, city_name: 'B. Baria' },
];

export const PATHAO_FAKE_ZONES: Record<number, Array<{ zone_id: number; zone_name: string }>> = {
  1: [
    { zone_id: 298, zone_name: '60 feet' },
    { zone_id: 1070, zone_name: 'Abdullahpur Uttara' },
    { zone_id: 52, zone_name: 'Dhanmondi' },
    { zone_id: 68, zone_name: 'Mirpur' },
    { zone_id: 69, zone_name: 'Mirpur DOHS' },
    { zone_id: 90, zone_name: 'Uttara' },
  ],
  2: [
    { zone_id: 301, zone_name: 'Agrabad' },
    { zone_id: 302, zone_name: 'Halishahar' },
  ],
  11: [{ zone_id: 401, zone_name: 'Comilla Sadar' }],
};

/** Areas of a zone (`zones/{zone}/area-list`); a zone not listed here has none. */
export const PATHAO_FAKE_AREAS: Record<number, Array<{ area_id: number; area_name: string; home_delivery_available: boolean; pickup_available: boolean }>> = {
  68: [
    { area_id: 6801, area_name: 'Mirpur 1', home_delivery_available: true, pickup_available: true },
    { area_id: 6810, area_name: 'Mirpur 10', home_delivery_available: true, pickup_available: true },
  ],
};

/** The display name of each event slug, as Pathao's order info answers it. */
export const PATHAO_STATUS_NAMES: Record<string, string> = {
  'order.created': 'Pending',
  'order.updated': 'Pending',
  'order.pickup-requested': 'Pickup Requested',
  'order.assigned-for-pickup': 'Assigned for Pickup',
  'order.picked': 'Picked',
  'order.pickup-failed': 'Pickup Failed',
  'order.pickup-cancelled': 'Pickup Cancelled',
  'order.at-the-sorting-hub': 'At the Sorting HUB',
  'order.in-transit': 'In Transit',
  'order.received-at-last-mile-hub': 'Received at Last Mile HUB',
  'order.assigned-for-delivery': 'Assigned for Delivery',
  'order.delivered': 'Delivered',
  'order.partial-delivery': 'Partial Delivery',
  'order.returned': 'Return',
  'order.delivery-failed': 'Delivery Failed',
  'order.on-hold': 'On Hold',
  'order.paid': 'Payment Invoice',
  'order.paid-return': 'Paid Return',
  'order.exchanged': 'Exchange',
};

export async function startPathaoFake(options: PathaoFakeOptions = {}): Promise<PathaoFake> {
  const clientId = options.clientId ?? '7N1aMJQbWm';
  const clientSecret = options.clientSecret ?? 'pathao-client-secret-000000000001';
  const username = options.username ?? 'test@pathao.com';
  const password = options.password ?? 'lovePathao';
  const storeId = options.storeId ?? 130_820;
  const webhookSecret = options.webhookSecret ?? 'pathao-webhook-secret-00000001';
  const ttl = options.tokenTtlSeconds ?? 432_000;
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const orders = new Map<string, PathaoFakeOrder>();
  const grantCounts = { password: 0, refresh_token: 0 };
  let next = 1;

  const envelope = (code: number, message: string, data?: unknown): FakeAnswer => ({ status: code, json: { message, type: code < 400 ? 'success' : 'error', code, ...(data === undefined ? {} : { data }) } });
  const unauthenticated = envelope(401, 'Unauthenticated.');

  const guarded =
    (route: (request: FakeRequest) => FakeAnswer) =>
    (request: FakeRequest): FakeAnswer => {
      const match = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''));
      const until = match ? accessTokens.get(match[1]) : undefined;
      return until !== undefined && until > Date.now() ? route(request) : unauthenticated;
    };

  const issueToken = (request: FakeRequest): FakeAnswer => {
    const body = fieldsOf(request.json);
    if (body.client_id !== clientId || body.client_secret !== clientSecret) return envelope(401, 'Client authentication failed');
    if (body.grant_type === 'password') {
      if (body.username !== username || body.password !== password) return envelope(400, 'The user credentials were incorrect.');
      grantCounts.password++;
    } else if (body.grant_type === 'refresh_token') {
      if (typeof body.refresh_token !== 'string' || !refreshTokens.delete(body.refresh_token)) return envelope(401, 'The refresh token is invalid.');
      grantCounts.refresh_token++;
    } else {
      return envelope(400, 'The authorization grant type is not supported by the authorization server.');
    }
    const access = randomBytes(24).toString('base64url');
    const refresh = randomBytes(24).toString('base64url');
    accessTokens.set(access, Date.now() + ttl * 1_000);
    refreshTokens.add(refresh);
    return { status: 200, json: { token_type: 'Bearer', expires_in: ttl, access_token: access, refresh_token: refresh } };
  };

  const createOrder = (request: FakeRequest): FakeAnswer => {
    const body = fieldsOf(request.json);
    const errors: Record<string, string[]> = {};
    const add = (field: string, message: string) => (errors[field] ??= []).push(message);
    const text = (field: string) => (isBlank(body[field]) ? '' : String(body[field]));
    if (isBlank(body.store_id)) add('store_id', 'The store id field is required.');
    else if (Number(body.store_id) !== storeId) add('store_id', 'The selected store id is invalid.');
    if (isBlank(body.recipient_name)) add('recipient_name', 'The recipient name field is required.');
    else if (text('recipient_name').length < 3 || text('recipient_name').length > 100) add('recipient_name', 'The recipient name must be between 3 and 100 characters.');
    if (isBlank(body.recipient_phone)) add('recipient_phone', 'The recipient phone field is required.');
    else if (!/^01\d{9}$/.test(text('recipient_phone'))) add('recipient_phone', 'The recipient phone format is invalid.');
    if (isBlank(body.recipient_address)) add('recipient_address', 'The recipient address field is required.');
    else if (text('recipient_address').length < 10 || text('recipient_address').length > 220) add('recipient_address', 'The recipient address must be between 10 and 220 characters.');
    for (const field of ['recipient_city', 'recipient_zone', 'recipient_area']) {
      if (field in body && body[field] === null) add(field, `The ${field.replace('_', ' ')} must be an integer.`);
    }
    const city = Number(body.recipient_city);
    if (!isBlank(body.recipient_city) && !PATHAO_FAKE_CITIES.some((item) => item.city_id === city)) add('recipient_city', 'The selected recipient city is invalid.');
    if (!isBlank(body.recipient_zone) && !(PATHAO_FAKE_ZONES[city] ?? []).some((zone) => zone.zone_id === Number(body.recipient_zone))) add('recipient_zone', 'The selected recipient zone is invalid.');
    if (!isBlank(body.recipient_area) && !(PATHAO_FAKE_AREAS[Number(body.recipient_zone)] ?? []).some((area) => area.area_id === Number(body.recipient_area))) add('recipient_area', 'The selected recipient area is invalid.');
    if (![48, 12].includes(Number(body.delivery_type))) add('delivery_type', 'The selected delivery type is invalid.');
    if (![1, 2].includes(Number(body.item_type))) add('item_type', 'The selected item type is invalid.');
    if (!Number.isInteger(Number(body.item_quantity)) || Number(body.item_quantity) < 1) add('item_quantity', 'The item quantity must be at least 1.');
    const weight = Number(body.item_weight);
    if (isBlank(body.item_weight) || !Number.isFinite(weight) || weight < 0.5 || weight > 10) add('item_weight', 'The item weight must be between 0.5 and 10.');
    if (isBlank(body.amount_to_collect) || !Number.isInteger(Number(body.amount_to_collect)) || Number(body.amount_to_collect) < 0) add('amount_to_collect', 'The amount to collect must be an integer.');
    const merchantOrderId = isBlank(body.merchant_order_id) ? null : text('merchant_order_id');
    if (merchantOrderId && options.duplicateOrderId === 'refuse' && [...orders.values()].some((order) => order.merchant_order_id === merchantOrderId)) {
      add('merchant_order_id', 'The merchant order id has already been taken.');
    }
    if (Object.keys(errors).length > 0) return { status: 422, json: { message: 'Please fix the given errors', type: 'error', code: 422, errors } };

    const consignmentId = `DL${dhakaTime().slice(2, 10).replace(/-/g, '')}${String(next++).padStart(4, '0')}`;
    const order: PathaoFakeOrder = {
      consignment_id: consignmentId,
      merchant_order_id: merchantOrderId,
      store_id: storeId,
      recipient_name: text('recipient_name'),
      recipient_phone: text('recipient_phone'),
      recipient_address: text('recipient_address'),
      recipient_city: isBlank(body.recipient_city) ? null : city,
      recipient_zone: isBlank(body.recipient_zone) ? null : Number(body.recipient_zone),
      recipient_area: isBlank(body.recipient_area) ? null : Number(body.recipient_area),
      delivery_type: Number(body.delivery_type),
      item_type: Number(body.item_type),
      item_quantity: Number(body.item_quantity),
      item_weight: weight,
      amount_to_collect: Number(body.amount_to_collect),
      special_instruction: isBlank(body.special_instruction) ? null : text('special_instruction'),
      item_description: isBlank(body.item_description) ? null : text('item_description'),
      delivery_fee: city === 1 ? 60 : 110,
      order_status: 'Pending',
      event: 'order.created',
      updated_at: new Date(),
      invoice_id: null,
    };
    orders.set(consignmentId, order);
    return envelope(200, 'Order Created Successfully', { consignment_id: consignmentId, merchant_order_id: merchantOrderId, order_status: 'Pending', delivery_fee: order.delivery_fee });
  };

  const find = (consignmentId: string): PathaoFakeOrder => {
    const order = orders.get(consignmentId);
    if (!order) throw new Error(`the Pathao fake holds no order ${consignmentId}`);
    return order;
  };

  const extras = new Map<string, Record<string, unknown>>();
  const webhook: PathaoFake['webhook'] = (consignmentId, webhookOptions = {}) => {
    const order = find(consignmentId);
    const secret = webhookOptions.secret === undefined ? webhookSecret : webhookOptions.secret;
    return {
      headers: secret === null ? ({} as Record<string, string>) : { 'x-pathao-signature': secret },
      query: {},
      body: {
        consignment_id: order.consignment_id,
        merchant_order_id: order.merchant_order_id ?? '',
        updated_at: dhakaTime(order.updated_at),
        timestamp: order.updated_at.toISOString().replace(/\.\d{3}Z$/, '+00:00'),
        store_id: order.store_id,
        event: order.event,
        ...(order.event === 'order.created' || order.event === 'order.updated' ? { delivery_fee: order.delivery_fee } : {}),
        ...extras.get(consignmentId),
      },
    };
  };

  const routes = withLatency(
    {
      'POST /aladdin/api/v1/issue-token': issueToken,
      'GET /aladdin/api/v1/city-list': guarded(() => envelope(200, 'City successfully fetched.', { data: PATHAO_FAKE_CITIES })),
      'GET /aladdin/api/v1/cities/:city/zone-list': guarded((request) => envelope(200, 'Zone list fetched.', { data: PATHAO_FAKE_ZONES[Number(request.params.city)] ?? [] })),
      'GET /aladdin/api/v1/zones/:zone/area-list': guarded((request) => envelope(200, 'Area list fetched.', { data: PATHAO_FAKE_AREAS[Number(request.params.zone)] ?? [] })),
      'POST /aladdin/api/v1/orders': guarded(createOrder),
      'GET /aladdin/api/v1/orders/:id/info': guarded((request) => {
        const order = orders.get(request.params.id);
        if (!order) return envelope(404, 'Order not found.');
        return envelope(200, 'Order info', {
          consignment_id: order.consignment_id,
          merchant_order_id: order.merchant_order_id,
          order_status: order.order_status,
          order_status_slug: order.order_status,
          updated_at: dhakaTime(order.updated_at),
          invoice_id: order.invoice_id,
        });
      }),
    },
    options.latencyMs,
  );
  const provider = await startFakeProvider(routes);

  return {
    url: provider.url,
    provider,
    clientId,
    clientSecret,
    username,
    password,
    storeId,
    webhookSecret,
    orders,
    ordersOf: (merchantOrderId) => [...orders.values()].filter((order) => order.merchant_order_id === merchantOrderId),
    grants: () => ({ ...grantCounts }),
    revokeTokens: () => accessTokens.clear(),
    advance(consignmentId, event, extra = {}) {
      const order = find(consignmentId);
      order.event = event;
      order.order_status = PATHAO_STATUS_NAMES[event] ?? event;
      order.updated_at = extra.at ?? new Date();
      if (extra.invoiceId) order.invoice_id = extra.invoiceId;
      extras.set(consignmentId, {
        ...(extra.collectedAmount !== undefined ? { collected_amount: extra.collectedAmount } : {}),
        ...(extra.reason ? { reason: extra.reason } : {}),
        ...(extra.invoiceId ? { invoice_id: extra.invoiceId } : {}),
      });
      return webhook(consignmentId);
    },
    webhook,
    integrationCheck: () => ({ headers: {}, query: {}, body: { event: 'webhook_integration' } }),
    stop: () => provider.stop(),
  };
}
