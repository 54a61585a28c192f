import { PATHAO_STATUS_NAMES, startPathaoFake, type PathaoFake } from '../../../test/support/fakes/pathao-fake';
import { callOutside, OutsideServiceError } from '../../outside/outside-http';
import { CourierRefusal, type ParcelRequest, type PickupRequest } from './courier-port';
import { CourierOutcomeUnknown } from './courier-http';
import { PATHAO_INTEGRATION_HEADER, PATHAO_INTEGRATION_SECRET, PathaoCourier, pathaoStage } from './pathao-courier';

const outside = { call: callOutside };

const parcel = (orderId: string, overrides: Partial<ParcelRequest> = {}): ParcelRequest => ({
  orderId,
  recipientName: 'Nusrat Jahan',
  recipientPhone: '01912345678',
  recipientAddress: 'House 12, Road 5, Dhanmondi',
  district: 'Dhaka',
  amountToCollectTaka: 1200,
  itemCount: 3,
  weightGrams: 750,
  itemDescription: '3 × Classic tee (S)',
  ...overrides,
});

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

/**
 * The fake answers on loopback, but a busy machine (the whole suite on two cores) has made an answer take more than
 * 400 ms: every courier waits 10 s as in production, except the one a test makes time out on purpose, whose answers
 * the fake holds until the test releases them.
 */
const PATIENT_MS = 10_000;
const IMPATIENT_MS = 2_000;

const courierFor = (fake: PathaoFake, overrides: Partial<ConstructorParameters<typeof PathaoCourier>[1]> = {}) =>
  new PathaoCourier(outside, {
    baseUrl: fake.url,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    username: fake.username,
    password: fake.password,
    storeId: fake.storeId,
    webhookSecret: fake.webhookSecret,
    timeoutMs: PATIENT_MS,
    ...overrides,
  });

describe('PathaoCourier against the Pathao fake', () => {
  let fake: PathaoFake;
  let courier: PathaoCourier;
  let orders = 0;
  const nextOrder = () => `TB-PT-${++orders}`;
  const lastOrderBody = () => fake.provider.requestsTo('/aladdin/api/v1/orders', 'POST').at(-1)!.json as Record<string, unknown>;

  beforeAll(async () => {
    fake = await startPathaoFake();
    courier = courierFor(fake);
  });
  afterAll(() => fake.stop());
  afterEach(() => jest.restoreAllMocks());

  it('issues a token by password, maps the district to Pathao’s city and zone, and books with the documented fields', async () => {
    const orderId = nextOrder();
    const booked = await courier.book(parcel(orderId, { note: 'Fragile print' }));

    const [grant] = fake.provider.requestsTo('/aladdin/api/v1/issue-token', 'POST');
    expect(grant.json).toEqual({ client_id: fake.clientId, client_secret: fake.clientSecret, grant_type: 'password', username: fake.username, password: fake.password });
    const sent = fake.provider.requestsTo('/aladdin/api/v1/orders', 'POST').at(-1)!;
    expect(sent.headers.authorization).toMatch(/^Bearer .+/);
    expect(sent.json).toEqual({
      store_id: fake.storeId,
      merchant_order_id: orderId,
      recipient_name: 'Nusrat Jahan',
      recipient_phone: '01912345678',
      recipient_address: 'House 12, Road 5, Dhanmondi, Dhaka',
      recipient_city: 1,
      recipient_zone: 52,
      delivery_type: 48,
      item_type: 2,
      special_instruction: 'Fragile print',
      item_quantity: 3,
      item_weight: 0.75,
      item_description: '3 × Classic tee (S)',
      amount_to_collect: 1200,
    });
    const [held] = fake.ordersOf(orderId);
    expect(booked).toEqual({ consignmentId: held.consignment_id, trackingCode: held.consignment_id, courierStatus: 'Pending', deliveryFeeTaka: 60 });
  });

  it('keeps its token and Pathao’s lists: a second booking asks for neither', async () => {
    await courier.book(parcel(nextOrder()));
    const grants = fake.grants();
    const cityLists = fake.provider.requestsTo('/aladdin/api/v1/city-list').length;
    await courier.book(parcel(nextOrder(), { recipientAddress: 'Flat 2A, Mirpur DOHS, Avenue 3' }));
    expect(fake.grants()).toEqual(grants);
    expect(fake.provider.requestsTo('/aladdin/api/v1/city-list')).toHaveLength(cityLists);
    expect(lastOrderBody()).toMatchObject({ recipient_city: 1, recipient_zone: 69 });
  });

  it('takes the zone of the order\'s thana before the one the address names, and the zone\'s area the address names; locate answers from the lists', async () => {
    await courier.book(parcel(nextOrder(), { thana: 'Mirpur', recipientAddress: 'House 9, Road 3, Mirpur 10, near Mirpur DOHS gate' }));
    expect(lastOrderBody()).toMatchObject({ recipient_city: 1, recipient_zone: 68, recipient_area: 6810 });
    expect(await courier.locate({ district: 'Chattogram', thana: 'Agrabad' })).toEqual({ district: { id: 2, name: 'Chittagong' }, thana: { id: 301, name: 'Agrabad' } });
    expect(await courier.locate({ district: 'Dhaka', thana: 'Gulshan' })).toEqual({ district: { id: 1, name: 'Dhaka' }, thana: null });
    expect(await courier.locate({ district: 'Panchagarh', thana: 'Panchagarh Sadar' })).toEqual({ district: null, thana: null });
  });

  it('asks for a new token once when Pathao answers 401, and books', async () => {
    await courier.book(parcel(nextOrder()));
    const before = fake.grants();
    fake.revokeTokens();
    const orderId = nextOrder();
    await courier.book(parcel(orderId));
    expect(fake.grants()).toEqual({ ...before, refresh_token: before.refresh_token + 1 });
    expect(fake.ordersOf(orderId)).toHaveLength(1);
  });

  it('renews an expired token with the refresh token before asking', async () => {
    // Two minutes: the adapter keeps a token until a minute before it expires, so the first booking never renews
    // it in real time however slow the machine is; the clock is then moved past its expiry.
    const shortLived = await startPathaoFake({ tokenTtlSeconds: 120 });
    try {
      const pathao = courierFor(shortLived);
      await pathao.book(parcel('TB-PT-TTL-1'));
      expect(shortLived.grants()).toEqual({ password: 1, refresh_token: 0 });
      const later = Date.now() + 200_000;
      jest.spyOn(Date, 'now').mockImplementation(() => later);
      await pathao.book(parcel('TB-PT-TTL-2'));
      expect(shortLived.grants()).toEqual({ password: 1, refresh_token: 1 });
      expect(shortLived.provider.requests.filter((request) => request.path === '/aladdin/api/v1/orders')).toHaveLength(2);
    } finally {
      await shortLived.stop();
    }
  });

  it('finds the district under its old name, and leaves the zone out when the address names none', async () => {
    await courier.book(parcel(nextOrder(), { district: 'Cumilla', recipientAddress: 'Kandirpar, near the Town Hall' }));
    const body = lastOrderBody();
    expect(body.recipient_city).toBe(11);
    expect(body).not.toHaveProperty('recipient_zone');
  });

  it('leaves city and zone out for a district Pathao does not list, so Pathao reads them from the address', async () => {
    await courier.book(parcel(nextOrder(), { district: 'Bandarban', recipientAddress: 'Balaghata, Bandarban Sadar' }));
    const body = lastOrderBody();
    expect(body).not.toHaveProperty('recipient_city');
    expect(body).not.toHaveProperty('recipient_zone');
  });

  it('sends a light parcel as Pathao’s minimum half kilo and refuses one over 10 kg before asking', async () => {
    await courier.book(parcel(nextOrder(), { weightGrams: 200 }));
    expect(lastOrderBody().item_weight).toBe(0.5);
    const posts = fake.provider.requestsTo('/aladdin/api/v1/orders', 'POST').length;
    const error = await caught(courier.book(parcel(nextOrder(), { weightGrams: 12_500 })));
    expect(error).toBeInstanceOf(CourierRefusal);
    expect((error as CourierRefusal).reason).toBe('Pathao takes parcels of 0.5 to 10 kg; this one weighs 12.5 kg');
    expect(fake.provider.requestsTo('/aladdin/api/v1/orders', 'POST')).toHaveLength(posts);
  });

  it.each(Object.entries(PATHAO_STATUS_NAMES))('reads the order after %s (“%s”) as its stage, keeping Pathao’s word', async (event, name) => {
    const booked = await courier.book(parcel(nextOrder()));
    fake.advance(booked.consignmentId, event, { at: new Date('2025-05-01T04:00:00Z') });
    const state = await courier.track(booked.consignmentId, 'unused');
    expect(state.latest).toEqual({ stage: pathaoStage(event), courierStatus: name, at: '2025-05-01T04:00:00.000Z' });
    expect(pathaoStage(event)).toBe(pathaoStage(name));
  });

  it.each([
    ['order.picked', 'picked-up'],
    ['order.assigned-for-delivery', 'out-for-delivery'],
    ['order.partial-delivery', 'partly-delivered'],
    ['order.delivery-failed', 'delivery-failed'],
    ['order.returned', 'returning'],
    ['order.returned-to-merchant', 'returned'],
    ['order.pickup-cancelled', 'cancelled'],
  ])('maps %s to %s', (event, stage) => {
    expect(pathaoStage(event)).toBe(stage);
  });

  it('refuses with Pathao’s own words when a field is invalid', async () => {
    const error = await caught(courier.book(parcel(nextOrder(), { recipientPhone: '0191234' })));
    expect(error).toBeInstanceOf(CourierRefusal);
    expect((error as CourierRefusal).reason).toBe('Please fix the given errors; The recipient phone format is invalid.');
  });

  it.each([500, 429])('throws a retryable OutsideServiceError on HTTP %i', async (status) => {
    await courier.book(parcel(nextOrder())); // token and lists kept: the fault hits the booking
    fake.provider.fail({ kind: 'status', status, json: { message: 'Server Error' } });
    const error = await caught(courier.book(parcel(nextOrder())));
    expect(error).toBeInstanceOf(OutsideServiceError);
    expect((error as OutsideServiceError).retryable).toBe(true);
  });

  it('after a timeout it cannot find the order by merchant order id, so it sends it to care and never books twice', async () => {
    const impatient = courierFor(fake, { timeoutMs: IMPATIENT_MS });
    await impatient.book(parcel(nextOrder())); // its token and Dhaka's zones are in hand
    const orderId = nextOrder();
    const release = fake.provider.holdAnswers();
    const error = await caught(impatient.book(parcel(orderId)));
    release();
    expect(error).toBeInstanceOf(CourierOutcomeUnknown);
    await expect(impatient.findByOrder(orderId)).rejects.toBeInstanceOf(CourierOutcomeUnknown);
    expect(fake.ordersOf(orderId)).toHaveLength(1);
  });

  it('reads a refusal of the merchant order id as a duplicate as an order Pathao already holds', async () => {
    const strict = await startPathaoFake({ duplicateOrderId: 'refuse' });
    try {
      const pathao = courierFor(strict);
      await pathao.book(parcel('TB-PT-DUP'));
      await expect(pathao.book(parcel('TB-PT-DUP'))).rejects.toBeInstanceOf(CourierOutcomeUnknown);
      expect(strict.ordersOf('TB-PT-DUP')).toHaveLength(1);
    } finally {
      await strict.stop();
    }
  });

  it('refuses when Pathao refuses the credentials, naming the settings and never the password', async () => {
    const wrong = courierFor(fake, { password: 'not-the-password-42' });
    const error = await caught(wrong.book(parcel(nextOrder())));
    expect(error).toBeInstanceOf(CourierRefusal);
    expect((error as CourierRefusal).reason).toMatch(/check PATHAO_CLIENT_ID, PATHAO_CLIENT_SECRET, PATHAO_USERNAME and PATHAO_PASSWORD/);
    expect((error as Error).message).not.toContain('not-the-password-42');
  });

  describe('webhooks', () => {
    const expectedAnswer = { status: 202, body: { status: 'success', message: 'Webhook received.' }, headers: { [PATHAO_INTEGRATION_HEADER]: PATHAO_INTEGRATION_SECRET } };

    it('answers Pathao’s integration check with 202 and its header, changing nothing', () => {
      expect(courier.readWebhook(fake.integrationCheck())).toEqual({ verified: true, signals: [], answer: expectedAnswer });
    });

    it('reads a signed event as a nudge to read the order back, with no step', async () => {
      const booked = await courier.book(parcel(nextOrder()));
      const reading = courier.readWebhook(fake.advance(booked.consignmentId, 'order.delivered'));
      expect(reading).toEqual({ verified: true, signals: [{ consignmentId: booked.consignmentId }], answer: expectedAnswer });
    });

    it('reads order.paid with the payout’s invoice id and the cash it says was collected', async () => {
      const booked = await courier.book(parcel(nextOrder()));
      const reading = courier.readWebhook(fake.advance(booked.consignmentId, 'order.paid', { invoiceId: '121224IBW19790', collectedAmount: 850 }));
      expect(reading.verified && reading.signals).toEqual([{ consignmentId: booked.consignmentId, payoutId: '121224IBW19790', paid: { collectedTaka: 850 } }]);
    });

    it.each([
      ['a wrong secret', 'a-guessed-secret-value'],
      ['no secret', null],
    ])('does not believe an event with %s', async (_name, secret) => {
      const booked = await courier.book(parcel(nextOrder()));
      fake.advance(booked.consignmentId, 'order.picked');
      expect(courier.readWebhook(fake.webhook(booked.consignmentId, { secret }))).toEqual({ verified: false });
    });
  });

  it('lists no payouts (they come by webhook)', async () => {
    await expect(courier.payouts()).resolves.toBeNull();
  });

  describe('pick-ups (a parcel from the shopper’s door under the return id)', () => {
    it('books a parcel with the return id as merchant order id, nothing to collect, and the rider told to bring the unit back', async () => {
      const returnId = `${nextOrder()}-R1`;
      const booked = await courier.bookPickup(pickup(returnId));
      const sent = lastOrderBody();
      expect(sent).toMatchObject({
        store_id: fake.storeId,
        merchant_order_id: returnId,
        recipient_name: 'Karim Uddin',
        recipient_phone: '01812345678',
        delivery_type: 48,
        item_type: 2,
        item_quantity: 1,
        item_weight: 0.5,
        amount_to_collect: 0,
        item_description: 'Pick-up: 1 x Classic tee (M)',
      });
      expect(sent.special_instruction).toBe(`PICK-UP (return ${returnId} of order ${returnId.replace(/-R1$/, '')}): collect 1 x Classic tee (M) from the customer and bring it back to the merchant. Nothing to deliver.`);
      const [held] = fake.ordersOf(returnId);
      expect(booked.consignmentId).toBe(String(held.consignment_id));
    });

    it('after a timeout it sends the pick-up to care (Pathao cannot be asked by merchant order id), never a second booking', async () => {
      const impatient = courierFor(fake, { timeoutMs: IMPATIENT_MS });
      await impatient.book(parcel(nextOrder())); // its token and Dhaka's zones are in hand
      const returnId = `${nextOrder()}-R1`;
      const release = fake.provider.holdAnswers();
      const error = await caught(impatient.bookPickup(pickup(returnId)));
      release();
      expect(error).toBeInstanceOf(CourierOutcomeUnknown);
      expect((error as CourierRefusal).reason).toContain(returnId);
      await expect(courier.findPickup(pickup(returnId))).rejects.toBeInstanceOf(CourierOutcomeUnknown);
      expect(fake.ordersOf(returnId)).toHaveLength(1);
    });

    it('refuses with Pathao’s own words when the shopper’s phone is invalid', async () => {
      const error = await caught(courier.bookPickup(pickup(`${nextOrder()}-R1`, { senderPhone: '0191234' })));
      expect(error).toBeInstanceOf(CourierRefusal);
      expect((error as CourierRefusal).reason).toMatch(/phone format is invalid/);
    });
  });
});
