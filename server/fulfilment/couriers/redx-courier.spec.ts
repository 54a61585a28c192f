import { startRedxFake, type RedxFake } from '../../../test/support/fakes/redx-fake';
import { callOutside, OutsideServiceError } from '../../outside/outside-http';
import { CourierRefusal, type ParcelRequest, type PickupRequest } from './courier-port';
import { CourierOutcomeUnknown } from './courier-http';
import { REDX_STAGES, RedxCourier } from './redx-courier';

const outside = { call: callOutside };

const parcel = (orderId: string, overrides: Partial<ParcelRequest> = {}): ParcelRequest => ({
  orderId,
  recipientName: 'Karim Uddin',
  recipientPhone: '01812345678',
  recipientAddress: 'Flat 3B, Road 27, Dhanmondi',
  district: 'Dhaka',
  amountToCollectTaka: 850,
  itemCount: 1,
  weightGrams: 350,
  itemDescription: '1 × Classic tee (M)',
  ...overrides,
});

/**
 * The fake answers on loopback, but a busy machine (the whole suite on two cores) has made an answer take more than
 * 400 ms: the courier waits 10 s as in production, except in the test that makes it time out on purpose, whose
 * answers the fake holds until the test releases them.
 */
const PATIENT_MS = 10_000;
const IMPATIENT_MS = 2_000;

const pickup = (returnId: string, overrides: Partial<PickupRequest> = {}): PickupRequest => ({
  returnId,
  orderId: returnId.replace(/-R\d+$/, ''),
  kind: 'return',
  senderName: 'Karim Uddin',
  senderPhone: '01812345678',
  senderAddress: 'Flat 3B, Road 27, Dhanmondi',
  district: 'Dhaka',
  amountToCollectTaka: 0,
  itemDescription: '1 x Classic tee (M)',
  ...overrides,
});

const caught = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

const redxAt = (fake: RedxFake, timeoutMs: number) => new RedxCourier(outside, { baseUrl: fake.url, token: fake.token, webhookToken: fake.webhookToken, timeoutMs });

describe('RedxCourier against the RedX fake', () => {
  let fake: RedxFake;
  let courier: RedxCourier;
  let orders = 0;
  const nextOrder = () => `TB-RX-${++orders}`;

  beforeAll(async () => {
    fake = await startRedxFake();
    courier = redxAt(fake, PATIENT_MS);
  });
  afterAll(() => fake.stop());

  it('books with the documented request, field by field, in the area the address names', async () => {
    const orderId = nextOrder();
    const booked = await courier.book(parcel(orderId, { note: 'Leave with the guard' }));

    const areaRequest = fake.provider.requestsTo('/areas', 'GET').at(-1)!;
    expect(areaRequest.query.get('district_name')).toBe('Dhaka');
    const sent = fake.provider.requestsTo('/parcel', 'POST').at(-1)!;
    expect(sent.headers['api-access-token']).toBe(`Bearer ${fake.token}`);
    expect(sent.json).toEqual({
      customer_name: 'Karim Uddin',
      customer_phone: '01812345678',
      delivery_area: 'Dhanmondi',
      delivery_area_id: 2,
      customer_address: 'Flat 3B, Road 27, Dhanmondi, Dhaka',
      merchant_invoice_id: orderId,
      cash_collection_amount: '850',
      parcel_weight: 350,
      instruction: 'Leave with the guard',
      value: '850',
      parcel_details_json: [{ name: '1 × Classic tee (M)', category: 'clothing', value: 850 }],
    });
    const [held] = fake.parcelsOfInvoice(orderId);
    expect(booked).toEqual({ consignmentId: held.tracking_id, trackingCode: held.tracking_id, courierStatus: 'pickup-pending' });
  });

  it('keeps the district’s areas: a second booking there asks RedX for none', async () => {
    const before = fake.provider.requestsTo('/areas').length;
    await courier.book(parcel(nextOrder(), { recipientAddress: 'House 4, Mirpur DOHS' }));
    expect(before).toBeGreaterThan(0);
    expect(fake.provider.requestsTo('/areas')).toHaveLength(before);
    expect(fake.provider.requestsTo('/parcel', 'POST').at(-1)!.json).toMatchObject({ delivery_area: 'Mirpur DOHS', delivery_area_id: 12 });
  });

  it('takes the area bearing the order\'s thana before the one the address names (brackets aside); locate answers from the lists', async () => {
    await courier.book(parcel(nextOrder(), { thana: 'Mohammadpur', recipientAddress: 'House 4, Road 2, near Dhanmondi lake' }));
    expect(fake.provider.requestsTo('/parcel', 'POST').at(-1)!.json).toMatchObject({ delivery_area: 'Mohammadpur(Dhaka)', delivery_area_id: 1 });
    expect(await courier.locate({ district: 'Cumilla', thana: 'Chauddagram' })).toMatchObject({ district: { name: 'Cumilla' }, thana: { id: 41, name: 'Chauddagram' } });
    expect(await courier.locate({ district: 'Dhaka', thana: 'Uttara' })).toMatchObject({ district: { name: 'Dhaka' }, thana: null });
    expect(await courier.locate({ district: 'Bandarban' })).toEqual({ district: null, thana: null });
  });

  it('finds the district under its old spelling and falls back to the area named after it', async () => {
    await courier.book(parcel(nextOrder(), { district: 'Cumilla', recipientAddress: 'Kandirpar, near the Town Hall' }));
    expect(fake.provider.requestsTo('/parcel', 'POST').at(-1)!.json).toMatchObject({ delivery_area: 'Comilla Sadar', delivery_area_id: 40 });
  });

  it.each([
    ['no district', { district: undefined }, /needs the district/],
    ['a district RedX does not serve', { district: 'Bandarban' }, /no delivery area in the district "Bandarban"/],
    ['an address that names none of the areas', { recipientAddress: 'Road 9, Block C' }, /names none of RedX's 5 areas in Dhaka/],
  ])('refuses a parcel with %s, naming what is missing', async (_name, overrides, reason) => {
    const posts = fake.provider.requestsTo('/parcel', 'POST').length;
    const error = await caught(courier.book(parcel(nextOrder(), overrides)));
    expect(error).toBeInstanceOf(CourierRefusal);
    expect((error as CourierRefusal).reason).toMatch(reason);
    expect(fake.provider.requestsTo('/parcel', 'POST')).toHaveLength(posts);
  });

  it.each(Object.entries(REDX_STAGES).filter(([status]) => status !== 'pickup-pending'))('reads the status %s as the stage %s, with RedX’s messages', async (status, stage) => {
    const booked = await courier.book(parcel(nextOrder()));
    fake.advance(booked.consignmentId, status, { messageEn: `English for ${status}`, messageBn: `বাংলা ${status}`, at: new Date('2025-04-01T08:00:00Z') });
    const state = await courier.track(booked.consignmentId, 'unused');
    expect(state.latest).toMatchObject({ stage, courierStatus: status, at: '2025-04-01T08:00:00.000Z', message: `English for ${status}`, messageBn: `বাংলা ${status}` });
  });

  it('reads a new parcel as booked, with its charge', async () => {
    const booked = await courier.book(parcel(nextOrder()));
    await expect(courier.track(booked.consignmentId, 'unused')).resolves.toMatchObject({ latest: { stage: 'booked', courierStatus: 'pickup-pending', deliveryChargeTaka: 60, message: 'Package is created successfully' } });
  });

  it('refuses with RedX’s own words when a field is invalid', async () => {
    const error = await caught(courier.book(parcel(nextOrder(), { recipientPhone: '1234' })));
    expect(error).toBeInstanceOf(CourierRefusal);
    expect((error as CourierRefusal).reason).toBe('Validation Error; customer_phone: customer_phone must be a valid Bangladeshi mobile number');
  });

  it.each([502, 429])('throws a retryable OutsideServiceError on HTTP %i', async (status) => {
    await courier.book(parcel(nextOrder())); // areas cached: the fault hits the booking itself
    fake.provider.fail({ kind: 'status', status, json: { message: 'busy' } });
    const error = await caught(courier.book(parcel(nextOrder())));
    expect(error).toBeInstanceOf(OutsideServiceError);
    expect((error as OutsideServiceError).retryable).toBe(true);
  });

  it('after a timeout it cannot find the parcel by invoice, so it sends the order to care and never books twice', async () => {
    const orderId = nextOrder();
    const impatient = redxAt(fake, IMPATIENT_MS);
    await impatient.book(parcel(nextOrder())); // the areas of Dhaka are cached
    const release = fake.provider.holdAnswers();
    const error = await caught(impatient.book(parcel(orderId)));
    release();
    expect(error).toBeInstanceOf(CourierOutcomeUnknown);
    expect((error as CourierRefusal).reason).toMatch(new RegExp(`look for merchant invoice ${orderId} in the RedX panel`));
    await expect(impatient.findByOrder(orderId)).rejects.toBeInstanceOf(CourierOutcomeUnknown);
    expect(fake.parcelsOfInvoice(orderId)).toHaveLength(1);
  });

  it('reads a refusal of the invoice as a duplicate as a parcel RedX already holds', async () => {
    const strict = await startRedxFake({ duplicateInvoice: 'refuse' });
    try {
      const redx = new RedxCourier(outside, { baseUrl: strict.url, token: strict.token, webhookToken: strict.webhookToken });
      await redx.book(parcel('TB-RX-DUP'));
      const error = await caught(redx.book(parcel('TB-RX-DUP')));
      expect(error).toBeInstanceOf(CourierOutcomeUnknown);
      expect(strict.parcelsOfInvoice('TB-RX-DUP')).toHaveLength(1);
    } finally {
      await strict.stop();
    }
  });

  it('refuses when RedX refuses the token, naming the setting', async () => {
    const wrong = new RedxCourier(outside, { baseUrl: fake.url, token: 'not-the-token-123', webhookToken: fake.webhookToken });
    const error = await caught(wrong.book(parcel(nextOrder(), { district: 'Chittagong', recipientAddress: 'Agrabad C/A' })));
    expect(error).toBeInstanceOf(CourierRefusal);
    expect((error as CourierRefusal).reason).toMatch(/check REDX_TOKEN/);
    expect((error as Error).message).not.toContain('not-the-token-123');
  });

  it('reads a callback with the right token as a step in both languages', async () => {
    const orderId = nextOrder();
    const booked = await courier.book(parcel(orderId));
    const webhook = fake.advance(booked.consignmentId, 'delivery-in-progress', { at: new Date('2025-04-02T09:30:00Z') });
    expect(courier.readWebhook(webhook)).toEqual({
      verified: true,
      signals: [
        {
          orderId,
          consignmentId: booked.consignmentId,
          step: { stage: 'out-for-delivery', courierStatus: 'delivery-in-progress', at: '2025-04-02T09:30:00.000Z', message: 'Package is out for delivery', messageBn: 'পার্সেলটি ডেলিভারির জন্য রাইডারের কাছে আছে' },
        },
      ],
      answer: { status: 200, body: { success: true, message: 'received' } },
    });
  });

  it.each([
    ['a wrong token', 'guess-guess-guess-guess'],
    ['no token', null],
  ])('does not believe a callback with %s', async (_name, token) => {
    const booked = await courier.book(parcel(nextOrder()));
    expect(courier.readWebhook(fake.webhook(booked.consignmentId, { token }))).toEqual({ verified: false });
  });

  it('lists no payouts (RedX’s API has none) and links to RedX’s tracking page', async () => {
    await expect(courier.payouts()).resolves.toBeNull();
    expect(courier.trackingUrl('21A427TU4BN3R')).toBe('https://redx.com.bd/track-parcel/?trackingId=21A427TU4BN3R');
  });

  describe('pick-ups (a parcel from the shopper’s door under the return id)', () => {
    it('books a parcel with the return id as merchant invoice, nothing to collect, and the rider told to bring the unit back', async () => {
      const returnId = `${nextOrder()}-R1`;
      const booked = await courier.bookPickup(pickup(returnId, { kind: 'exchange' }));
      const sent = fake.provider.requestsTo('/parcel', 'POST').at(-1)!;
      expect(sent.json).toMatchObject({
        customer_name: 'Karim Uddin',
        customer_phone: '01812345678',
        delivery_area: 'Dhanmondi',
        merchant_invoice_id: returnId,
        cash_collection_amount: '0',
        parcel_weight: 300,
        instruction: `PICK-UP (size exchange ${returnId} of order ${returnId.replace(/-R1$/, '')}): collect 1 x Classic tee (M) from the customer and bring it back to the merchant. Nothing to deliver.`,
      });
      const [held] = fake.parcelsOfInvoice(returnId);
      expect(booked).toEqual({ consignmentId: held.tracking_id, trackingCode: held.tracking_id, courierStatus: 'pickup-pending' });
    });

    it('after a timeout it sends the pick-up to care (RedX cannot be asked by invoice), never a second booking', async () => {
      const impatient = redxAt(fake, IMPATIENT_MS);
      await impatient.book(parcel(nextOrder())); // the areas of Dhaka are cached
      const returnId = `${nextOrder()}-R1`;
      const release = fake.provider.holdAnswers();
      const error = await caught(impatient.bookPickup(pickup(returnId)));
      release();
      expect(error).toBeInstanceOf(CourierOutcomeUnknown);
      expect((error as CourierRefusal).reason).toContain(returnId);
      await expect(courier.findPickup(pickup(returnId))).rejects.toBeInstanceOf(CourierOutcomeUnknown);
      expect(fake.parcelsOfInvoice(returnId)).toHaveLength(1);
    });

    it('refuses with RedX’s own words when the shopper’s phone is invalid, and throws a retryable error when RedX fails', async () => {
      const error = await caught(courier.bookPickup(pickup(`${nextOrder()}-R1`, { senderPhone: '0181' })));
      expect(error).toBeInstanceOf(CourierRefusal);
      await courier.book(parcel(nextOrder()));
      fake.provider.fail({ kind: 'status', status: 503, json: { message: 'Service Unavailable' } });
      const failed = await caught(courier.bookPickup(pickup(`${nextOrder()}-R1`)));
      expect(failed).toBeInstanceOf(OutsideServiceError);
      expect((failed as OutsideServiceError).retryable).toBe(true);
    });
  });
});
