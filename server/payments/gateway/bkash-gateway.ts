import { Logger } from '@nestjs/common';
import { OutsideServiceError } from '../../outside/outside-http';
import type { OutsideServices } from '../../outside/outside-services';
import {
  PaymentRefusal,
  type FoundTransaction,
  type PaymentGateway,
  type PaymentOutcome,
  type PaymentRequest,
  type RefundOutcome,
  type RefundRequest,
  type StartedPayment,
} from './payment-gateway';

export interface BkashOptions {
  /** `BKASH_BASE_URL`: up to `/tokenized/checkout` (the sandbox by default). */
  baseUrl: string;
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
  timeoutMs?: number;
  /** How long before its expiry a token is renewed (default 5 minutes). */
  refreshBeforeMs?: number;
}

/** bKash's codes for "this payment was already executed" (asking its status tells the outcome). */
export const BKASH_ALREADY_EXECUTED = new Set(['2062', '2068', '2116', '2117']);
/** bKash's code for "Transaction not found" (searchTransaction). */
export const BKASH_TRANSACTION_NOT_FOUND = '2033';

interface BkashToken {
  id: string;
  refresh: string | null;
  /** Epoch ms of bKash's expiry. */
  expiresAt: number;
}

type BkashAnswer = Record<string, unknown> & { statusCode?: string; statusMessage?: string; errorCode?: string; errorMessage?: string };

/**
 * bKash tokenized checkout (v1.2.0-beta). A token granted with the merchant's username and password (headers)
 * and app key and secret (body) is kept and renewed with its refresh token before it expires, one request at a
 * time; a request answered 401 (bKash's "The incoming token has expired") gets a new token and is asked once
 * more (a 401 is refused before bKash acts). bKash answers most refusals with HTTP 200 and a `statusCode` other
 * than `0000`: those are read as `PaymentRefusal`s with bKash's code and words.
 */
export class BkashGateway implements PaymentGateway {
  readonly service = 'payment';
  readonly name = 'bkash';
  readonly provider = 'bkash';
  readonly mode = 'live';
  readonly label = 'bKash tokenized checkout at BKASH_BASE_URL: shoppers pay in their bKash app, the store executes and refunds';
  private readonly logger = new Logger('Bkash');
  private readonly baseUrl: string;
  private token: BkashToken | undefined;
  private tokenAsked: Promise<BkashToken> | undefined;

  constructor(
    private readonly outside: Pick<OutsideServices, 'call'>,
    private readonly options: BkashOptions,
  ) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async create(payment: PaymentRequest): Promise<StartedPayment> {
    const answer = await this.api('/create', {
      mode: '0011',
      payerReference: payment.orderId,
      callbackURL: payment.callbackUrl,
      amount: takaText(payment.amountPaisa),
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: payment.orderId,
    });
    const paymentId = text(answer.paymentID);
    const redirectUrl = text(answer.bkashURL);
    if (!paymentId || !redirectUrl) throw new OutsideServiceError('payment', this.provider, 'unreadable', 'no paymentID or bkashURL in the answer', 200);
    return { paymentId, redirectUrl };
  }

  async execute(paymentId: string): Promise<PaymentOutcome> {
    let answer: BkashAnswer;
    try {
      answer = await this.api('/execute', { paymentID: paymentId });
    } catch (error) {
      // The execute may have happened: ask what became of it, never execute again.
      if (error instanceof OutsideServiceError && (error.failure === 'timeout' || error.failure === 'unreadable' || error.failure === 'unavailable')) {
        this.logger.warn(`execute of ${paymentId} got no clear answer (${error.failure}); asking its status`);
        return this.status(paymentId);
      }
      if (error instanceof PaymentRefusal && error.code && BKASH_ALREADY_EXECUTED.has(error.code)) return this.status(paymentId);
      if (error instanceof PaymentRefusal) return { ...emptyOutcome(paymentId), state: 'failed', detail: error.reason };
      throw error;
    }
    return outcomeOf(paymentId, answer);
  }

  async status(paymentId: string): Promise<PaymentOutcome> {
    return outcomeOf(paymentId, await this.api('/payment/status', { paymentID: paymentId }));
  }

  async search(trxId: string): Promise<FoundTransaction | null> {
    let answer: BkashAnswer;
    try {
      answer = await this.api('/general/searchTransaction', { trxID: trxId });
    } catch (error) {
      if (error instanceof PaymentRefusal && error.code === BKASH_TRANSACTION_NOT_FOUND) return null;
      throw error;
    }
    const amount = paisaOf(answer.amount);
    const status = text(answer.transactionStatus) ?? '';
    if (!text(answer.trxID) || amount === null) return null;
    return { trxId: text(answer.trxID)!, state: status === 'Completed' ? 'completed' : 'other', amountPaisa: amount, payerMsisdn: text(answer.customerMsisdn), status };
  }

  async refund(request: RefundRequest & { paidPaisa: number; refundedPaisa: number; knownRefundTrxIds?: string[] }): Promise<RefundOutcome> {
    const left = request.paidPaisa - request.refundedPaisa;
    if (request.amountPaisa <= 0 || request.amountPaisa > left) {
      throw new PaymentRefusal('bkash', `a refund of ${takaText(request.amountPaisa)} taka is more than the ${takaText(left)} taka left of the payment`);
    }
    const body = { paymentID: request.paymentId, amount: takaText(request.amountPaisa), trxID: request.trxId, sku: request.refundId.slice(0, 255), reason: request.reason.slice(0, 255) };
    let answer: BkashAnswer;
    try {
      answer = await this.api('/payment/refund', body);
    } catch (error) {
      if (!(error instanceof OutsideServiceError && (error.failure === 'timeout' || error.failure === 'unreadable'))) throw error;
      // The refund may have happened: bKash's refund status (the same call without an amount) says.
      const made = await this.api('/payment/refund', { paymentID: request.paymentId, trxID: request.trxId });
      const refundTrxId = text(made.refundTrxID);
      if (refundTrxId && !(request.knownRefundTrxIds ?? []).includes(refundTrxId) && paisaOf(made.amount) === request.amountPaisa) {
        return { refundTrxId, amountPaisa: request.amountPaisa };
      }
      throw error;
    }
    const refundTrxId = text(answer.refundTrxID);
    if (!refundTrxId) throw new OutsideServiceError('payment', this.provider, 'unreadable', 'no refundTrxID in the answer', 200);
    return { refundTrxId, amountPaisa: paisaOf(answer.amount) ?? request.amountPaisa };
  }

  /** A request with the token; a 401 gets a new token and one more try. bKash's refusals in a 200 are thrown. */
  private async api(path: string, json: unknown): Promise<BkashAnswer> {
    let body: BkashAnswer;
    try {
      body = await this.send(path, json, (await this.idToken()).id);
    } catch (error) {
      if (!(error instanceof OutsideServiceError && error.failure === 'refused' && error.status === 401)) throw refusalOf(error);
      if (this.token) this.token = { ...this.token, expiresAt: 0 };
      body = await this.send(path, json, (await this.idToken()).id).catch((again: unknown) => {
        throw refusalOf(again);
      });
    }
    const code = body.statusCode ?? body.errorCode;
    if (code !== undefined && code !== '0000') throw new PaymentRefusal('bkash', String(body.statusMessage ?? body.errorMessage ?? 'refused'), String(code));
    return body;
  }

  private async send(path: string, json: unknown, idToken: string): Promise<BkashAnswer> {
    const { body } = await this.outside.call<BkashAnswer>({
      service: 'payment',
      provider: this.provider,
      method: 'POST',
      url: `${this.baseUrl}${path}`,
      headers: { authorization: idToken, 'x-app-key': this.options.appKey },
      json,
      timeoutMs: this.options.timeoutMs ?? 30_000,
      secrets: this.secrets(),
    });
    return body ?? {};
  }

  /** The kept token, or a new one (refreshed when it is near its expiry, granted when there is none or refresh fails); one request at a time. */
  private idToken(): Promise<BkashToken> {
    const margin = this.options.refreshBeforeMs ?? 5 * 60_000;
    if (this.token && this.token.expiresAt - margin > Date.now()) return Promise.resolve(this.token);
    this.tokenAsked ??= this.renewToken().finally(() => (this.tokenAsked = undefined));
    return this.tokenAsked;
  }

  private async renewToken(): Promise<BkashToken> {
    const refresh = this.token?.refresh;
    if (refresh) {
      try {
        return await this.tokenCall('/token/refresh', { app_key: this.options.appKey, app_secret: this.options.appSecret, refresh_token: refresh });
      } catch (error) {
        if (!(error instanceof PaymentRefusal)) throw error;
        this.token = undefined;
      }
    }
    try {
      return await this.tokenCall('/token/grant', { app_key: this.options.appKey, app_secret: this.options.appSecret });
    } catch (error) {
      if (error instanceof PaymentRefusal) {
        throw new PaymentRefusal('bkash', `bKash refused the store's credentials (${error.reason}); check BKASH_APP_KEY, BKASH_APP_SECRET, BKASH_USERNAME and BKASH_PASSWORD`, error.code);
      }
      throw error;
    }
  }

  private async tokenCall(path: string, json: Record<string, string>): Promise<BkashToken> {
    let body: BkashAnswer;
    try {
      ({ body } = await this.outside.call<BkashAnswer>({
        service: 'payment',
        provider: this.provider,
        method: 'POST',
        url: `${this.baseUrl}${path}`,
        headers: { username: this.options.username, password: this.options.password },
        json,
        timeoutMs: this.options.timeoutMs ?? 30_000,
        secrets: this.secrets(),
      }));
    } catch (error) {
      throw refusalOf(error);
    }
    const code = body?.statusCode ?? body?.errorCode;
    const id = text(body?.id_token);
    if ((code !== undefined && code !== '0000') || !id) throw new PaymentRefusal('bkash', String(body?.statusMessage ?? body?.errorMessage ?? body?.msg ?? 'no id_token'), code ? String(code) : null);
    const seconds = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : Number(body.expires_in) || 3_600;
    this.token = { id, refresh: text(body.refresh_token) ?? this.token?.refresh ?? null, expiresAt: Date.now() + seconds * 1_000 };
    return this.token;
  }

  private secrets(): string[] {
    return [this.options.appSecret, this.options.password, this.token?.id ?? '', this.token?.refresh ?? ''].filter(Boolean);
  }
}

/** A 4xx other than 401 read as bKash's refusal in its words (bKash sends JSON with statusCode or message). */
function refusalOf(error: unknown): unknown {
  if (!(error instanceof OutsideServiceError) || error.failure !== 'refused') return error;
  let words = error.detail;
  let code: string | null = null;
  try {
    const body = JSON.parse(error.detail) as BkashAnswer & { message?: string };
    words = String(body.statusMessage ?? body.errorMessage ?? body.message ?? error.detail);
    code = body.statusCode ?? body.errorCode ?? null;
  } catch {
    // not JSON: the words as they came
  }
  return new PaymentRefusal('bkash', words || `HTTP ${error.status}`, code ?? String(error.status ?? ''));
}

function outcomeOf(paymentId: string, answer: BkashAnswer): PaymentOutcome {
  const status = text(answer.transactionStatus) ?? '';
  const state = status === 'Completed' ? 'completed' : status === 'Initiated' || status === 'Pending Authorized' || status === 'Authorized' ? 'pending' : 'failed';
  return {
    paymentId: text(answer.paymentID) ?? paymentId,
    state,
    trxId: text(answer.trxID),
    amountPaisa: paisaOf(answer.amount),
    payerMsisdn: text(answer.customerMsisdn) ?? text(answer.payerAccount),
    orderId: text(answer.merchantInvoiceNumber),
    detail: state === 'completed' ? null : status || text(answer.statusMessage),
  };
}

function emptyOutcome(paymentId: string): PaymentOutcome {
  return { paymentId, state: 'failed', trxId: null, amountPaisa: null, payerMsisdn: null, orderId: null, detail: null };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null;
}

/** bKash's "500.00" (or 500) as paisa; null when it is not an amount. */
export function paisaOf(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) ? Math.round(number * 100) : null;
}

/** Paisa as bKash's amount text: "500.00". */
export function takaText(paisa: number): string {
  return (paisa / 100).toFixed(2);
}
