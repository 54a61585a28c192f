import { startFakeProvider, type FakeAnswer, type FakeProvider, type FakeRequest } from '../fake-provider';
import { dhakaTime, fieldsOf, isBlank, withLatency, type FakeWebhook } from './courier-fake-kit';

/**
 * A local Steadfast (API V1) that keeps its parcels: `POST /create_order` validates as Steadfast documents it and
 * refuses an invoice it already holds ("The invoice has already been taken."), the status endpoints answer by
 * consignment id, invoice or tracking code, return requests are made and listed (`create_return_request`,
 * `get_return_request/{id}`, `get_return_requests`), `/payments` lists the payouts made with `pay`, and `advance` moves a
 * parcel and builds the webhook Steadfast would send. Every request must carry the `Api-Key` and `Secret-Key`.
 */
export interface SteadfastFakeParcel {
  consignment_id: number;
  invoice: string;
  tracking_code: string;
  recipient_name: string;
  recipient_phone: string;
  recipient_address: string;
  cod_amount: number;
  note: string | null;
  item_description: string | null;
  status: string;
  delivery_charge: number;
  created_at: string;
  updated_at: string;
}

/** A return request as Steadfast documents its answer (statuses: pending, approved, processing, completed, cancelled). */
export interface SteadfastFakeReturnRequest {
  id: number;
  user_id: number;
  consignment_id: number;
  reason: string | null;
  status: string;
  created_at: string;
  updated_at: string;
}

export interface SteadfastFakeOptions {
  /** Milliseconds every answer waits. */
  latencyMs?: number;
  apiKey?: string;
  secretKey?: string;
  webhookToken?: string;
  /**
   * `with-ids` (default): `status_by_invoice` answers `consignment_id`, `invoice` and `tracking_code` beside
   * `delivery_status`, as answers seen in the field do. `documented`: only `{status, delivery_status}`.
   */
  statusAnswer?: 'with-ids' | 'documented';
}

export interface SteadfastFake {
  readonly url: string;
  readonly provider: FakeProvider;
  readonly apiKey: string;
  readonly secretKey: string;
  readonly webhookToken: string;
  /** Parcels by invoice. */
  readonly parcels: Map<string, SteadfastFakeParcel>;
  parcel(consignmentId: string | number): SteadfastFakeParcel;
  /** Return requests (`POST /create_return_request`), in the order made. */
  readonly returnRequests: SteadfastFakeReturnRequest[];
  /** Parcels booked (POST /create_order answered 200). */
  readonly bookings: () => number;
  /**
   * Moves the parcel to `status` (a Steadfast word: `pending`, `delivered`, `partial_delivered`, `cancelled` ...)
   * and answers the `delivery_status` webhook Steadfast would send, with its Bearer token.
   */
  advance(consignmentId: string | number, status: string, extra?: { codAmount?: number; deliveryCharge?: number; message?: string; at?: Date }): FakeWebhook;
  /** A `delivery_status` (or, with `kind`, `tracking_update`) webhook for the parcel as it is now; `token: null` sends none. */
  webhook(consignmentId: string | number, options?: { kind?: 'delivery_status' | 'tracking_update'; message?: string; token?: string | null }): FakeWebhook;
  /** A payout of these parcels (their cash collected less the charges); listed by `GET /payments`. */
  pay(consignmentIds: Array<string | number>, options?: { id?: number; at?: Date; status?: string }): { id: number; amount: number };
  stop(): Promise<void>;
}

const INVOICE = /^[A-Za-z0-9_-]+$/;

export async function startSteadfastFake(options: SteadfastFakeOptions = {}): Promise<SteadfastFake> {
  const apiKey = options.apiKey ?? 'sf-api-key-0000001';
  const secretKey = options.secretKey ?? 'sf-secret-key-0000001';
  const webhookToken = options.webhookToken ?? 'sf-webhook-token-0000000001';
  const parcels = new Map<string, SteadfastFakeParcel>();
  const byId = new Map<number, SteadfastFakeParcel>();
  const payments: Array<{ id: number; amount: number; status: string; created_at: string; updated_at: string; consignments: unknown[] }> = [];
  const returnRequests: SteadfastFakeReturnRequest[] = [];
  let nextId = 1_424_107;
  let bookings = 0;

  const authorised = (request: FakeRequest) => request.headers['api-key'] === apiKey && request.headers['secret-key'] === secretKey;
  const guarded =
    (route: (request: FakeRequest) => FakeAnswer) =>
    (request: FakeRequest): FakeAnswer =>
      authorised(request) ? route(request) : { status: 401, json: { status: 401, message: 'Unauthorized Access: invalid API key or secret key.' } };

  const statusOf = (parcel: SteadfastFakeParcel | undefined, withIds: boolean): FakeAnswer => {
    if (!parcel) return { status: 404, json: { status: 404, message: 'Consignment not found.' } };
    const answer: Record<string, unknown> = { status: 200, delivery_status: parcel.status };
    if (withIds) Object.assign(answer, { consignment_id: parcel.consignment_id, invoice: parcel.invoice, tracking_code: parcel.tracking_code });
    return { status: 200, json: answer };
  };

  const createOrder = (request: FakeRequest): FakeAnswer => {
    const body = fieldsOf(request.json);
    const errors: Record<string, string[]> = {};
    const add = (field: string, message: string) => (errors[field] ??= []).push(message);
    const text = (field: string) => (typeof body[field] === 'string' ? (body[field] as string) : body[field] === undefined || body[field] === null ? '' : String(body[field]));
    if (isBlank(body.invoice)) add('invoice', 'The invoice field is required.');
    else if (!INVOICE.test(text('invoice'))) add('invoice', 'The invoice may only contain letters, numbers, dashes and underscores.');
    else if (parcels.has(text('invoice'))) add('invoice', 'The invoice has already been taken.');
    if (isBlank(body.recipient_name)) add('recipient_name', 'The recipient name field is required.');
    else if (text('recipient_name').length > 100) add('recipient_name', 'The recipient name may not be greater than 100 characters.');
    if (isBlank(body.recipient_phone)) add('recipient_phone', 'The recipient phone field is required.');
    else if (!/^\d{11}$/.test(text('recipient_phone'))) add('recipient_phone', 'The recipient phone must be 11 digits.');
    if (!isBlank(body.alternative_phone) && !/^\d{11}$/.test(text('alternative_phone'))) add('alternative_phone', 'The alternative phone must be 11 digits.');
    if (isBlank(body.recipient_address)) add('recipient_address', 'The recipient address field is required.');
    else if (text('recipient_address').length > 250) add('recipient_address', 'The recipient address may not be greater than 250 characters.');
    const cod = Number(body.cod_amount);
    if (isBlank(body.cod_amount)) add('cod_amount', 'The cod amount field is required.');
    else if (!Number.isFinite(cod)) add('cod_amount', 'The cod amount must be a number.');
    else if (cod < 0) add('cod_amount', 'The cod amount must be at least 0.');
    if (body.delivery_type !== undefined && ![0, 1, '0', '1'].includes(body.delivery_type as never)) add('delivery_type', 'The selected delivery type is invalid.');
    if (Object.keys(errors).length > 0) return { status: 400, json: { status: 400, message: 'The given data was invalid.', errors } };

    const now = new Date().toISOString().replace('Z', '000Z');
    const parcel: SteadfastFakeParcel = {
      consignment_id: nextId++,
      invoice: text('invoice'),
      tracking_code: Math.random().toString(16).slice(2, 10).toUpperCase().padEnd(8, '0'),
      recipient_name: text('recipient_name'),
      recipient_phone: text('recipient_phone'),
      recipient_address: text('recipient_address'),
      cod_amount: cod,
      note: isBlank(body.note) ? null : text('note'),
      item_description: isBlank(body.item_description) ? null : text('item_description'),
      status: 'in_review',
      delivery_charge: /dhaka/i.test(text('recipient_address')) ? 60 : 120,
      created_at: now,
      updated_at: now,
    };
    parcels.set(parcel.invoice, parcel);
    byId.set(parcel.consignment_id, parcel);
    bookings++;
    const { delivery_charge: _charge, item_description: _items, ...shown } = parcel;
    return { status: 200, json: { status: 200, message: 'Consignment has been created successfully.', consignment: shown } };
  };

  /**
   * `POST /create_return_request`: the consignment named by `consignment_id`, `invoice` or `tracking_code` (one is
   * required), an optional `reason`. Assumed, as Steadfast's documents say nothing of them: a parcel not delivered
   * (or partly) is refused 422, and a second open request for a consignment is refused 422 ("already").
   */
  const createReturnRequest = (request: FakeRequest): FakeAnswer => {
    const body = fieldsOf(request.json);
    if (isBlank(body.consignment_id) && isBlank(body.invoice) && isBlank(body.tracking_code)) {
      return { status: 422, json: { status: 422, message: 'The given data was invalid.', errors: { consignment_id: ['The consignment id field is required when none of invoice / tracking code are present.'] } } };
    }
    if (!isBlank(body.reason) && typeof body.reason !== 'string') {
      return { status: 422, json: { status: 422, message: 'The given data was invalid.', errors: { reason: ['The reason must be a string.'] } } };
    }
    const parcel = !isBlank(body.consignment_id)
      ? byId.get(Number(body.consignment_id))
      : !isBlank(body.invoice)
        ? parcels.get(String(body.invoice))
        : [...parcels.values()].find((held) => held.tracking_code === String(body.tracking_code));
    if (!parcel) return { status: 404, json: { status: 404, message: 'Consignment not found.' } };
    if (!['delivered', 'partial_delivered'].includes(parcel.status)) {
      return { status: 422, json: { status: 422, message: 'Return request can only be created for a delivered consignment.' } };
    }
    if (returnRequests.some((held) => held.consignment_id === parcel.consignment_id && held.status !== 'cancelled' && held.status !== 'completed')) {
      return { status: 422, json: { status: 422, message: 'A return request already exists for this consignment.' } };
    }
    const now = new Date().toISOString().replace('Z', '000Z');
    const made: SteadfastFakeReturnRequest = { id: returnRequests.length + 1, user_id: 1, consignment_id: parcel.consignment_id, reason: isBlank(body.reason) ? null : String(body.reason), status: 'pending', created_at: now, updated_at: now };
    returnRequests.push(made);
    return { status: 200, json: made };
  };

  const find = (consignmentId: string | number): SteadfastFakeParcel => {
    const parcel = byId.get(Number(consignmentId));
    if (!parcel) throw new Error(`the Steadfast fake holds no consignment ${consignmentId}`);
    return parcel;
  };

  const webhook: SteadfastFake['webhook'] = (consignmentId, webhookOptions = {}) => {
    const parcel = find(consignmentId);
    const token = webhookOptions.token === undefined ? webhookToken : webhookOptions.token;
    const headers: Record<string, string> = token === null ? {} : { authorization: `Bearer ${token}` };
    const updated = dhakaTime(new Date(parcel.updated_at));
    const body: Record<string, unknown> =
      webhookOptions.kind === 'tracking_update'
        ? { notification_type: 'tracking_update', consignment_id: parcel.consignment_id, invoice: parcel.invoice, tracking_message: webhookOptions.message ?? 'Package arrived at the sorting center.', updated_at: updated }
        : {
            notification_type: 'delivery_status',
            consignment_id: parcel.consignment_id,
            invoice: parcel.invoice,
            cod_amount: parcel.cod_amount,
            status: parcel.status,
            delivery_charge: parcel.delivery_charge,
            tracking_message: webhookOptions.message ?? `Consignment is ${parcel.status.replace(/_/g, ' ')}.`,
            updated_at: updated,
          };
    return { headers, query: {}, body };
  };

  const routes = withLatency(
    {
      'POST /create_order': guarded(createOrder),
      'GET /status_by_cid/:id': guarded((request) => statusOf(byId.get(Number(request.params.id)), false)),
      'GET /status_by_invoice/:invoice': guarded((request) => statusOf(parcels.get(request.params.invoice), options.statusAnswer !== 'documented')),
      'GET /status_by_trackingcode/:code': guarded((request) => statusOf([...parcels.values()].find((parcel) => parcel.tracking_code === request.params.code), false)),
      'POST /create_return_request': guarded(createReturnRequest),
      'GET /get_return_request/:id': guarded((request) => {
        const held = returnRequests.find((item) => item.id === Number(request.params.id));
        return held ? { status: 200, json: held } : { status: 404, json: { status: 404, message: 'Return request not found.' } };
      }),
      'GET /get_return_requests': guarded(() => ({ status: 200, json: { data: returnRequests } })),
      'GET /get_balance': guarded(() => ({ status: 200, json: { status: 200, current_balance: 0 } })),
      'GET /payments': guarded(() => ({ status: 200, json: payments.map(({ consignments: _c, ...payment }) => payment) })),
      'GET /payments/:id': guarded((request) => {
        const payment = payments.find((item) => item.id === Number(request.params.id));
        return payment ? { status: 200, json: payment } : { status: 404, json: { status: 404, message: 'Payment not found.' } };
      }),
    },
    options.latencyMs,
  );
  const provider = await startFakeProvider(routes);

  return {
    url: provider.url,
    provider,
    apiKey,
    secretKey,
    webhookToken,
    parcels,
    parcel: find,
    returnRequests,
    bookings: () => bookings,
    advance(consignmentId, status, extra = {}) {
      const parcel = find(consignmentId);
      parcel.status = status;
      parcel.updated_at = (extra.at ?? new Date()).toISOString();
      if (extra.codAmount !== undefined) parcel.cod_amount = extra.codAmount;
      if (extra.deliveryCharge !== undefined) parcel.delivery_charge = extra.deliveryCharge;
      return webhook(consignmentId, { message: extra.message });
    },
    webhook,
    pay(consignmentIds, payOptions = {}) {
      const paid = consignmentIds.map(find);
      const amount = paid.reduce((sum, parcel) => sum + parcel.cod_amount - parcel.delivery_charge, 0);
      const at = (payOptions.at ?? new Date()).toISOString();
      const id = payOptions.id ?? 9_000 + payments.length + 1;
      payments.push({
        id,
        amount,
        status: payOptions.status ?? 'paid',
        created_at: at,
        updated_at: at,
        consignments: paid.map((parcel, index) => ({
          id: index + 1,
          consignment_id: parcel.consignment_id,
          invoice: parcel.invoice,
          tracking_code: parcel.tracking_code,
          cod_amount: parcel.cod_amount,
          delivery_charge: parcel.delivery_charge,
          status: parcel.status,
        })),
      });
      return { id, amount };
    },
    stop: () => provider.stop(),
  };
}
