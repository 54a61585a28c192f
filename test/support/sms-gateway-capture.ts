import { createServer, type IncomingMessage, type Server } from 'node:http';

/** One SMS the fake gateway accepted: the form fields of server/sms/gateway/sms-gateway.ts. */
export interface CapturedSms {
  apiKey: string;
  senderId: string;
  /** `8801…` as sent. */
  number: string;
  message: string;
  type: string;
}

export interface SmsGatewayCapture {
  /** SMS_URL for the store. */
  url: string;
  accepted: CapturedSms[];
  /** Requests answered with a failure (the first `failFirst`, or any while `down`). */
  refused: number;
  /** While true, every request is answered 503. */
  down: boolean;
  to(phone: string): CapturedSms[];
  waitFor(predicate: (sms: CapturedSms) => boolean, timeoutMs?: number): Promise<CapturedSms>;
  waitForCount(predicate: (sms: CapturedSms) => boolean, count: number, timeoutMs?: number): Promise<CapturedSms[]>;
  stop(): Promise<void>;
}

/**
 * A local HTTP SMS gateway speaking the provider shape the store's adapter sends (form POST, JSON
 * `{response_code: 202}`), refusing the first `failFirst` requests with a 500 (and a gateway error code).
 */
export async function startSmsGatewayCapture(options: { failFirst?: number } = {}): Promise<SmsGatewayCapture> {
  let toFail = options.failFirst ?? 0;
  const capture: SmsGatewayCapture = {
    url: '',
    accepted: [],
    refused: 0,
    down: false,
    to: (phone) => capture.accepted.filter((sms) => sms.number === `88${phone}`),
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
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const form = new URLSearchParams(body);
    if (capture.down || toFail > 0) {
      toFail = Math.max(0, toFail - 1);
      capture.refused += 1;
      response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ response_code: 1005, error_message: 'Internal error' }));
      return;
    }
    capture.accepted.push({
      apiKey: form.get('api_key') ?? '',
      senderId: form.get('senderid') ?? '',
      number: form.get('number') ?? '',
      message: form.get('message') ?? '',
      type: form.get('type') ?? '',
    });
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ response_code: 202, success_message: 'SMS Submitted Successfully' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  capture.url = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/smsapi`;
  return capture;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}
