import { startFakeProvider } from './fake-provider';

/** One SMS the fake gateway accepted: the form fields of server/sms/gateway/sms-gateway.ts. */
export interface CapturedSms {
  apiKey: string;
  senderId: string;
  /** `8801…` as sent. */
  number: string;
  message: string;
  type: string;
  /** The request's Idempotency-Key: the store's delivery id, the same on every attempt of one SMS. */
  idempotencyKey: string;
}

export interface SmsGatewayCapture {
  /** SMS_URL for the store. */
  url: string;
  accepted: CapturedSms[];
  /** Requests answered with a failure (the first `failFirst`, or any while `down`). */
  refused: number;
  /** The Idempotency-Key of each refused request, in order. */
  refusedKeys: string[];
  /** While true, every request is answered 503. */
  down: boolean;
  to(phone: string): CapturedSms[];
  /** Accepted SMS per Idempotency-Key: a key with two is one message texted twice. */
  byIdempotencyKey(): Map<string, CapturedSms[]>;
  /** SMS are accepted (and counted) as they arrive, but the gateway's answers wait until the function returned is called. */
  holdAnswers(): () => void;
  waitFor(predicate: (sms: CapturedSms) => boolean, timeoutMs?: number): Promise<CapturedSms>;
  waitForCount(predicate: (sms: CapturedSms) => boolean, count: number, timeoutMs?: number): Promise<CapturedSms[]>;
  stop(): Promise<void>;
}

/**
 * A local HTTP SMS gateway (a fake provider, ADR 056) speaking the provider shape the store's adapter sends (form
 * POST, JSON `{response_code: 202}`), refusing the first `failFirst` requests with a 500 (and a gateway error code).
 */
export async function startSmsGatewayCapture(options: { failFirst?: number } = {}): Promise<SmsGatewayCapture> {
  let toFail = options.failFirst ?? 0;
  const provider = await startFakeProvider({
    'POST /api/smsapi': ({ form, idempotencyKey }) => {
      if (capture.down || toFail > 0) {
        toFail = Math.max(0, toFail - 1);
        capture.refused += 1;
        capture.refusedKeys.push(idempotencyKey ?? '');
        return { status: 500, json: { response_code: 1005, error_message: 'Internal error' } };
      }
      capture.accepted.push({
        apiKey: form?.get('api_key') ?? '',
        senderId: form?.get('senderid') ?? '',
        number: form?.get('number') ?? '',
        message: form?.get('message') ?? '',
        type: form?.get('type') ?? '',
        idempotencyKey: idempotencyKey ?? '',
      });
      return { json: { response_code: 202, success_message: 'SMS Submitted Successfully' } };
    },
  });
  const capture: SmsGatewayCapture = {
    url: `${provider.url}/api/smsapi`,
    accepted: [],
    refused: 0,
    refusedKeys: [],
    down: false,
    to: (phone) => capture.accepted.filter((sms) => sms.number === `88${phone}`),
    byIdempotencyKey: () => {
      const byKey = new Map<string, CapturedSms[]>();
      for (const sms of capture.accepted) byKey.set(sms.idempotencyKey, [...(byKey.get(sms.idempotencyKey) ?? []), sms]);
      return byKey;
    },
    holdAnswers: () => provider.holdAnswers(),
    waitFor: async (predicate, timeoutMs = 20_000) => (await capture.waitForCount(predicate, 1, timeoutMs))[0],
    waitForCount: async (predicate, count, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = capture.accepted.filter(predicate);
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`the fake SMS gateway got ${found.length} of ${count} expected SMS within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: () => provider.stop(),
  };
  return capture;
}
