import { Logger } from '@nestjs/common';
import { OutsideServiceError } from '../../outside/outside-http';
import type { OutsideServices } from '../../outside/outside-services';
import {
  CourierRefusal,
  type BookedParcel,
  type Courier,
  type CourierPlace,
  type ParcelRequest,
  type PickupRequest,
  type ParcelStage,
  type ParcelState,
  type ParcelStep,
  type WebhookDelivery,
  type WebhookReading,
} from './courier-port';
import { addressWithDistrict, CourierOutcomeUnknown, pickupParcel, courierTime, districtSpellings, headerOf, normalName, refusedAnswer, sameSecret, takaOf, TimedCache } from './courier-http';

export interface PathaoOptions {
  /** `PATHAO_BASE_URL`, e.g. https://api-hermes.pathao.com (the `/aladdin/api/v1` paths are added). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  /** `PATHAO_STORE_ID`: the merchant store parcels are picked up from. */
  storeId: number;
  /** `PATHAO_WEBHOOK_SECRET`: the secret typed into Pathao's webhook form, sent back in `X-PATHAO-Signature`. */
  webhookSecret: string;
  timeoutMs?: number;
  /** How long the city and zone lists are kept (default a day). */
  listsTtlMs?: number;
}

/**
 * The header and value Pathao's webhook form checks on every answer before it accepts a callback URL. The value
 * is the same for every merchant (Pathao publishes it), so it proves nothing about us or about Pathao.
 */
export const PATHAO_INTEGRATION_HEADER = 'X-Pathao-Merchant-Webhook-Integration-Secret';
export const PATHAO_INTEGRATION_SECRET = 'f3992ecc-59da-4cbe-a049-a13da2018d51';

/**
 * Pathao's order statuses onto the store's stages, keyed by the webhook's event slug without `order.`
 * (`order.assigned-for-delivery`) and by the display names its order info answers ("Assigned for Delivery"),
 * both reduced to `assigned-for-delivery`. `Payment Invoice` (`order.paid`) and `Exchange` come after a delivery.
 * `Return` is the return decided at the door; `returned-to-merchant` the parcel back at the shop.
 */
export const PATHAO_STAGES: Record<string, ParcelStage> = {
  created: 'booked',
  pending: 'booked',
  updated: 'booked',
  'pickup-requested': 'booked',
  'assigned-for-pickup': 'booked',
  picked: 'picked-up',
  'pickup-failed': 'on-hold',
  'pickup-cancelled': 'cancelled',
  'at-the-sorting-hub': 'in-transit',
  'in-transit': 'in-transit',
  'received-at-last-mile-hub': 'in-transit',
  'assigned-for-delivery': 'out-for-delivery',
  delivered: 'delivered',
  'partial-delivery': 'partly-delivered',
  'delivery-failed': 'delivery-failed',
  'on-hold': 'on-hold',
  returned: 'returning',
  return: 'returning',
  'return-id-created': 'returning',
  'return-in-transit': 'returning',
  'paid-return': 'returning',
  'returned-to-merchant': 'returned',
  paid: 'delivered',
  'payment-invoice': 'delivered',
  exchanged: 'delivered',
  exchange: 'delivered',
};

export function pathaoStatusKey(status: string): string {
  return status
    .trim()
    .toLowerCase()
    .replace(/^order\./, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function pathaoStage(status: string): ParcelStage {
  return PATHAO_STAGES[pathaoStatusKey(status)] ?? 'on-hold';
}

interface PathaoToken {
  access: string;
  refresh?: string;
  /** Milliseconds since the epoch after which the access token is not used (a minute before Pathao's expiry). */
  until: number;
}

interface PathaoEnvelope<T> {
  message?: string;
  type?: string;
  code?: number;
  data?: T;
}

const API = '/aladdin/api/v1';

/**
 * Pathao Courier (merchant API, "aladdin"). An OAuth password grant (`issue-token`) gives an access token, kept
 * until a minute before it expires and renewed with its refresh token (or a new password grant when that is
 * refused); a request answered 401 gets a new token and is asked once more. Our order id is `merchant_order_id`;
 * the district is mapped to Pathao's city and the order's thana (else a zone the address names) to its zone and
 * area, from its lists, cached; without a match the ids are left out, and Pathao fills them from the address, as
 * its documentation offers. Pathao has no lookup of an order by merchant order id: a booking whose answer was lost
 * goes to care, never booked a second time.
 */
export class PathaoCourier implements Courier {
  readonly service = 'courier';
  readonly name = 'pathao';
  readonly provider = 'pathao';
  readonly mode = 'live';
  readonly needsDistrict = true;
  readonly label = 'Pathao Courier: parcels booked at PATHAO_BASE_URL for the store PATHAO_STORE_ID';
  private readonly logger = new Logger('Pathao');
  private readonly baseUrl: string;
  private token: PathaoToken | undefined;
  private tokenAsked: Promise<PathaoToken> | undefined;
  private readonly cities: TimedCache<Array<{ city_id: number; city_name: string }>>;
  private readonly zones: TimedCache<Array<{ zone_id: number; zone_name: string }>>;
  private readonly areas: TimedCache<Array<{ area_id: number; area_name: string }>>;

  constructor(
    private readonly outside: Pick<OutsideServices, 'call'>,
    private readonly options: PathaoOptions,
  ) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.cities = new TimedCache(options.listsTtlMs ?? 24 * 3_600_000);
    this.zones = new TimedCache(options.listsTtlMs ?? 24 * 3_600_000);
    this.areas = new TimedCache(options.listsTtlMs ?? 24 * 3_600_000);
  }

  trackingUrl(trackingCode: string): string {
    return `https://merchant.pathao.com/tracking?consignment_id=${encodeURIComponent(trackingCode)}`;
  }

  async book(parcel: ParcelRequest): Promise<BookedParcel> {
    const kg = Math.round(Math.max(parcel.weightGrams, 500) / 10) / 100;
    if (kg > 10) throw new CourierRefusal('pathao', `Pathao takes parcels of 0.5 to 10 kg; this one weighs ${kg} kg`);
    const place = await this.place(parcel);
    const body: Record<string, unknown> = {
      store_id: this.options.storeId,
      merchant_order_id: parcel.orderId,
      recipient_name: parcel.recipientName.trim(),
      recipient_phone: parcel.recipientPhone,
      recipient_address: addressWithDistrict(parcel.recipientAddress, parcel.district),
      ...(place.cityId !== undefined ? { recipient_city: place.cityId } : {}),
      ...(place.zoneId !== undefined ? { recipient_zone: place.zoneId } : {}),
      ...(place.areaId !== undefined ? { recipient_area: place.areaId } : {}),
      delivery_type: 48,
      item_type: 2,
      special_instruction: parcel.note ?? '',
      item_quantity: parcel.itemCount,
      item_weight: kg,
      item_description: parcel.itemDescription,
      amount_to_collect: Math.max(0, Math.round(parcel.amountToCollectTaka)),
    };
    let data: { consignment_id?: unknown; order_status?: string; delivery_fee?: unknown } | undefined;
    try {
      data = (await this.authed<PathaoEnvelope<typeof data>>('POST', `${API}/orders`, body)).data;
    } catch (error) {
      if (error instanceof OutsideServiceError && (error.failure === 'timeout' || error.failure === 'unreadable')) {
        throw new CourierOutcomeUnknown(
          'pathao',
          `Pathao did not answer the booking of order ${parcel.orderId} in time and may have booked it; Pathao cannot be asked by merchant order id: look for ${parcel.orderId} in the Pathao merchant panel before booking again`,
        );
      }
      const refused = refusedAnswer(error);
      if (!refused) throw error;
      if (/merchant[ _]order[ _]id/i.test(refused.words) && /(already|taken|exists|duplicate)/i.test(refused.words)) {
        throw new CourierOutcomeUnknown('pathao', `Pathao already holds an order ${parcel.orderId} (${refused.words}); find it in the Pathao merchant panel and enter its consignment id`);
      }
      throw this.refusal(refused.status, refused.words);
    }
    if (typeof data?.consignment_id !== 'string' && typeof data?.consignment_id !== 'number') {
      throw new OutsideServiceError('courier', this.provider, 'unreadable', 'no consignment_id in the answer', 200);
    }
    const consignmentId = String(data.consignment_id);
    this.logger.log(`Order ${parcel.orderId} booked: consignment ${consignmentId}`);
    return { consignmentId, trackingCode: consignmentId, courierStatus: data.order_status ?? 'Pending', deliveryFeeTaka: takaOf(data.delivery_fee) };
  }

  /**
   * A pick-up (issue 35): Pathao's documented API has no return or reverse order, so the pick-up is a parcel
   * booked to the shopper's door under the return id as its invoice, nothing to collect, with the instruction to
   * bring the unit back (`pickupParcel`). Booked like any parcel: a timeout or a duplicate goes to care.
   */
  bookPickup(pickup: PickupRequest): Promise<BookedParcel> {
    return this.book(pickupParcel(pickup));
  }

  /** Pathao cannot be asked by invoice: an unanswered pick-up goes to care (`CourierOutcomeUnknown`). */
  findPickup(pickup: PickupRequest): Promise<BookedParcel | null> {
    return this.findByOrder(pickup.returnId);
  }

  /** Pathao's API finds orders by consignment id only: whether a lost booking happened cannot be learnt here. */
  findByOrder(orderId: string): Promise<BookedParcel | null> {
    return Promise.reject(
      new CourierOutcomeUnknown('pathao', `Pathao cannot be asked for an order by merchant order id: look for ${orderId} in the Pathao merchant panel, then enter its consignment id or book again`),
    );
  }

  /** `GET /orders/{consignment id}/info`: the status now (Pathao's API keeps no history of steps). */
  async track(consignmentId: string, _orderId?: string): Promise<ParcelState> {
    let data: { order_status?: string; order_status_slug?: string; updated_at?: string } | undefined;
    try {
      data = (await this.authed<PathaoEnvelope<typeof data>>('GET', `${API}/orders/${encodeURIComponent(consignmentId)}/info`)).data;
    } catch (error) {
      const refused = refusedAnswer(error);
      if (refused) throw this.refusal(refused.status, refused.words);
      throw error;
    }
    const status = data?.order_status_slug || data?.order_status;
    if (!status) throw new OutsideServiceError('courier', this.provider, 'unreadable', 'no order status in the answer', 200);
    const step: ParcelStep = { stage: pathaoStage(status), courierStatus: status, at: courierTime(data?.updated_at) };
    return { consignmentId, latest: step, steps: [step] };
  }

  /**
   * Pathao's integration check (`{"event":"webhook_integration"}`) is answered 202 with its header whoever sends
   * it: it changes nothing. Other calls must carry our secret in `X-PATHAO-Signature`; as that secret travels in
   * clear in every call, a call is only a nudge: the store reads the order back with `track`. `order.paid`
   * names the payout (`invoice_id`).
   */
  readWebhook(delivery: WebhookDelivery): WebhookReading {
    const body = (delivery.body ?? {}) as Record<string, unknown>;
    const answer = { status: 202, body: { status: 'success', message: 'Webhook received.' }, headers: { [PATHAO_INTEGRATION_HEADER]: PATHAO_INTEGRATION_SECRET } };
    if (body.event === 'webhook_integration') return { verified: true, signals: [], answer };
    if (!sameSecret(headerOf(delivery.headers, 'x-pathao-signature'), this.options.webhookSecret)) return { verified: false };
    const consignmentId = typeof body.consignment_id === 'string' || typeof body.consignment_id === 'number' ? String(body.consignment_id) : undefined;
    if (!consignmentId) return { verified: true, signals: [], answer };
    const payoutId = body.event === 'order.paid' && (typeof body.invoice_id === 'string' || typeof body.invoice_id === 'number') ? String(body.invoice_id) : undefined;
    if (!payoutId) return { verified: true, signals: [{ consignmentId }], answer };
    const paid = { collectedTaka: takaOf(body.collected_amount), deliveryChargeTaka: takaOf(body.delivery_fee), codFeeTaka: takaOf(body.cod_fee) };
    return { verified: true, signals: [{ consignmentId, payoutId, paid }], answer };
  }

  /** Pathao's API lists no payouts; they arrive as `order.paid` webhooks. */
  payouts(): Promise<null> {
    return Promise.resolve(null);
  }

  /**
   * Pathao's city for the district (old spellings too) and, when the order has a thana, the city's zone of that
   * name (issue 30), from the cached city and zone lists.
   */
  async locate(place: { district: string; thana?: string | null }): Promise<CourierPlace> {
    const city = await this.cityOf(place.district);
    if (!city) return { district: null, thana: null };
    const thana = place.thana ? normalName(place.thana) : '';
    const zone = thana ? (await this.zonesOf(city.city_id)).find((item) => normalName(item.zone_name) === thana) : undefined;
    return { district: { id: city.city_id, name: city.city_name }, thana: zone ? { id: zone.zone_id, name: zone.zone_name } : null };
  }

  /**
   * Pathao's city, zone and area for the parcel: the city by district; the zone by the order's thana, else the
   * zone the address names (the longest such name); the area of that zone named by the thana or the address,
   * when Pathao lists one. Ids not found are left out: Pathao fills them from the address.
   */
  private async place(parcel: ParcelRequest): Promise<{ cityId?: number; zoneId?: number; areaId?: number }> {
    if (!parcel.district?.trim()) return {};
    const located = await this.locate({ district: parcel.district, thana: parcel.thana });
    if (!located.district) return {};
    const cityId = located.district.id;
    const address = normalName(parcel.recipientAddress);
    const namedIn = <T>(items: T[], name: (item: T) => string) =>
      items.filter((item) => normalName(name(item)).length >= 3 && address.includes(normalName(name(item)))).sort((a, b) => normalName(name(b)).length - normalName(name(a)).length)[0];
    const zoneId = located.thana?.id ?? namedIn(await this.zonesOf(cityId), (item) => item.zone_name)?.zone_id;
    if (zoneId === undefined) return { cityId };
    // The area is a refinement: a list Pathao does not give now leaves it out, as Pathao's documentation allows.
    const areas = await this.areasOf(zoneId).catch((error: unknown) => {
      this.logger.warn(`area list of zone ${zoneId} not read: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    });
    const thana = parcel.thana ? normalName(parcel.thana) : '';
    const area = (thana ? areas.find((item) => normalName(item.area_name) === thana) : undefined) ?? namedIn(areas, (item) => item.area_name);
    return { cityId, zoneId, areaId: area?.area_id };
  }

  private async cityOf(district: string): Promise<{ city_id: number; city_name: string } | undefined> {
    const spellings = districtSpellings(district);
    const cities = await this.cities.get('all', async () => (await this.authed<PathaoEnvelope<{ data?: Array<{ city_id: number; city_name: string }> }>>('GET', `${API}/city-list`)).data?.data ?? []);
    return cities.find((item) => spellings.includes(normalName(item.city_name)));
  }

  private zonesOf(cityId: number): Promise<Array<{ zone_id: number; zone_name: string }>> {
    return this.zones.get(String(cityId), async () => (await this.authed<PathaoEnvelope<{ data?: Array<{ zone_id: number; zone_name: string }> }>>('GET', `${API}/cities/${cityId}/zone-list`)).data?.data ?? []);
  }

  private areasOf(zoneId: number): Promise<Array<{ area_id: number; area_name: string }>> {
    return this.areas.get(String(zoneId), async () =>
      ((await this.authed<PathaoEnvelope<{ data?: Array<{ area_id: number; area_name: string }> }>>('GET', `${API}/zones/${zoneId}/area-list`)).data?.data ?? []).filter(
        (item) => typeof item.area_id === 'number' && typeof item.area_name === 'string',
      ),
    );
  }

  /** A request with the access token; a 401 gets a new token and one more try. */
  private async authed<T>(method: 'GET' | 'POST', path: string, json?: unknown): Promise<T> {
    try {
      return await this.send<T>(method, path, json, (await this.accessToken()).access);
    } catch (error) {
      if (!(error instanceof OutsideServiceError && error.failure === 'refused' && error.status === 401)) throw error;
      if (this.token) this.token = { ...this.token, until: 0 };
      return this.send<T>(method, path, json, (await this.accessToken()).access);
    }
  }

  private async send<T>(method: 'GET' | 'POST', path: string, json: unknown, access: string): Promise<T> {
    const { body } = await this.outside.call<T>({
      service: 'courier',
      provider: this.provider,
      method,
      url: `${this.baseUrl}${path}`,
      headers: { authorization: `Bearer ${access}` },
      json,
      timeoutMs: this.options.timeoutMs ?? 10_000,
      secrets: this.secrets(),
    });
    return body;
  }

  private accessToken(): Promise<PathaoToken> {
    if (this.token && this.token.until > Date.now()) return Promise.resolve(this.token);
    this.tokenAsked ??= this.issueToken().finally(() => (this.tokenAsked = undefined));
    return this.tokenAsked;
  }

  /** The refresh grant when a refresh token is kept, else (or when refused) the password grant. */
  private async issueToken(): Promise<PathaoToken> {
    const { clientId, clientSecret, username, password } = this.options;
    const refresh = this.token?.refresh;
    if (refresh) {
      try {
        return await this.grant({ client_id: clientId, client_secret: clientSecret, grant_type: 'refresh_token', refresh_token: refresh });
      } catch (error) {
        if (!refusedAnswer(error)) throw error;
        this.token = undefined;
      }
    }
    try {
      return await this.grant({ client_id: clientId, client_secret: clientSecret, grant_type: 'password', username, password });
    } catch (error) {
      const refused = refusedAnswer(error);
      if (refused) {
        throw new CourierRefusal(
          'pathao',
          `Pathao refused the store's credentials (HTTP ${refused.status}: ${refused.words}); check PATHAO_CLIENT_ID, PATHAO_CLIENT_SECRET, PATHAO_USERNAME and PATHAO_PASSWORD`,
        );
      }
      throw error;
    }
  }

  private async grant(fields: Record<string, string>): Promise<PathaoToken> {
    const { body } = await this.outside.call<{ access_token?: string; refresh_token?: string; expires_in?: number }>({
      service: 'courier',
      provider: this.provider,
      method: 'POST',
      url: `${this.baseUrl}${API}/issue-token`,
      json: fields,
      timeoutMs: this.options.timeoutMs ?? 10_000,
      secrets: this.secrets(),
    });
    if (!body?.access_token) throw new OutsideServiceError('courier', this.provider, 'unreadable', 'no access_token in the answer', 200);
    const seconds = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3_600;
    this.token = { access: body.access_token, refresh: body.refresh_token ?? this.token?.refresh, until: Date.now() + Math.max(seconds - 60, seconds / 2) * 1_000 };
    return this.token;
  }

  private secrets(): string[] {
    return [this.options.clientSecret, this.options.password, this.token?.access ?? '', this.token?.refresh ?? ''].filter(Boolean);
  }

  private refusal(status: number, words: string): CourierRefusal {
    if (status === 401 || status === 403) return new CourierRefusal('pathao', `Pathao refused the store's token (HTTP ${status}: ${words}); check the PATHAO_ settings`);
    return new CourierRefusal('pathao', words);
  }
}
