import { startSteadfastFake, type SteadfastFake } from '../../../test/support/fakes/steadfast-fake';
import { callOutside, OutsideServiceError } from '../../outside/outside-http';
import { CourierRefusal, type ParcelRequest, type PickupRequest } from './courier-port';
import { CourierOutcomeUnknown } from './courier-http';
import { STEADFAST_STAGES, SteadfastCourier } from './steadfast-courier';

const outside = { call: callOutside };

const parcel = (orderId: string, overrides: Partial<ParcelRequest> = {}): ParcelRequest => ({
  orderId,
  recipientName: 'Rahima Akter',
  recipientPhone: '01712345678',
  recipientAddress: 'House 12, Road 5, Dhanmondi',
  district: 'Dhaka',
  amountToCollectTaka: 1060,
  itemCount: 2,
  weightGrams: 400,
  itemDescription: '2 × Classic tee (L)',
  note: 'Call before coming',
  ...overrides,
});

/**
 * The fake answers on loopback, but a busy machine (the whole suite on two cores) has made an answer take more than
 * 400 ms: the courier waits 10 s as in production, except in the test that makes it time out on purpose, whose
 * answers the fake holds until the test releases them.
 */
const PATIENT_MS = 10_000;
const IMPATIENT_MS = 2_000;

const pickup = (orderId: string, returnId = `${orderId}-R1`, overrides: Partial<PickupRequest> = {}): PickupRequest => ({
  returnId,
  orderId,
  kind: 'exchange',
  senderName: 'Rahima Akter',
  senderPhone: '01712345678',
  senderAddress: 'House 12, Road 5, Dhanmondi',
  district: 'Dhaka',
  amountToCollectTaka: 0,
  itemDescription: '1 x Classic tee (M)',
  ...overrides,
});

const caught = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

const steadfastAt = (fake: SteadfastFake, timeoutMs: number) =>
  new SteadfastCourier(outside, { baseUrl: fake.url, apiKey: fake.apiKey, secretKey: fake.secretKey, webhookToken: fake.webhookToken, timeoutMs });

describe('SteadfastCourier against the Steadfast fake', () => {
  let fake: SteadfastFake;
  let courier: SteadfastCourier;
  let orders = 0;
  const nextOrder = () => `TB-SF-${++orders}`;

  beforeAll(async () => {
    fake = await startSteadfastFake();
    courier = steadfastAt(fake, PATIENT_MS);
  });
  afterAll(() => fake.stop());

  it('books with the documented request, field by field, and answers the consignment', async () => {
    const orderId = nextOrder();
    const booked = await courier.book(parcel(orderId));

    const [sent] = fake.provider.requestsTo('/create_order', 'POST').slice(-1);
    expect(sent.headers['api-key']).toBe(fake.apiKey);
    expect(sent.headers['secret-key']).toBe(fake.secretKey);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.json).toEqual({
      invoice: orderId,
      recipient_name: 'Rahima Akter',
      recipient_phone: '01712345678',
      recipient_address: 'House 12, Road 5, Dhanmondi, Dhaka',
      cod_amount: 1060,
      note: 'Call before coming',
      item_description: '2 × Classic tee (L)',
      total_lot: 2,
      delivery_type: 0,
    });
    const held = fake.parcels.get(orderId)!;
    expect(booked).toEqual({ consignmentId: String(held.consignment_id), trackingCode: held.tracking_code, courierStatus: 'in_review', deliveryFeeTaka: undefined });
    expect(courier.trackingUrl(held.tracking_code)).toBe(`https://steadfast.com.bd/t/${held.tracking_code}`);
  });

  it.each(Object.entries(STEADFAST_STAGES))('reads the status %s as the stage %s, keeping Steadfast’s word', async (status, stage) => {
    const booked = await courier.book(parcel(nextOrder()));
    fake.advance(booked.consignmentId, status);
    const state = await courier.track(booked.consignmentId, 'unused');
    expect(state.consignmentId).toBe(booked.consignmentId);
    expect(state.latest).toMatchObject({ stage, courierStatus: status });
    expect(state.steps).toEqual([state.latest]);
  });

  it('refuses with Steadfast’s own words when a field is invalid, and books nothing', async () => {
    const before = fake.bookings();
    const error = await caught(courier.book(parcel(nextOrder(), { recipientPhone: '0171234' })));
    expect(error).toBeInstanceOf(CourierRefusal);
    expect((error as CourierRefusal).reason).toContain('The recipient phone must be 11 digits.');
    expect(fake.bookings()).toBe(before);
  });

  it('reads a refusal Steadfast answers with HTTP 200 and a status 400 in the body', async () => {
    fake.provider.fail({ kind: 'status', status: 200, json: { status: 400, errors: { recipient_address: ['The recipient address field is required.'] } } });
    const error = await caught(courier.book(parcel(nextOrder())));
    expect(error).toBeInstanceOf(CourierRefusal);
    expect((error as CourierRefusal).reason).toBe('The recipient address field is required.');
  });

  it.each([503, 429])('throws a retryable OutsideServiceError on HTTP %i', async (status) => {
    fake.provider.fail({ kind: 'status', status, json: { message: 'try later' } });
    const error = await caught(courier.book(parcel(nextOrder())));
    expect(error).toBeInstanceOf(OutsideServiceError);
    expect((error as OutsideServiceError).retryable).toBe(true);
  });

  it('after a timeout, booking again answers the parcel Steadfast booked, never a second one', async () => {
    const orderId = nextOrder();
    const release = fake.provider.holdAnswers();
    const error = await caught(steadfastAt(fake, IMPATIENT_MS).book(parcel(orderId)));
    release();
    expect(error).toBeInstanceOf(OutsideServiceError);
    expect((error as OutsideServiceError).failure).toBe('timeout');
    const first = fake.parcels.get(orderId)!;
    expect(first).toBeDefined();

    const again = await courier.book(parcel(orderId));
    expect(again).toEqual({ consignmentId: String(first.consignment_id), trackingCode: first.tracking_code, courierStatus: 'in_review' });
    expect([...fake.parcels.values()].filter((held) => held.invoice === orderId)).toHaveLength(1);
    expect(fake.provider.requestsTo(`/status_by_invoice/${orderId}`, 'GET').length).toBeGreaterThanOrEqual(1);
  });

  it('answers the parcel already booked when Steadfast refuses the invoice as a duplicate', async () => {
    const orderId = nextOrder();
    const first = await courier.book(parcel(orderId));
    const bookings = fake.bookings();
    await expect(courier.book(parcel(orderId))).resolves.toEqual({ ...first, deliveryFeeTaka: undefined, courierStatus: 'in_review' });
    expect(fake.bookings()).toBe(bookings);
    await expect(courier.findByOrder(orderId)).resolves.toEqual({ consignmentId: first.consignmentId, trackingCode: first.trackingCode, courierStatus: 'in_review' });
    await expect(courier.findByOrder('TB-NEVER-BOOKED')).resolves.toBeNull();
  });

  it('when status_by_invoice answers only the documented status, a duplicate goes to care instead of a second booking', async () => {
    const documented = await startSteadfastFake({ statusAnswer: 'documented' });
    try {
      const plain = new SteadfastCourier(outside, { baseUrl: documented.url, apiKey: documented.apiKey, secretKey: documented.secretKey, webhookToken: 'x'.repeat(20) });
      await plain.book(parcel('TB-DOC-1'));
      const error = await caught(plain.book(parcel('TB-DOC-1')));
      expect(error).toBeInstanceOf(CourierOutcomeUnknown);
      expect((error as CourierRefusal).reason).toMatch(/already holds a parcel for invoice TB-DOC-1/);
      expect(documented.bookings()).toBe(1);
    } finally {
      await documented.stop();
    }
  });

  it('refuses when Steadfast refuses the credentials, naming the settings and never the key', async () => {
    const wrong = new SteadfastCourier(outside, { baseUrl: fake.url, apiKey: 'wrong-api-key-123', secretKey: 'wrong-secret-456', webhookToken: 'x'.repeat(20) });
    const error = await caught(wrong.book(parcel(nextOrder())));
    expect(error).toBeInstanceOf(CourierRefusal);
    expect((error as CourierRefusal).reason).toMatch(/STEADFAST_API_KEY and STEADFAST_SECRET_KEY/);
    expect(String((error as Error).message)).not.toContain('wrong-secret-456');
  });

  describe('webhooks', () => {
    it('reads a delivery_status webhook with the right Bearer token as a step, and answers as Steadfast expects', async () => {
      const orderId = nextOrder();
      const booked = await courier.book(parcel(orderId));
      const webhook = fake.advance(booked.consignmentId, 'delivered', { codAmount: 1060, deliveryCharge: 60, message: 'Delivered to Rahima', at: new Date('2025-03-02T06:45:30Z') });
      const reading = courier.readWebhook(webhook);
      expect(reading).toEqual({
        verified: true,
        signals: [
          {
            orderId,
            consignmentId: booked.consignmentId,
            step: { stage: 'delivered', courierStatus: 'delivered', at: '2025-03-02T06:45:30.000Z', message: 'Delivered to Rahima', collectedTaka: 1060, deliveryChargeTaka: 60 },
          },
        ],
        answer: { status: 200, body: { status: 'success', message: 'Webhook received successfully.' } },
      });
    });

    it('reads the capitalised status of Steadfast’s example payload', () => {
      const reading = courier.readWebhook({
        headers: { Authorization: `Bearer ${fake.webhookToken}` },
        query: {},
        body: { notification_type: 'delivery_status', consignment_id: 12345, invoice: 'INV-67890', cod_amount: 1500, status: 'Partial Delivered', delivery_charge: 100, updated_at: '2025-03-02 12:45:30' },
      });
      expect(reading.verified && reading.signals[0].step).toMatchObject({ stage: 'partly-delivered', courierStatus: 'partial_delivered', collectedTaka: 1500 });
    });

    it('reads a tracking_update as a nudge without a step', async () => {
      const booked = await courier.book(parcel(nextOrder()));
      const reading = courier.readWebhook(fake.webhook(booked.consignmentId, { kind: 'tracking_update' }));
      expect(reading.verified && reading.signals).toEqual([{ orderId: fake.parcel(booked.consignmentId).invoice, consignmentId: booked.consignmentId }]);
    });

    it.each([
      ['a wrong token', 'not-the-token-at-all'],
      ['no token', null],
    ])('does not believe a webhook with %s', async (_name, token) => {
      const booked = await courier.book(parcel(nextOrder()));
      expect(courier.readWebhook(fake.webhook(booked.consignmentId, { token }))).toEqual({ verified: false });
    });
  });

  it('reads the payouts since a date, with each parcel’s cash and charge', async () => {
    const payoutFake = await startSteadfastFake();
    try {
      const paying = new SteadfastCourier(outside, { baseUrl: payoutFake.url, apiKey: payoutFake.apiKey, secretKey: payoutFake.secretKey, webhookToken: 'x'.repeat(20) });
      const one = await paying.book(parcel('TB-PAY-1', { amountToCollectTaka: 900 }));
      const two = await paying.book(parcel('TB-PAY-2', { amountToCollectTaka: 500, recipientAddress: 'Kandirpar', district: 'Cumilla' }));
      payoutFake.advance(one.consignmentId, 'delivered');
      payoutFake.advance(two.consignmentId, 'delivered');
      payoutFake.pay([one.consignmentId], { id: 11, at: new Date('2025-01-05T10:00:00Z') });
      const paid = payoutFake.pay([one.consignmentId, two.consignmentId], { id: 12, at: new Date('2025-02-05T10:00:00Z') });
      payoutFake.pay([two.consignmentId], { id: 13, at: new Date('2025-02-06T10:00:00Z'), status: 'pending' });

      await expect(paying.payouts('2025-02-01T00:00:00Z')).resolves.toEqual([
        {
          payoutId: '12',
          paidAt: '2025-02-05T10:00:00.000Z',
          totalTaka: paid.amount,
          parcels: [
            { consignmentId: one.consignmentId, orderId: 'TB-PAY-1', collectedTaka: 900, deliveryChargeTaka: 60, codFeeTaka: 0 },
            { consignmentId: two.consignmentId, orderId: 'TB-PAY-2', collectedTaka: 500, deliveryChargeTaka: 120, codFeeTaka: 0 },
          ],
        },
      ]);
      expect(payoutFake.provider.requestsTo('/payments/12', 'GET')).toHaveLength(1);
    } finally {
      await payoutFake.stop();
    }
  });

  describe('pick-ups (return requests)', () => {
    /** An order booked and delivered at the fake, as a return is only asked of a delivered parcel. */
    const delivered = async () => {
      const orderId = nextOrder();
      const booked = await courier.book(parcel(orderId));
      fake.advance(booked.consignmentId, 'delivered');
      return { orderId, consignmentId: booked.consignmentId };
    };

    it('asks create_return_request with the documented fields, the return id first in the reason, and answers the request', async () => {
      const { orderId, consignmentId } = await delivered();
      const booked = await courier.bookPickup(pickup(orderId));

      const sent = fake.provider.requestsTo('/create_return_request', 'POST').at(-1)!;
      expect(sent.headers['api-key']).toBe(fake.apiKey);
      expect(sent.headers['secret-key']).toBe(fake.secretKey);
      expect(sent.json).toEqual({ invoice: orderId, reason: `${orderId}-R1: size exchange of 1 x Classic tee (M)` });
      const [held] = fake.returnRequests.slice(-1);
      expect(held.consignment_id).toBe(Number(consignmentId));
      expect(booked).toEqual({ consignmentId: String(held.id), trackingCode: consignmentId, courierStatus: 'pending' });
      await expect(courier.findPickup(pickup(orderId))).resolves.toEqual(booked);
      await expect(courier.findPickup(pickup(orderId, `${orderId}-R2`))).resolves.toBeNull();
    });

    it('after a timeout, asking again answers the request Steadfast made, never a second one', async () => {
      const { orderId } = await delivered();
      const release = fake.provider.holdAnswers();
      const error = await caught(steadfastAt(fake, IMPATIENT_MS).bookPickup(pickup(orderId)));
      release();
      expect(error).toBeInstanceOf(OutsideServiceError);
      expect((error as OutsideServiceError).failure).toBe('timeout');
      const made = fake.returnRequests.filter((held) => held.reason?.startsWith(`${orderId}-R1:`));
      expect(made).toHaveLength(1);

      // The store's next attempt asks first (the intent is recorded); booking again is refused as a duplicate and found too.
      await expect(courier.findPickup(pickup(orderId))).resolves.toEqual({ consignmentId: String(made[0].id), trackingCode: String(made[0].consignment_id), courierStatus: 'pending' });
      await expect(courier.bookPickup(pickup(orderId))).resolves.toEqual({ consignmentId: String(made[0].id), trackingCode: String(made[0].consignment_id), courierStatus: 'pending' });
      expect(fake.returnRequests.filter((held) => held.reason?.startsWith(`${orderId}-R1:`))).toHaveLength(1);
      expect(fake.provider.requestsTo('/get_return_requests', 'GET').length).toBeGreaterThanOrEqual(2);
    });

    it('refuses in Steadfast’s words a parcel it does not hold or has not delivered, and asks nothing else', async () => {
      const unknown = await caught(courier.bookPickup(pickup('TB-NEVER-SHIPPED')));
      expect(unknown).toBeInstanceOf(CourierRefusal);
      expect((unknown as CourierRefusal).reason).toBe('Consignment not found.');

      const orderId = nextOrder();
      await courier.book(parcel(orderId));
      const early = await caught(courier.bookPickup(pickup(orderId)));
      expect(early).toBeInstanceOf(CourierRefusal);
      expect((early as CourierRefusal).reason).toMatch(/delivered consignment/);
    });

    it('a second unit of the same parcel, while its first request is open, is refused with Steadfast’s words (one request per consignment)', async () => {
      const { orderId } = await delivered();
      await courier.bookPickup(pickup(orderId));
      const error = await caught(courier.bookPickup(pickup(orderId, `${orderId}-R2`)));
      expect(error).toBeInstanceOf(CourierRefusal);
      expect((error as CourierRefusal).reason).toMatch(/already exists/);
    });

    it('throws a retryable OutsideServiceError when Steadfast fails, and names the settings when it refuses the keys', async () => {
      const { orderId } = await delivered();
      fake.provider.fail({ kind: 'status', status: 500, json: { message: 'Server Error' } });
      const error = await caught(courier.bookPickup(pickup(orderId)));
      expect(error).toBeInstanceOf(OutsideServiceError);
      expect((error as OutsideServiceError).retryable).toBe(true);

      const wrong = new SteadfastCourier(outside, { baseUrl: fake.url, apiKey: 'wrong-key-000000', secretKey: fake.secretKey, webhookToken: fake.webhookToken, timeoutMs: PATIENT_MS });
      const refused = await caught(wrong.bookPickup(pickup(orderId)));
      expect(refused).toBeInstanceOf(CourierRefusal);
      expect((refused as CourierRefusal).reason).toMatch(/STEADFAST_API_KEY/);
    });
  });
});
