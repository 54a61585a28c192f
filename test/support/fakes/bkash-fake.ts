import { randomBytes } from 'node:crypto';
import { startFakeProvider, type FakeAnswer, type FakeProvider, type FakeRequest } from '../fake-provider';
import { fieldsOf, isBlank, withLatency } from './courier-fake-kit';

/**
 * A local bKash tokenized checkout (v1.2.0-beta) that keeps its tokens and payments: `token/grant` (username and
 * password headers, app key and secret body) and `token/refresh` give id tokens that expire; every other call
 * needs a live id token and the app key (401 "The incoming token has expired" otherwise); `create` starts a
 * payment with its `bkashURL`; the shopper's approval, failure or cancellation is played by `approve`, `fail` and
 * `cancel` (each answers the callback URL bKash would send the shopper to); `execute` completes an approved
 * payment once and refuses a second execute with bKash's code 2117; `payment/status`, `general/searchTransaction`
 * and `payment/refund` (partial refunds, never more than is left; without an amount, the refund's status) answer
 * as bKash documents, its refusals with HTTP 200 and a `statusCode` other than `0000`.
 */
export interface BkashFakePayment {
  paymentID: string;
  merchantInvoiceNumber: string;
  payerReference: string;
  callbackURL: string;
  amount: string;
  /** `Initiated` until executed (`Completed`), or `Failed` / `Cancelled` by the shopper. */
  transactionStatus: 'Initiated' | 'Completed' | 'Failed' | 'Cancelled';
  /** What the shopper did at bKash. */
  shopper: 'pending' | 'approved' | 'failed' | 'cancelled';
  trxID: string | null;
  customerMsisdn: string | null;
  executions: number;
  refunds: Array<{ refundTrxID: string; amount: string; reason: string; sku: string }>;
  createdAt: Date;
}

export interface BkashFakeOptions {
  latencyMs?: number;
  appKey?: string;
  appSecret?: string;
  username?: string;
  password?: string;
  /** Seconds an id token lives (`expires_in`; bKash's is 3600). */
  tokenTtlSeconds?: number;
}

export interface BkashFake {
  readonly url: string;
  readonly provider: FakeProvider;
  readonly appKey: string;
  readonly appSecret: string;
  readonly username: string;
  readonly password: string;
  readonly payments: Map<string, BkashFakePayment>;
  /** The settings a store needs to use this fake (BKASH_BASE_URL and the credentials). */
  env(): Record<string, string>;
  paymentsOf(orderId: string): BkashFakePayment[];
  /** Grants and refreshes so far. */
  tokenCalls(): { grant: number; refresh: number };
  /** Every id token given so far expires now (as after an hour): the next call is answered 401. */
  expireTokens(): void;
  /** The shopper approves at bKash with their wallet; answers the callback URL (status=success). */
  approve(paymentID: string, msisdn?: string): string;
  /** The shopper's payment fails at bKash (wrong PIN, no balance); answers the callback URL (status=failure). */
  fail(paymentID: string): string;
  /** The shopper cancels at bKash; answers the callback URL (status=cancel). */
  cancel(paymentID: string): string;
  /** The next execute completes the payment but its answer comes `ms` later (past the adapter's timeout). */
  hangNextExecute(ms: number): void;
  stop(): Promise<void>;
}

const SUCCESS = { statusCode: '0000', statusMessage: 'Successful' };
const refusal = (statusCode: string, statusMessage: string): FakeAnswer => ({ status: 200, json: { statusCode, statusMessage } });

export async function startBkashFake(options: BkashFakeOptions = {}): Promise<BkashFake> {
  const appKey = options.appKey ?? '4f6o0cjiki2rfm34kfdadl1eqq';
  const appSecret = options.appSecret ?? 'bkash-fake-app-secret-000000000001';
  const username = options.username ?? 'sandboxTokenizedUser02';
  const password = options.password ?? 'sandboxTokenizedUser02@12345';
  const ttl = options.tokenTtlSeconds ?? 3_600;
  const idTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const payments = new Map<string, BkashFakePayment>();
  const calls = { grant: 0, refresh: 0 };
  let hangExecuteMs = 0;
  let next = 1;
  let base = '';

  const issue = (): FakeAnswer => {
    const id = `eyJ${randomBytes(24).toString('base64url')}`;
    const refresh = `eyJr${randomBytes(24).toString('base64url')}`;
    idTokens.set(id, Date.now() + ttl * 1_000);
    refreshTokens.add(refresh);
    return { status: 200, json: { ...SUCCESS, id_token: id, token_type: 'Bearer', expires_in: ttl, refresh_token: refresh } };
  };

  const credentialsOk = (request: FakeRequest) => {
    const body = fieldsOf(request.json);
    return request.headers.username === username && request.headers.password === password && body.app_key === appKey && body.app_secret === appSecret;
  };

  const grant = (request: FakeRequest): FakeAnswer => {
    if (!credentialsOk(request)) return refusal('2001', 'Invalid App Key');
    calls.grant++;
    return issue();
  };

  const refresh = (request: FakeRequest): FakeAnswer => {
    const body = fieldsOf(request.json);
    if (!credentialsOk(request)) return refusal('2001', 'Invalid App Key');
    if (typeof body.refresh_token !== 'string' || !refreshTokens.delete(body.refresh_token)) return refusal('2079', 'Invalid refresh token');
    calls.refresh++;
    return issue();
  };

  const guarded =
    (route: (request: FakeRequest, body: Record<string, unknown>) => FakeAnswer) =>
    (request: FakeRequest): FakeAnswer => {
      const token = String(request.headers.authorization ?? '');
      const until = idTokens.get(token);
      if (until === undefined) return { status: 401, json: { message: 'Unauthorized' } };
      if (until <= Date.now()) return { status: 401, json: { message: 'The incoming token has expired' } };
      if (request.headers['x-app-key'] !== appKey) return refusal('2001', 'Invalid App Key');
      return route(request, fieldsOf(request.json));
    };

  const paymentAnswer = (payment: BkashFakePayment) => ({
    ...SUCCESS,
    paymentID: payment.paymentID,
    mode: '0011',
    payerReference: payment.payerReference,
    paymentCreateTime: payment.createdAt.toISOString(),
    amount: payment.amount,
    currency: 'BDT',
    intent: 'sale',
    merchantInvoiceNumber: payment.merchantInvoiceNumber,
    transactionStatus: payment.transactionStatus,
    verificationStatus: payment.transactionStatus === 'Completed' ? 'Complete' : 'Incomplete',
    ...(payment.trxID ? { trxID: payment.trxID, customerMsisdn: payment.customerMsisdn, payerAccount: payment.customerMsisdn, paymentExecuteTime: new Date().toISOString() } : {}),
  });

  const create = (_request: FakeRequest, body: Record<string, unknown>): FakeAnswer => {
    if (body.mode !== '0011') return refusal('2063', 'Mode is not valid as per request data');
    if (body.intent !== 'sale') return refusal('2008', 'Invalid intent');
    if (body.currency !== 'BDT') return refusal('2007', 'Invalid currency');
    if (isBlank(body.callbackURL) || !/^https?:\/\//.test(String(body.callbackURL))) return refusal('2049', 'Invalid Merchant Callback URL');
    if (isBlank(body.payerReference)) return refusal('2048', 'Invalid Payer Reference');
    if (isBlank(body.merchantInvoiceNumber)) return refusal('2031', 'Invalid merchant invoice number');
    const amount = Number(body.amount);
    if (typeof body.amount !== 'string' || !/^\d+(\.\d{1,2})?$/.test(body.amount) || !(amount > 0)) return refusal('2006', 'Invalid amount');
    const paymentID = `TR0011${String(next++).padStart(6, '0')}${randomBytes(4).toString('hex').toUpperCase()}`;
    const payment: BkashFakePayment = {
      paymentID,
      merchantInvoiceNumber: String(body.merchantInvoiceNumber),
      payerReference: String(body.payerReference),
      callbackURL: String(body.callbackURL),
      amount: amount.toFixed(2),
      transactionStatus: 'Initiated',
      shopper: 'pending',
      trxID: null,
      customerMsisdn: null,
      executions: 0,
      refunds: [],
      createdAt: new Date(),
    };
    payments.set(paymentID, payment);
    return {
      status: 200,
      json: {
        ...paymentAnswer(payment),
        bkashURL: `${base}/pay/${paymentID}`,
        callbackURL: payment.callbackURL,
        successCallbackURL: `${payment.callbackURL}?paymentID=${paymentID}&status=success`,
        failureCallbackURL: `${payment.callbackURL}?paymentID=${paymentID}&status=failure`,
        cancelledCallbackURL: `${payment.callbackURL}?paymentID=${paymentID}&status=cancel`,
      },
    };
  };

  const execute = (_request: FakeRequest, body: Record<string, unknown>): FakeAnswer => {
    const payment = payments.get(String(body.paymentID ?? ''));
    if (!payment) return refusal('2002', 'Invalid Payment ID');
    payment.executions++;
    if (payment.executions > 1) return refusal('2117', 'Payment execution already been called before');
    if (payment.shopper !== 'approved') return refusal('2056', 'Invalid Payment State');
    payment.transactionStatus = 'Completed';
    payment.trxID = `TRX${String(next++).padStart(4, '0')}${randomBytes(3).toString('hex').toUpperCase()}`;
    const answer: FakeAnswer = { status: 200, json: paymentAnswer(payment) };
    if (hangExecuteMs > 0) {
      answer.delayMs = hangExecuteMs;
      hangExecuteMs = 0;
    }
    return answer;
  };

  const status = (_request: FakeRequest, body: Record<string, unknown>): FakeAnswer => {
    const payment = payments.get(String(body.paymentID ?? ''));
    return payment ? { status: 200, json: paymentAnswer(payment) } : refusal('2002', 'Invalid Payment ID');
  };

  const search = (_request: FakeRequest, body: Record<string, unknown>): FakeAnswer => {
    const payment = [...payments.values()].find((item) => item.trxID !== null && item.trxID === body.trxID);
    if (!payment) return refusal('2033', 'Transaction not found');
    return {
      status: 200,
      json: {
        ...SUCCESS,
        trxID: payment.trxID,
        transactionStatus: payment.transactionStatus,
        transactionType: 'bKash Tokenized Checkout via API',
        amount: payment.amount,
        currency: 'BDT',
        customerMsisdn: payment.customerMsisdn,
        organizationShortCode: '50022',
        initiationTime: payment.createdAt.toISOString(),
        completedTime: new Date().toISOString(),
      },
    };
  };

  const refund = (_request: FakeRequest, body: Record<string, unknown>): FakeAnswer => {
    const payment = payments.get(String(body.paymentID ?? ''));
    if (!payment) return refusal('2002', 'Invalid Payment ID');
    if (payment.trxID === null || payment.trxID !== body.trxID) return refusal('2033', 'Transaction not found');
    const refundStatus = (item: BkashFakePayment['refunds'][number]) => ({
      ...SUCCESS,
      originalTrxID: payment.trxID,
      refundTrxID: item.refundTrxID,
      transactionStatus: 'Completed',
      amount: item.amount,
      currency: 'BDT',
      charge: '0.00',
      completedTime: new Date().toISOString(),
    });
    if (body.amount === undefined) {
      const last = payment.refunds.at(-1);
      return last ? { status: 200, json: refundStatus(last) } : refusal('2033', 'Transaction not found');
    }
    const amount = Number(body.amount);
    if (typeof body.amount !== 'string' || !(amount > 0)) return refusal('2006', 'Invalid amount');
    const refunded = payment.refunds.reduce((sum, item) => sum + Number(item.amount), 0);
    if (Math.round(amount * 100) > Math.round((Number(payment.amount) - refunded) * 100)) {
      return refusal('2026', 'The reversal amount cannot be greater than the original transaction amount');
    }
    const item = { refundTrxID: `RFD${String(next++).padStart(4, '0')}${randomBytes(3).toString('hex').toUpperCase()}`, amount: amount.toFixed(2), reason: String(body.reason ?? ''), sku: String(body.sku ?? '') };
    payment.refunds.push(item);
    return { status: 200, json: refundStatus(item) };
  };

  const routes = withLatency(
    {
      'POST /token/grant': grant,
      'POST /token/refresh': refresh,
      'POST /create': guarded(create),
      'POST /execute': guarded(execute),
      'POST /payment/status': guarded(status),
      'POST /general/searchTransaction': guarded(search),
      'POST /payment/refund': guarded(refund),
    },
    options.latencyMs,
  );
  const provider = await startFakeProvider(routes);
  base = provider.url;

  const find = (paymentID: string): BkashFakePayment => {
    const payment = payments.get(paymentID);
    if (!payment) throw new Error(`the bKash fake holds no payment ${paymentID}`);
    return payment;
  };
  const callback = (payment: BkashFakePayment, outcome: 'success' | 'failure' | 'cancel') => {
    const url = new URL(payment.callbackURL);
    url.searchParams.set('paymentID', payment.paymentID);
    url.searchParams.set('status', outcome);
    url.searchParams.set('signature', randomBytes(6).toString('hex'));
    url.searchParams.set('apiVersion', '1.2.0-beta');
    return url.toString();
  };

  return {
    url: provider.url,
    provider,
    appKey,
    appSecret,
    username,
    password,
    payments,
    env: () => ({ BKASH_BASE_URL: provider.url, BKASH_APP_KEY: appKey, BKASH_APP_SECRET: appSecret, BKASH_USERNAME: username, BKASH_PASSWORD: password }),
    paymentsOf: (orderId) => [...payments.values()].filter((payment) => payment.merchantInvoiceNumber === orderId),
    tokenCalls: () => ({ ...calls }),
    expireTokens: () => {
      for (const token of idTokens.keys()) idTokens.set(token, Date.now() - 1);
    },
    approve(paymentID, msisdn = '01770618575') {
      const payment = find(paymentID);
      payment.shopper = 'approved';
      payment.customerMsisdn = msisdn;
      return callback(payment, 'success');
    },
    fail(paymentID) {
      const payment = find(paymentID);
      payment.shopper = 'failed';
      payment.transactionStatus = 'Failed';
      return callback(payment, 'failure');
    },
    cancel(paymentID) {
      const payment = find(paymentID);
      payment.shopper = 'cancelled';
      payment.transactionStatus = 'Cancelled';
      return callback(payment, 'cancel');
    },
    hangNextExecute: (ms) => (hangExecuteMs = ms),
    stop: () => provider.stop(),
  };
}
