import { Logger } from '@nestjs/common';
import { OutsideServiceError } from '../../outside/outside-http';
import type { OutsideServices } from '../../outside/outside-services';
import {
  CourierRefusal,
  type BookedParcel,
  type Courier,
  type CourierPayout,
  type ParcelRequest,
  type PickupRequest,
  type ParcelStage,
  type ParcelState,
  type ParcelStep,
  type WebhookDelivery,
  type WebhookReading,
} from './courier-port';
import { addressWithDistrict, bearerToken, CourierOutcomeUnknown, courierTime, courierWords, refusedAnswer, sameSecret, takaOf } from './courier-http';

export interface SteadfastOptions {
  /** `STEADFAST_BASE_URL`, e.g. https://portal.packzy.com/api/v1 (no trailing slash needed). */
  baseUrl: string;
  apiKey: string;
  secretKey: string;
  /** The Bearer token typed into Steadfast's webhook settings (`STEADFAST_WEBHOOK_TOKEN`). */
  webhookToken: string;
  timeoutMs?: number;
}

/**
 * Steadfast's statuses (API V1, "Delivery Statuses"; the webhook sends a subset, sometimes capitalised:
 * "Delivered", "Partial Delivered") onto the store's stages. Steadfast has no pick-up or out-for-delivery signal:
 * `pending` covers everything between its review and the door. `cancelled` is a delivery the recipient refused or
 * the merchant called off: the parcel goes back to the shop, which care receives. The approval-pending statuses
 * are the rider's report before Steadfast's office confirms it (and credits the balance): the same stage, earlier.
 * `unknown` means Steadfast itself needs its support team: on hold until someone looks.
 */
export const STEADFAST_STAGES: Record<string, ParcelStage> = {
  in_review: 'booked',
  pending: 'in-transit',
  hold: 'on-hold',
  delivered_approval_pending: 'delivered',
  delivered: 'delivered',
  partial_delivered_approval_pending: 'partly-delivered',
  partial_delivered: 'partly-delivered',
  cancelled_approval_pending: 'returning',
  cancelled: 'returning',
  unknown_approval_pending: 'on-hold',
  unknown: 'on-hold',
};

/** A Steadfast status word as its table writes it: "Partial Delivered" → `partial_delivered`. */
export function steadfastStatusKey(status: string): string {
  return status.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

export function steadfastStage(status: string): ParcelStage {
  return STEADFAST_STAGES[steadfastStatusKey(status)] ?? 'on-hold';
}

/** A payout status that is not (yet) cash sent; Steadfast lists payouts before it pays them. */
const UNPAID_PAYOUT = new Set(['pending', 'processing', 'cancelled', 'rejected', 'failed']);

interface SteadfastConsignment {
  consignment_id?: number | string;
  invoice?: string;
  tracking_code?: string;
  status?: string;
  delivery_fee?: number | string;
  delivery_charge?: number | string;
}

interface SteadfastAnswer {
  status?: number | string;
  message?: string;
  errors?: unknown;
  consignment?: SteadfastConsignment;
  delivery_status?: string;
  consignment_id?: number | string;
  tracking_code?: string;
}

/** A return request as Steadfast answers it (`POST /create_return_request`, `GET /get_return_requests`). */
interface SteadfastReturnRequest {
  id?: number | string;
  consignment_id?: number | string;
  invoice?: string;
  reason?: string | null;
  status?: string;
  message?: string;
  errors?: unknown;
}

interface SteadfastPayment {
  id?: number | string;
  amount?: number | string;
  status?: string;
  created_at?: string;
  updated_at?: string;
  consignments?: Array<{ consignment_id?: number | string; invoice?: string; cod_amount?: number | string; delivery_charge?: number | string; cod_charge?: number | string; status?: string }>;
}

/**
 * Steadfast Courier (API V1). Every request carries `Api-Key` and `Secret-Key`; our order id is the `invoice`,
 * which Steadfast keeps unique, so a booking asked twice is refused the second time ("The invoice has already
 * been taken.") and the adapter answers the parcel already booked, read with `GET /status_by_invoice/{invoice}`.
 */
export class SteadfastCourier implements Courier {
  readonly service = 'courier';
  readonly name = 'steadfast';
  readonly provider = 'steadfast';
  readonly mode = 'live';
  readonly label = 'Steadfast Courier: parcels booked at STEADFAST_BASE_URL with the merchant API key';
  private readonly logger = new Logger('Steadfast');
  private readonly baseUrl: string;

  constructor(
    private readonly outside: Pick<OutsideServices, 'call'>,
    private readonly options: SteadfastOptions,
  ) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  trackingUrl(trackingCode: string): string {
    return `https://steadfast.com.bd/t/${encodeURIComponent(trackingCode)}`;
  }

  async book(parcel: ParcelRequest): Promise<BookedParcel> {
    const body = {
      invoice: parcel.orderId,
      recipient_name: parcel.recipientName.trim(),
      recipient_phone: parcel.recipientPhone,
      recipient_address: addressWithDistrict(parcel.recipientAddress, parcel.district),
      cod_amount: Math.max(0, Math.round(parcel.amountToCollectTaka)),
      note: parcel.note ?? '',
      item_description: parcel.itemDescription,
      total_lot: parcel.itemCount,
      delivery_type: 0,
    };
    let answer: SteadfastAnswer;
    try {
      answer = (await this.request<SteadfastAnswer>('POST', '/create_order', body)).body ?? {};
    } catch (error) {
      if (error instanceof OutsideServiceError && (error.failure === 'timeout' || error.failure === 'unreadable')) {
        // Steadfast may have booked it: ask by invoice before anyone asks again.
        const found = await this.findByOrder(parcel.orderId).catch(() => null);
        if (found) return found;
        throw error;
      }
      const refused = refusedAnswer(error);
      if (!refused) throw error;
      return this.refused(parcel.orderId, refused.status, refused.words);
    }
    // Steadfast sometimes answers a refusal with HTTP 200 and the status in the body.
    const consignment = answer.consignment;
    if (Number(answer.status ?? 200) !== 200 || !consignment?.consignment_id) {
      return this.refused(parcel.orderId, Number(answer.status ?? 400), courierWords(answer) || 'no consignment in the answer');
    }
    this.logger.log(`Order ${parcel.orderId} booked: consignment ${consignment.consignment_id}`);
    return {
      consignmentId: String(consignment.consignment_id),
      trackingCode: String(consignment.tracking_code ?? consignment.consignment_id),
      courierStatus: consignment.status ?? 'in_review',
      deliveryFeeTaka: takaOf(consignment.delivery_fee ?? consignment.delivery_charge),
    };
  }

  /**
   * `GET /status_by_invoice/{order id}`. Its documented answer is `{"status":200,"delivery_status":"in_review"}`;
   * answers seen in the field also carry `consignment_id` and `tracking_code` (or a `consignment`), and those are
   * what a BookedParcel needs. When Steadfast holds the invoice but does not say which parcel it is, asking again
   * would only be refused: CourierOutcomeUnknown sends the order to care, who find it in the Steadfast panel.
   */
  async findByOrder(orderId: string): Promise<BookedParcel | null> {
    let answer: SteadfastAnswer;
    try {
      answer = (await this.request<SteadfastAnswer>('GET', `/status_by_invoice/${encodeURIComponent(orderId)}`)).body ?? {};
    } catch (error) {
      const refused = refusedAnswer(error);
      if (refused && (refused.status === 404 || refused.status === 400 || refused.status === 422)) return null;
      if (refused) throw this.credentialsOrRefusal(refused.status, refused.words);
      throw error;
    }
    if (Number(answer.status ?? 200) !== 200 || !answer.delivery_status) return null;
    const consignment = answer.consignment ?? answer;
    if (consignment.consignment_id === undefined || consignment.consignment_id === null) {
      throw new CourierOutcomeUnknown(
        'steadfast',
        `Steadfast already holds a parcel for invoice ${orderId} (status ${answer.delivery_status}) but does not say its consignment id: find it in the Steadfast panel by that invoice and enter its tracking code`,
      );
    }
    return {
      consignmentId: String(consignment.consignment_id),
      trackingCode: String(consignment.tracking_code ?? consignment.consignment_id),
      courierStatus: answer.delivery_status,
    };
  }

  /** `GET /status_by_cid/{id}`: Steadfast keeps no history in its API, so the state is its status now. */
  async track(consignmentId: string, _orderId?: string): Promise<ParcelState> {
    let answer: SteadfastAnswer;
    try {
      answer = (await this.request<SteadfastAnswer>('GET', `/status_by_cid/${encodeURIComponent(consignmentId)}`)).body ?? {};
    } catch (error) {
      const refused = refusedAnswer(error);
      if (refused) throw this.credentialsOrRefusal(refused.status, refused.words);
      throw error;
    }
    if (!answer.delivery_status) {
      throw new OutsideServiceError('courier', this.provider, 'unreadable', courierWords(answer) || 'no delivery_status in the answer', 200);
    }
    const step: ParcelStep = { stage: steadfastStage(answer.delivery_status), courierStatus: answer.delivery_status, at: new Date().toISOString() };
    return { consignmentId, latest: step, steps: [step] };
  }

  /**
   * Steadfast calls with `Authorization: Bearer <the token typed in its panel>`. `delivery_status` carries the new
   * status, the cash collected and the charge; `tracking_update` only a message (the store reads the parcel back).
   */
  readWebhook(delivery: WebhookDelivery): WebhookReading {
    if (!sameSecret(bearerToken(delivery.headers), this.options.webhookToken)) return { verified: false };
    const body = (delivery.body ?? {}) as Record<string, unknown>;
    const consignmentId = body.consignment_id === undefined || body.consignment_id === null ? undefined : String(body.consignment_id);
    const orderId = typeof body.invoice === 'string' && body.invoice !== '' ? body.invoice : undefined;
    if (!consignmentId && !orderId) {
      return { verified: true, signals: [], answer: { status: 400, body: { status: 'error', message: 'Invalid consignment ID.' } } };
    }
    const received = { status: 200, body: { status: 'success', message: 'Webhook received successfully.' } };
    if (body.notification_type === 'delivery_status' && typeof body.status === 'string' && body.status.trim() !== '') {
      const step: ParcelStep = {
        stage: steadfastStage(body.status),
        courierStatus: steadfastStatusKey(body.status),
        at: courierTime(body.updated_at),
        message: typeof body.tracking_message === 'string' ? body.tracking_message : undefined,
        collectedTaka: takaOf(body.cod_amount),
        deliveryChargeTaka: takaOf(body.delivery_charge),
      };
      return { verified: true, signals: [{ orderId, consignmentId, step }], answer: received };
    }
    // tracking_update (or a type we do not know): a nudge; the store reads the parcel back with `track`.
    return { verified: true, signals: [{ orderId, consignmentId }], answer: received };
  }

  /**
   * A pick-up (issue 35) is a Steadfast return request: `POST /create_return_request` with the order's parcel
   * named by its invoice (our order id) and a `reason` that begins with the return id, the only field of ours
   * Steadfast keeps, so `findPickup` can tell our requests apart. Steadfast's rider brings the consignment back;
   * the answer's `id` is the request's and `consignment_id` the parcel's, which care looks up in the panel. A
   * timeout, an unreadable answer or a refusal saying a request already exists asks `get_return_requests` first.
   */
  async bookPickup(pickup: PickupRequest): Promise<BookedParcel> {
    const body = { invoice: pickup.orderId, reason: steadfastPickupReason(pickup) };
    let answer: SteadfastReturnRequest;
    try {
      answer = (await this.request<SteadfastReturnRequest>('POST', '/create_return_request', body)).body ?? {};
    } catch (error) {
      if (error instanceof OutsideServiceError && (error.failure === 'timeout' || error.failure === 'unreadable')) {
        const found = await this.findPickup(pickup).catch(() => null);
        if (found) return found;
        throw error;
      }
      const refused = refusedAnswer(error);
      if (!refused) throw error;
      if (/(already|exists|duplicate|pending)/i.test(refused.words)) {
        const found = await this.findPickup(pickup);
        if (found) return found;
      }
      throw this.credentialsOrRefusal(refused.status, refused.words);
    }
    if (answer.id === undefined || answer.id === null || (answer.status !== undefined && typeof answer.status !== 'string')) {
      throw this.credentialsOrRefusal(Number(answer.status ?? 400), courierWords(answer) || 'no return request in the answer');
    }
    this.logger.log(`Return ${pickup.returnId}: return request ${answer.id} for consignment ${answer.consignment_id}`);
    return pickupOf(answer);
  }

  /** `GET /get_return_requests`: the request whose reason begins with the return id (a cancelled one does not count). */
  async findPickup(pickup: PickupRequest): Promise<BookedParcel | null> {
    let body: unknown;
    try {
      body = (await this.request<unknown>('GET', '/get_return_requests')).body;
    } catch (error) {
      const refused = refusedAnswer(error);
      if (refused && refused.status === 404) return null;
      if (refused) throw this.credentialsOrRefusal(refused.status, refused.words);
      throw error;
    }
    const mark = `${pickup.returnId}:`;
    const held = listOf<SteadfastReturnRequest>(body).find(
      (request) => typeof request.reason === 'string' && request.reason.startsWith(mark) && request.status !== 'cancelled' && request.id !== undefined && request.id !== null,
    );
    return held ? pickupOf(held) : null;
  }

  /** `GET /payments`, then `GET /payments/{id}` for the consignments of each payout since `since`. */
  async payouts(since: string): Promise<CourierPayout[]> {
    const sinceTime = new Date(since).getTime();
    const listed = listOf<SteadfastPayment>((await this.request<unknown>('GET', '/payments')).body);
    const payouts: CourierPayout[] = [];
    for (const payment of listed) {
      if (payment.id === undefined || payment.id === null) continue;
      if (payment.status && UNPAID_PAYOUT.has(payment.status.toLowerCase())) continue;
      const paidAt = courierTime(payment.created_at ?? payment.updated_at);
      if (!Number.isNaN(sinceTime) && new Date(paidAt).getTime() < sinceTime) continue;
      const detail = payment.consignments
        ? payment
        : (singleOf<SteadfastPayment>((await this.request<unknown>('GET', `/payments/${encodeURIComponent(String(payment.id))}`)).body) ?? payment);
      payouts.push({
        payoutId: String(payment.id),
        paidAt,
        totalTaka: takaOf(detail.amount ?? payment.amount) ?? 0,
        parcels: (detail.consignments ?? [])
          .filter((item) => item.consignment_id !== undefined && item.consignment_id !== null)
          .map((item) => ({
            consignmentId: String(item.consignment_id),
            orderId: item.invoice || undefined,
            collectedTaka: takaOf(item.cod_amount) ?? 0,
            deliveryChargeTaka: takaOf(item.delivery_charge) ?? 0,
            codFeeTaka: takaOf(item.cod_charge) ?? 0,
          })),
      });
    }
    return payouts;
  }

  private async refused(orderId: string, status: number, words: string): Promise<BookedParcel> {
    if (/invoice/i.test(words) && /(already|taken|exists|duplicate)/i.test(words)) {
      const found = await this.findByOrder(orderId);
      if (found) return found;
      throw new CourierOutcomeUnknown('steadfast', `Steadfast says invoice ${orderId} is taken but does not find it: ${words}`);
    }
    throw this.credentialsOrRefusal(status, words);
  }

  private credentialsOrRefusal(status: number, words: string): CourierRefusal {
    if (status === 401 || status === 403) {
      return new CourierRefusal('steadfast', `Steadfast refused the store's credentials (HTTP ${status}: ${words}); check STEADFAST_API_KEY and STEADFAST_SECRET_KEY`);
    }
    return new CourierRefusal('steadfast', words);
  }

  private request<T>(method: 'GET' | 'POST', path: string, json?: unknown) {
    return this.outside.call<T>({
      service: 'courier',
      provider: this.provider,
      method,
      url: `${this.baseUrl}${path}`,
      headers: { 'Api-Key': this.options.apiKey, 'Secret-Key': this.options.secretKey },
      json,
      timeoutMs: this.options.timeoutMs ?? 10_000,
      secrets: [this.options.apiKey, this.options.secretKey],
    });
  }
}

/** The reason sent with a return request: the return id first (how `findPickup` finds it), then what comes back. */
export function steadfastPickupReason(pickup: PickupRequest): string {
  const what = pickup.kind === 'exchange' ? 'size exchange' : 'return';
  return `${pickup.returnId}: ${what} of ${pickup.itemDescription}`.slice(0, 190);
}

function pickupOf(request: SteadfastReturnRequest): BookedParcel {
  return {
    consignmentId: String(request.id),
    trackingCode: String(request.consignment_id ?? request.id),
    courierStatus: typeof request.status === 'string' ? request.status : 'pending',
  };
}

/** A list Steadfast answered bare, or wrapped (`{data: [...]}`, `{data: {data: [...]}}`, `{payments: [...]}`). */
function listOf<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  if (body && typeof body === 'object') {
    const wrapped = body as Record<string, unknown>;
    for (const key of ['data', 'payments']) {
      const inner = wrapped[key];
      if (Array.isArray(inner)) return inner as T[];
      if (inner && typeof inner === 'object' && Array.isArray((inner as { data?: unknown }).data)) return (inner as { data: T[] }).data;
    }
  }
  return [];
}

function singleOf<T>(body: unknown): T | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const wrapped = body as Record<string, unknown>;
  if (wrapped.data && typeof wrapped.data === 'object' && !Array.isArray(wrapped.data)) return wrapped.data as T;
  if (wrapped.payment && typeof wrapped.payment === 'object') return wrapped.payment as T;
  return body as T;
}
