import { startFakeProvider, type FakeAnswer, type FakeProvider, type FakeRequest } from '../fake-provider';
import { fieldsOf, isBlank, withLatency, type FakeWebhook } from './courier-fake-kit';

/**
 * A local RedX OpenAPI (v1.0.0-beta) that keeps its parcels: `POST /parcel` checks the fields RedX marks
 * required and the area id, `GET /areas` answers by district or post code, `/parcel/info` and `/parcel/track`
 * answer what `advance` made of a parcel, and `advance` builds the callback RedX would send (its token in the
 * query string). Every request must carry `API-ACCESS-TOKEN: Bearer <token>`.
 */
export interface RedxFakeArea {
  id: number;
  name: string;
  post_code: number;
  division_name: string;
  zone_id: number;
  district_name: string;
}

export interface RedxFakeParcel {
  tracking_id: string;
  merchant_invoice_id: string | null;
  customer_name: string;
  customer_phone: string;
  customer_address: string;
  delivery_area: string;
  delivery_area_id: number;
  cash_collection_amount: number;
  parcel_weight: number;
  value: string;
  instruction: string;
  charge: number;
  status: string;
  created_at: string;
  tracking: Array<{ message_en: string; message_bn: string; time: string }>;
}

export interface RedxFakeOptions {
  latencyMs?: number;
  token?: string;
  webhookToken?: string;
  /** `accept` (default: RedX documents no uniqueness of `merchant_invoice_id`) or `refuse` a second parcel for an invoice. */
  duplicateInvoice?: 'accept' | 'refuse';
}

export interface RedxFake {
  readonly url: string;
  readonly provider: FakeProvider;
  readonly token: string;
  readonly webhookToken: string;
  readonly areas: RedxFakeArea[];
  /** Parcels by tracking id. */
  readonly parcels: Map<string, RedxFakeParcel>;
  parcelsOfInvoice(invoice: string): RedxFakeParcel[];
  /** Moves the parcel to a RedX status and answers the callback RedX would send (`token: null`: none). */
  advance(trackingId: string, status: string, extra?: { messageEn?: string; messageBn?: string; at?: Date }): FakeWebhook;
  webhook(trackingId: string, options?: { token?: string | null }): FakeWebhook;
  stop(): Promise<void>;
}

export const REDX_FAKE_AREAS: RedxFakeArea[] = [
  { id: 1, name: 'Mohammadpur(Dhaka)', post_code: 1207, division_name: 'Dhaka', zone_id: 1, district_name: 'Dhaka' },
  { id: 2, name: 'Dhanmondi', post_code: 1209, division_name: 'Dhaka', zone_id: 1, district_name: 'Dhaka' },
  { id: 3, name: 'Gulshan', post_code: 1212, division_name: 'Dhaka', zone_id: 1, district_name: 'Dhaka' },
  { id: 12, name: 'Mirpur DOHS', post_code: 1216, division_name: 'Dhaka', zone_id: 1, district_name: 'Dhaka' },
  { id: 13, name: 'Mirpur', post_code: 1216, division_name: 'Dhaka', zone_id: 1, district_name: 'Dhaka' },
  { id: 40, name: 'Comilla Sadar', post_code: 3500, division_name: 'Chittagong', zone_id: 4, district_name: 'Comilla' },
  { id: 41, name: 'Chauddagram', post_code: 3550, division_name: 'Chittagong', zone_id: 4, district_name: 'Comilla' },
  { id: 60, name: 'Agrabad', post_code: 4100, division_name: 'Chittagong', zone_id: 5, district_name: 'Chittagong' },
  { id: 61, name: 'Halishahar', post_code: 4216, division_name: 'Chittagong', zone_id: 5, district_name: 'Chittagong' },
];

/** The messages RedX writes for a status, in English and Bengali (the fake's own wording). */
const MESSAGES: Record<string, [string, string]> = {
  'pickup-pending': ['Package is created successfully', 'পার্সেলটি সফল ভাবে প্লেস করা হয়েছে'],
  'picked-up': ['Package is picked up', 'পার্সেল পিকাপ সম্পন্ন হয়েছে'],
  'ready-for-delivery': ['Package is ready for delivery', 'পার্সেলটি ডেলিভারির জন্য প্রস্তুত'],
  'delivery-in-progress': ['Package is out for delivery', 'পার্সেলটি ডেলিভারির জন্য রাইডারের কাছে আছে'],
  delivered: ['Package is delivered', 'পার্সেলটি ডেলিভারি সম্পন্ন হয়েছে'],
  'agent-hold': ['Package is on hold', 'পার্সেলটি হোল্ডে আছে'],
  'agent-returning': ['Package is being returned', 'পার্সেলটি ফেরত যাচ্ছে'],
  returned: ['Package is returned', 'পার্সেলটি ফেরত দেওয়া হয়েছে'],
  'agent-area-change': ['Delivery area is being changed', 'ডেলিভারি এলাকা পরিবর্তন করা হচ্ছে'],
};

export async function startRedxFake(options: RedxFakeOptions = {}): Promise<RedxFake> {
  const token = options.token ?? 'redx-access-token-0000001';
  const webhookToken = options.webhookToken ?? 'redx-webhook-token-000000001';
  const parcels = new Map<string, RedxFakeParcel>();
  let next = 1;

  const guarded =
    (route: (request: FakeRequest) => FakeAnswer) =>
    (request: FakeRequest): FakeAnswer =>
      request.headers['api-access-token'] === `Bearer ${token}` ? route(request) : { status: 401, json: { message: 'Unauthorized' } };

  const createParcel = (request: FakeRequest): FakeAnswer => {
    const body = fieldsOf(request.json);
    const errors: Array<{ field: string; message: string }> = [];
    const add = (field: string, message: string) => errors.push({ field, message });
    for (const field of ['customer_name', 'customer_phone', 'delivery_area', 'delivery_area_id', 'customer_address', 'cash_collection_amount', 'parcel_weight', 'value']) {
      if (isBlank(body[field])) add(field, `${field} is required`);
    }
    if (!isBlank(body.customer_phone) && !/^01\d{9}$/.test(String(body.customer_phone))) add('customer_phone', 'customer_phone must be a valid Bangladeshi mobile number');
    const area = REDX_FAKE_AREAS.find((item) => item.id === Number(body.delivery_area_id));
    if (!isBlank(body.delivery_area_id) && !area) add('delivery_area_id', 'delivery_area_id is not a valid area');
    const cash = Number(body.cash_collection_amount);
    if (!isBlank(body.cash_collection_amount) && (!Number.isFinite(cash) || cash < 0)) add('cash_collection_amount', 'cash_collection_amount must be a positive number');
    const weight = Number(body.parcel_weight);
    if (!isBlank(body.parcel_weight) && (!Number.isFinite(weight) || weight <= 0)) add('parcel_weight', 'parcel_weight must be a positive number');
    const invoice = isBlank(body.merchant_invoice_id) ? null : String(body.merchant_invoice_id);
    if (invoice && options.duplicateInvoice === 'refuse' && [...parcels.values()].some((parcel) => parcel.merchant_invoice_id === invoice)) {
      add('merchant_invoice_id', 'merchant_invoice_id already exists');
    }
    if (errors.length > 0) return { status: 400, json: { message: 'Validation Error', validation_errors: errors } };

    const trackingId = `21A${String(next++).padStart(3, '0')}TU4BN${Math.floor(Math.random() * 10)}R`;
    const now = new Date().toISOString();
    const [messageEn, messageBn] = MESSAGES['pickup-pending'];
    parcels.set(trackingId, {
      tracking_id: trackingId,
      merchant_invoice_id: invoice,
      customer_name: String(body.customer_name),
      customer_phone: String(body.customer_phone),
      customer_address: String(body.customer_address),
      delivery_area: String(body.delivery_area),
      delivery_area_id: Number(body.delivery_area_id),
      cash_collection_amount: cash,
      parcel_weight: weight,
      value: String(body.value),
      instruction: isBlank(body.instruction) ? '' : String(body.instruction),
      charge: area?.district_name === 'Dhaka' ? 60 : 120,
      status: 'pickup-pending',
      created_at: now,
      tracking: [{ message_en: messageEn, message_bn: messageBn, time: now }],
    });
    return { status: 200, json: { tracking_id: trackingId } };
  };

  const find = (trackingId: string): RedxFakeParcel => {
    const parcel = parcels.get(trackingId);
    if (!parcel) throw new Error(`the RedX fake holds no parcel ${trackingId}`);
    return parcel;
  };

  const webhook: RedxFake['webhook'] = (trackingId, webhookOptions = {}) => {
    const parcel = find(trackingId);
    const last = parcel.tracking.at(-1)!;
    const token = webhookOptions.token === undefined ? webhookToken : webhookOptions.token;
    return {
      headers: {},
      query: token === null ? ({} as Record<string, string>) : { token },
      body: {
        tracking_number: parcel.tracking_id,
        timestamp: last.time,
        status: parcel.status,
        message_en: last.message_en,
        message_bn: last.message_bn,
        invoice_number: parcel.merchant_invoice_id ?? '',
      },
    };
  };

  const routes = withLatency(
    {
      'GET /areas': guarded((request) => {
        const district = request.query.get('district_name');
        const postCode = request.query.get('post_code');
        const areas = REDX_FAKE_AREAS.filter(
          (area) => (!district || area.district_name.toLowerCase() === district.trim().toLowerCase()) && (!postCode || String(area.post_code) === postCode),
        ).map(({ district_name: _district, ...area }) => area);
        return { status: 200, json: { areas } };
      }),
      'POST /parcel': guarded(createParcel),
      'GET /parcel/info/:id': guarded((request) => {
        const parcel = parcels.get(request.params.id);
        if (!parcel) return { status: 404, json: { message: 'Parcel not found' } };
        const { tracking: _tracking, merchant_invoice_id: invoice, ...info } = parcel;
        return { status: 200, json: { parcel: { ...info, merchant_invoice_id: invoice, delivery_type: 'regular' } } };
      }),
      'GET /parcel/track/:id': guarded((request) => {
        const parcel = parcels.get(request.params.id);
        return parcel ? { status: 200, json: { tracking: parcel.tracking } } : { status: 404, json: { message: 'Parcel not found' } };
      }),
    },
    options.latencyMs,
  );
  const provider = await startFakeProvider(routes);

  return {
    url: provider.url,
    provider,
    token,
    webhookToken,
    areas: REDX_FAKE_AREAS,
    parcels,
    parcelsOfInvoice: (invoice) => [...parcels.values()].filter((parcel) => parcel.merchant_invoice_id === invoice),
    advance(trackingId, status, extra = {}) {
      const parcel = find(trackingId);
      const [messageEn, messageBn] = MESSAGES[status] ?? [`Status: ${status}`, `অবস্থা: ${status}`];
      parcel.status = status;
      parcel.tracking.push({ message_en: extra.messageEn ?? messageEn, message_bn: extra.messageBn ?? messageBn, time: (extra.at ?? new Date()).toISOString() });
      return webhook(trackingId);
    },
    webhook,
    stop: () => provider.stop(),
  };
}
