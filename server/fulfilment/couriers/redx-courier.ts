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
import { addressWithDistrict, CourierOutcomeUnknown, pickupParcel, courierTime, districtSpellings, normalName, refusedAnswer, sameSecret, takaOf, TimedCache } from './courier-http';

export interface RedxOptions {
  /** `REDX_BASE_URL`, e.g. https://openapi.redx.com.bd/v1.0.0-beta. */
  baseUrl: string;
  /** `REDX_TOKEN`: sent as `API-ACCESS-TOKEN: Bearer <token>`. */
  token: string;
  /** `REDX_WEBHOOK_TOKEN`: the `?token=` of the callback URL given to RedX. */
  webhookToken: string;
  timeoutMs?: number;
  /** How long a district's list of areas is kept (default a day). */
  areasTtlMs?: number;
}

/**
 * RedX's statuses onto the store's stages: the webhook's documented ones (`ready-for-delivery` ...
 * `agent-area-change`) and those `GET /parcel/info` shows (`pickup-pending` in its example; the rest as RedX's
 * merchant panel names them). `agent-area-change` is RedX moving the parcel to another delivery area: still on
 * its way. A word not listed here is kept as said and read as on hold until someone looks.
 */
export const REDX_STAGES: Record<string, ParcelStage> = {
  'pickup-pending': 'booked',
  'pickup-in-progress': 'booked',
  'picked-up': 'picked-up',
  'ready-for-delivery': 'in-transit',
  'in-transit': 'in-transit',
  'agent-area-change': 'in-transit',
  'delivery-in-progress': 'out-for-delivery',
  delivered: 'delivered',
  'partially-delivered': 'partly-delivered',
  'agent-hold': 'on-hold',
  'agent-returning': 'returning',
  returned: 'returned',
  cancelled: 'cancelled',
};

export function redxStage(status: string): ParcelStage {
  return REDX_STAGES[status.trim().toLowerCase().replace(/[\s_]+/g, '-')] ?? 'on-hold';
}

interface RedxArea {
  id: number;
  name: string;
  post_code?: number | string;
  division_name?: string;
  zone_id?: number;
}

interface RedxParcelInfo {
  tracking_id?: string;
  status?: string;
  charge?: number | string;
  cash_collection_amount?: number | string;
  merchant_invoice_id?: string;
  tenant_invoice_id?: string;
}

/**
 * RedX (OpenAPI v1.0.0-beta). `API-ACCESS-TOKEN: Bearer <token>` on every request; a parcel needs RedX's
 * `delivery_area_id`, found among the areas of the order's district (`GET /areas?district_name=`, cached); our
 * order id goes as `merchant_invoice_id`. RedX offers no lookup of a parcel by that invoice, so a booking whose
 * answer was lost cannot be found again from here: it goes to care (CourierOutcomeUnknown), never booked twice.
 */
export class RedxCourier implements Courier {
  readonly service = 'courier';
  readonly name = 'redx';
  readonly provider = 'redx';
  readonly mode = 'live';
  readonly needsDistrict = true;
  readonly label = 'RedX: parcels booked at REDX_BASE_URL with the merchant access token';
  private readonly logger = new Logger('RedX');
  private readonly baseUrl: string;
  private readonly areas: TimedCache<RedxArea[]>;

  constructor(
    private readonly outside: Pick<OutsideServices, 'call'>,
    private readonly options: RedxOptions,
  ) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.areas = new TimedCache(options.areasTtlMs ?? 24 * 3_600_000);
  }

  trackingUrl(trackingCode: string): string {
    return `https://redx.com.bd/track-parcel/?trackingId=${encodeURIComponent(trackingCode)}`;
  }

  async book(parcel: ParcelRequest): Promise<BookedParcel> {
    const area = await this.deliveryArea(parcel);
    const amount = Math.max(0, Math.round(parcel.amountToCollectTaka));
    const body = {
      customer_name: parcel.recipientName.trim(),
      customer_phone: parcel.recipientPhone,
      delivery_area: area.name,
      delivery_area_id: area.id,
      customer_address: addressWithDistrict(parcel.recipientAddress, parcel.district),
      merchant_invoice_id: parcel.orderId,
      cash_collection_amount: String(amount),
      parcel_weight: Math.max(1, Math.round(parcel.weightGrams)),
      instruction: parcel.note ?? '',
      value: String(amount),
      parcel_details_json: [{ name: parcel.itemDescription, category: 'clothing', value: amount }],
    };
    let trackingId: unknown;
    try {
      trackingId = (await this.request<{ tracking_id?: unknown }>('POST', '/parcel', body)).body?.tracking_id;
    } catch (error) {
      if (error instanceof OutsideServiceError && (error.failure === 'timeout' || error.failure === 'unreadable')) {
        throw new CourierOutcomeUnknown(
          'redx',
          `RedX did not answer the booking of order ${parcel.orderId} in time and may have booked it; RedX cannot be asked by invoice: look for merchant invoice ${parcel.orderId} in the RedX panel before booking again`,
        );
      }
      const refused = refusedAnswer(error);
      if (!refused) throw error;
      if (/invoice/i.test(refused.words) && /(already|taken|exists|duplicate)/i.test(refused.words)) {
        throw new CourierOutcomeUnknown('redx', `RedX already holds a parcel for invoice ${parcel.orderId} (${refused.words}); find it in the RedX panel and enter its tracking id`);
      }
      throw this.refusal(refused.status, refused.words);
    }
    if (typeof trackingId !== 'string' && typeof trackingId !== 'number') {
      throw new OutsideServiceError('courier', this.provider, 'unreadable', 'no tracking_id in the answer', 200);
    }
    this.logger.log(`Order ${parcel.orderId} booked: tracking id ${trackingId}`);
    // RedX answers only the tracking id; a new parcel's status is `pickup-pending` (GET /parcel/info).
    return { consignmentId: String(trackingId), trackingCode: String(trackingId), courierStatus: 'pickup-pending' };
  }

  /**
   * A pick-up (issue 35): RedX's documented API has no return or reverse order, so the pick-up is a parcel
   * booked to the shopper's door under the return id as its invoice, nothing to collect, with the instruction to
   * bring the unit back (`pickupParcel`). Booked like any parcel: a timeout or a duplicate goes to care.
   */
  bookPickup(pickup: PickupRequest): Promise<BookedParcel> {
    return this.book(pickupParcel(pickup));
  }

  /** RedX cannot be asked by invoice: an unanswered pick-up goes to care (`CourierOutcomeUnknown`). */
  findPickup(pickup: PickupRequest): Promise<BookedParcel | null> {
    return this.findByOrder(pickup.returnId);
  }

  /** RedX has no lookup by merchant invoice: the store cannot tell from here whether a lost booking happened. */
  findByOrder(orderId: string): Promise<BookedParcel | null> {
    return Promise.reject(
      new CourierOutcomeUnknown('redx', `RedX cannot be asked for a parcel by invoice: look for merchant invoice ${orderId} in the RedX panel, then enter its tracking id or book again`),
    );
  }

  /**
   * `GET /parcel/info/{id}` for the status now and `GET /parcel/track/{id}` for RedX's own messages (English and
   * Bengali). The track list has no status words, so the steps are RedX's status now with its latest message.
   */
  async track(consignmentId: string, _orderId?: string): Promise<ParcelState> {
    const id = encodeURIComponent(consignmentId);
    try {
      const [info, tracking] = await Promise.all([
        this.request<{ parcel?: RedxParcelInfo }>('GET', `/parcel/info/${id}`),
        this.request<{ tracking?: Array<{ message_en?: string; message_bn?: string; time?: string }> }>('GET', `/parcel/track/${id}`),
      ]);
      const status = info.body?.parcel?.status;
      if (!status) throw new OutsideServiceError('courier', this.provider, 'unreadable', 'no parcel status in the answer', info.status);
      const last = (tracking.body?.tracking ?? []).at(-1);
      const stage = redxStage(status);
      const step: ParcelStep = {
        stage,
        courierStatus: status,
        at: courierTime(last?.time),
        message: last?.message_en,
        messageBn: last?.message_bn,
        deliveryChargeTaka: takaOf(info.body?.parcel?.charge),
        collectedTaka: stage === 'delivered' ? takaOf(info.body?.parcel?.cash_collection_amount) : undefined,
      };
      return { consignmentId, latest: step, steps: [step] };
    } catch (error) {
      const refused = refusedAnswer(error);
      if (refused) throw this.refusal(refused.status, refused.words);
      throw error;
    }
  }

  /** RedX calls the URL we gave it, with our token in its query string: `?token=<REDX_WEBHOOK_TOKEN>`. */
  readWebhook(delivery: WebhookDelivery): WebhookReading {
    if (!sameSecret(delivery.query.token, this.options.webhookToken)) return { verified: false };
    const body = (delivery.body ?? {}) as Record<string, unknown>;
    const consignmentId = typeof body.tracking_number === 'string' || typeof body.tracking_number === 'number' ? String(body.tracking_number) : undefined;
    const orderId = typeof body.invoice_number === 'string' && body.invoice_number !== '' ? body.invoice_number : undefined;
    if (!consignmentId || typeof body.status !== 'string') {
      return { verified: true, signals: [], answer: { status: 400, body: { success: false, message: 'tracking_number and status are required' } } };
    }
    const step: ParcelStep = {
      stage: redxStage(body.status),
      courierStatus: body.status,
      at: courierTime(body.timestamp),
      message: typeof body.message_en === 'string' ? body.message_en : undefined,
      messageBn: typeof body.message_bn === 'string' ? body.message_bn : undefined,
    };
    return { verified: true, signals: [{ orderId, consignmentId, step }], answer: { status: 200, body: { success: true, message: 'received' } } };
  }

  /** RedX's API lists no payouts (they come as statements from its panel). */
  payouts(): Promise<null> {
    return Promise.resolve(null);
  }

  /**
   * Where a district and thana fall in RedX's lists (issue 30): the district is known when RedX lists areas in it
   * (under its name or an older spelling); the thana when one of those areas bears its name.
   */
  async locate(place: { district: string; thana?: string | null }): Promise<CourierPlace> {
    const areas = await this.areasOfDistrict(place.district);
    if (areas.length === 0) return { district: null, thana: null };
    const area = place.thana ? areaNamed(areas, place.thana) : undefined;
    return { district: { id: areas[0].zone_id ?? areas[0].id, name: place.district }, thana: area ? { id: area.id, name: area.name } : null };
  }

  /** The district's areas, asked under its name and then under its older spellings until RedX lists some. */
  private async areasOfDistrict(district: string): Promise<RedxArea[]> {
    for (const spelling of [district, ...districtSpellings(district).filter((name) => name !== normalName(district))]) {
      const areas = await this.areasOf(spelling);
      if (areas.length > 0) return areas;
    }
    return [];
  }

  /**
   * The delivery area among the district's RedX areas: the one bearing the order's thana (issue 30), else the one
   * whose name the address mentions (the longest such name), else the one named after the district itself
   * ("Comilla Sadar"), else a refusal naming what is missing.
   */
  private async deliveryArea(parcel: ParcelRequest): Promise<RedxArea> {
    const district = parcel.district?.trim();
    if (!district) throw new CourierRefusal('redx', 'RedX needs the district of the address to choose a delivery area; the order has none');
    const areas = await this.areasOfDistrict(district);
    if (areas.length === 0) throw new CourierRefusal('redx', `RedX lists no delivery area in the district "${district}"`);
    const ofThana = parcel.thana ? areaNamed(areas, parcel.thana) : undefined;
    if (ofThana) return ofThana;
    const address = normalName(parcel.recipientAddress);
    const named = areas
      .filter((area) => normalName(area.name) !== '' && address.includes(normalName(area.name)))
      .sort((a, b) => normalName(b.name).length - normalName(a.name).length)[0];
    if (named) return named;
    const spellings = districtSpellings(district);
    const sadar = areas.find((area) => spellings.some((name) => normalName(area.name) === name || normalName(area.name) === `${name}sadar`));
    if (sadar) return sadar;
    if (areas.length === 1) return areas[0];
    throw new CourierRefusal(
      'redx',
      `RedX needs a delivery area: the address names none of RedX's ${areas.length} areas in ${district} (e.g. ${areas
        .slice(0, 3)
        .map((area) => area.name)
        .join(', ')})`,
    );
  }

  private areasOf(district: string): Promise<RedxArea[]> {
    return this.areas.get(normalName(district), async () => {
      try {
        const { body } = await this.request<{ areas?: RedxArea[] }>('GET', `/areas?district_name=${encodeURIComponent(district)}`);
        return (body?.areas ?? []).filter((area) => typeof area.id === 'number' && typeof area.name === 'string');
      } catch (error) {
        const refused = refusedAnswer(error);
        if (refused?.status === 404) return [];
        if (refused) throw this.refusal(refused.status, refused.words);
        throw error;
      }
    });
  }

  private refusal(status: number, words: string): CourierRefusal {
    if (status === 401 || status === 403) return new CourierRefusal('redx', `RedX refused the store's access token (HTTP ${status}: ${words}); check REDX_TOKEN`);
    return new CourierRefusal('redx', words);
  }

  private request<T>(method: 'GET' | 'POST', path: string, json?: unknown) {
    return this.outside.call<T>({
      service: 'courier',
      provider: this.provider,
      method,
      url: `${this.baseUrl}${path}`,
      headers: { 'API-ACCESS-TOKEN': `Bearer ${this.options.token}` },
      json,
      timeoutMs: this.options.timeoutMs ?? 10_000,
      secrets: [this.options.token],
    });
  }
}

/** The area bearing a thana's name ("Mohammadpur(Dhaka)" bears "Mohammadpur": brackets are not compared). */
function areaNamed(areas: readonly RedxArea[], thana: string): RedxArea | undefined {
  const wanted = normalName(thana);
  return wanted ? areas.find((area) => normalName(area.name) === wanted) : undefined;
}
