import { startBkashFake, type BkashFake } from '../../../test/support/fakes/bkash-fake';
import { callOutside, OutsideServiceError } from '../../outside/outside-http';
import { BkashGateway } from './bkash-gateway';
import { PaymentRefusal } from './payment-gateway';

const outside = { call: callOutside };
const caught = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

describe('BkashGateway against the bKash fake', () => {
  let fake: BkashFake;
  let gateway: BkashGateway;
  let orders = 0;
  const nextOrder = () => `TB-BK-${++orders}`;
  const gatewayFor = (overrides: Partial<ConstructorParameters<typeof BkashGateway>[1]> = {}) =>
    new BkashGateway(outside, { baseUrl: fake.url, appKey: fake.appKey, appSecret: fake.appSecret, username: fake.username, password: fake.password, timeoutMs: 10_000, ...overrides });
  const start = (g = gateway, amountPaisa = 125_000) => g.create({ orderId: nextOrder(), amountPaisa, callbackUrl: 'http://shop.test/api/payments/bkash/callback' });
  const paid = async (g = gateway, amountPaisa = 125_000) => {
    const { paymentId } = await start(g, amountPaisa);
    fake.approve(paymentId);
    return g.execute(paymentId);
  };

  beforeAll(async () => {
    fake = await startBkashFake();
    gateway = gatewayFor();
  });
  afterAll(() => fake.stop());

  it('grants a token with the documented headers and body, and creates with the order id as merchantInvoiceNumber', async () => {
    const started = await start();
    const [grant] = fake.provider.requestsTo('/token/grant', 'POST');
    expect(grant.headers).toMatchObject({ username: fake.username, password: fake.password });
    expect(grant.json).toEqual({ app_key: fake.appKey, app_secret: fake.appSecret });
    const sent = fake.provider.requestsTo('/create', 'POST').at(-1)!;
    expect(sent.headers['x-app-key']).toBe(fake.appKey);
    expect(sent.headers.authorization).toMatch(/^eyJ/);
    expect(sent.json).toEqual({
      mode: '0011',
      payerReference: `TB-BK-${orders}`,
      callbackURL: 'http://shop.test/api/payments/bkash/callback',
      amount: '1250.00',
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: `TB-BK-${orders}`,
    });
    expect(started).toEqual({ paymentId: expect.stringMatching(/^TR0011/), redirectUrl: `${fake.url}/pay/${started.paymentId}` });
  });

  it('keeps its token: a second payment asks for none', async () => {
    const before = fake.tokenCalls();
    await start();
    expect(fake.tokenCalls()).toEqual(before);
  });

  it('executes an approved payment once and reads its trxID, amount and payer', async () => {
    const { paymentId } = await start();
    fake.approve(paymentId, '01770618575');
    const outcome = await gateway.execute(paymentId);
    expect(outcome).toMatchObject({ paymentId, state: 'completed', trxId: fake.payments.get(paymentId)!.trxID, amountPaisa: 125_000, payerMsisdn: '01770618575' });
    expect(fake.payments.get(paymentId)!.executions).toBe(1);
  });

  it('after an expired token, renews it (refresh) and asks again', async () => {
    await start();
    const before = fake.tokenCalls();
    fake.expireTokens();
    const started = await start();
    expect(started.paymentId).toMatch(/^TR0011/);
    const after = fake.tokenCalls();
    expect(after.refresh + after.grant).toBe(before.refresh + before.grant + 1);
    expect(fake.provider.requestsTo('/create').at(-2)!.headers.authorization).not.toBe(fake.provider.requestsTo('/create').at(-1)!.headers.authorization);
  });

  it('renews a token before it expires, one renewal for many requests at once', async () => {
    const soon = gatewayFor({ refreshBeforeMs: 3_600_000 + 1_000 });
    await start(soon);
    const before = fake.tokenCalls();
    await Promise.all([start(soon), start(soon), start(soon)]);
    const after = fake.tokenCalls();
    expect(after.refresh - before.refresh + (after.grant - before.grant)).toBe(1);
  });

  it('an execute that times out is followed by a status query, never a second execute', async () => {
    // Every other test waits 10 s as production does (a busy machine has made the fake's answer take over 400 ms);
    // this one gives up after 2 s on an execute the fake answers only after 5.
    const impatient = gatewayFor({ timeoutMs: 2_000 });
    const { paymentId } = await start(impatient);
    fake.approve(paymentId);
    fake.hangNextExecute(5_000);
    const outcome = await impatient.execute(paymentId);
    expect(outcome).toMatchObject({ state: 'completed', trxId: fake.payments.get(paymentId)!.trxID });
    expect(fake.payments.get(paymentId)!.executions).toBe(1);
    const forPayment = (path: string) => fake.provider.requestsTo(path).filter((request) => (request.json as { paymentID?: string }).paymentID === paymentId);
    expect(forPayment('/execute')).toHaveLength(1);
    expect(forPayment('/payment/status')).toHaveLength(1);
  });

  it('reads bKash refusing a second execute (2117) by asking the status', async () => {
    const first = await paid();
    const again = await gateway.execute(first.paymentId);
    expect(again).toMatchObject({ state: 'completed', trxId: first.trxId });
  });

  it('answers a payment the shopper failed or cancelled as failed, in bKash’s words', async () => {
    const { paymentId } = await start();
    fake.cancel(paymentId);
    await expect(gateway.status(paymentId)).resolves.toMatchObject({ state: 'failed', detail: 'Cancelled' });
    const executed = await gateway.execute(paymentId);
    expect(executed).toMatchObject({ state: 'failed', detail: 'Invalid Payment State' });
  });

  it('finds a completed transaction by trxID, and answers null for an unknown one', async () => {
    const outcome = await paid();
    await expect(gateway.search(outcome.trxId!)).resolves.toEqual({ trxId: outcome.trxId, state: 'completed', amountPaisa: 125_000, payerMsisdn: '01770618575', status: 'Completed' });
    await expect(gateway.search('NOSUCHTRX1')).resolves.toBeNull();
  });

  it('refunds part of a payment, then the rest, with the documented body', async () => {
    const outcome = await paid();
    const common = { paymentId: outcome.paymentId, trxId: outcome.trxId!, reason: 'Returned: wrong size', paidPaisa: 125_000 };
    const first = await gateway.refund({ ...common, amountPaisa: 25_000, refundId: 'refund-1', refundedPaisa: 0 });
    expect(first).toEqual({ refundTrxId: expect.stringMatching(/^RFD/), amountPaisa: 25_000 });
    expect(fake.provider.requestsTo('/payment/refund').at(-1)!.json).toEqual({ paymentID: outcome.paymentId, amount: '250.00', trxID: outcome.trxId, sku: 'refund-1', reason: 'Returned: wrong size' });
    await gateway.refund({ ...common, amountPaisa: 100_000, refundId: 'refund-2', refundedPaisa: 25_000 });
    expect(fake.payments.get(outcome.paymentId)!.refunds.map((refund) => refund.amount)).toEqual(['250.00', '1000.00']);
  });

  it('refuses a refund larger than what is left before asking bKash', async () => {
    const outcome = await paid();
    const asked = fake.provider.requestsTo('/payment/refund').length;
    const error = await caught(gateway.refund({ paymentId: outcome.paymentId, trxId: outcome.trxId!, reason: 'x', amountPaisa: 125_001, refundId: 'r', paidPaisa: 125_000, refundedPaisa: 0 }));
    expect(error).toBeInstanceOf(PaymentRefusal);
    expect(fake.provider.requestsTo('/payment/refund')).toHaveLength(asked);
  });

  it('reads bKash’s refusal of a refund (2026) as a PaymentRefusal with its code and words', async () => {
    const outcome = await paid();
    // The store believes less was refunded than bKash knows: bKash's own rule refuses.
    await gateway.refund({ paymentId: outcome.paymentId, trxId: outcome.trxId!, reason: 'x', amountPaisa: 100_000, refundId: 'a', paidPaisa: 125_000, refundedPaisa: 0 });
    const error = (await caught(gateway.refund({ paymentId: outcome.paymentId, trxId: outcome.trxId!, reason: 'x', amountPaisa: 100_000, refundId: 'b', paidPaisa: 125_000, refundedPaisa: 0 }))) as PaymentRefusal;
    expect(error).toBeInstanceOf(PaymentRefusal);
    expect({ code: error.code, reason: error.reason }).toEqual({ code: '2026', reason: 'The reversal amount cannot be greater than the original transaction amount' });
  });

  it('names the settings when bKash refuses the credentials, and never repeats a secret', async () => {
    const wrong = gatewayFor({ appSecret: 'not-the-secret-at-all' });
    const error = (await caught(start(wrong))) as PaymentRefusal;
    expect(error).toBeInstanceOf(PaymentRefusal);
    expect(error.message).toContain('check BKASH_APP_KEY, BKASH_APP_SECRET, BKASH_USERNAME and BKASH_PASSWORD');
    expect(error.message).not.toContain('not-the-secret-at-all');
  });

  it('reads a 5xx as a failure a retry can act on', async () => {
    fake.provider.fail({ kind: 'status', status: 503, text: 'maintenance' });
    const error = await caught(start());
    expect(error).toBeInstanceOf(OutsideServiceError);
    expect((error as OutsideServiceError).failure).toBe('unavailable');
  });
});
