import { Logger } from '@nestjs/common';
import { OutboxFolder, type OutboxFileRetention } from '../../outbox/outbox-files';
import type { OutsideAdapter } from '../../outside/outside-adapter';
import type { OutsideServices } from '../../outside/outside-services';
import type { SmsSize } from '../templates/segments';

/** One SMS to send: the national `01…` number, the text and its size as the network counts it. */
export interface OutgoingSms {
  to: string;
  text: string;
  size: SmsSize;
}

/** The SMS port (ADR 056): `live` through an HTTP gateway, or the demo that writes files. */
export interface SmsGateway extends OutsideAdapter {
  readonly service: 'sms';
  /** `deliveryId` is the same on every attempt of this SMS: the gateway's idempotency key. */
  send(sms: OutgoingSms, deliveryId: string): Promise<void>;
}

export const SMS_GATEWAY = Symbol('SMS_GATEWAY');

/** The number as gateways in Bangladesh take it: `8801…`, thirteen digits, no plus. */
export function internationalNumber(phone: string): string {
  return `88${phone}`;
}

/**
 * The HTTP gateway adapter: the one place that knows a provider's request shape. It speaks the form most
 * Bangladeshi bulk-SMS gateways take:
 *
 *   POST <SMS_URL>   Content-Type: application/x-www-form-urlencoded
 *   api_key=<SMS_API_KEY>&senderid=<SMS_SENDER_ID>&number=8801712345678&message=<text, UTF-8>&type=text|unicode
 *
 * and reads a JSON answer `{ "response_code": 202, ... }` (202: accepted). Any other HTTP status, another
 * `response_code`, a network error or no answer within 10 s is a failure (an OutsideServiceError, or an Error
 * for a refused `response_code`), which the queue retries with backoff.
 * Every request carries `Idempotency-Key: <delivery id>`, the same on every attempt of the SMS: a gateway that
 * honours it answers a repeated request without texting again, so a send retried after its record was lost
 * (ADR 020, ADR 025) reaches the phone once; one that ignores the header is no worse off.
 * A provider with another shape is a change to this file only. The key is sent in the body, never in the URL
 * (URLs end up in proxies' logs).
 */
export class HttpSmsGateway implements SmsGateway {
  readonly service = 'sms';
  readonly provider = 'http-sms';
  readonly mode = 'live';
  readonly label = 'SMS sent through the gateway at SMS_URL';
  private readonly logger = new Logger('Sms');

  constructor(
    private readonly outside: Pick<OutsideServices, 'call'>,
    private readonly options: { url: string; apiKey: string | undefined; senderId: string | undefined; timeoutMs?: number },
  ) {}

  async send(sms: OutgoingSms, deliveryId: string): Promise<void> {
    const { body } = await this.outside.call<{ response_code?: unknown } | undefined>({
      service: this.service,
      provider: this.provider,
      method: 'POST',
      url: this.options.url,
      headers: { 'idempotency-key': deliveryId },
      form: {
        api_key: this.options.apiKey ?? '',
        senderid: this.options.senderId ?? '',
        number: internationalNumber(sms.to),
        message: sms.text,
        type: sms.size.encoding === 'UCS-2' ? 'unicode' : 'text',
      },
      timeoutMs: this.options.timeoutMs ?? 10_000,
      secrets: this.options.apiKey ? [this.options.apiKey] : [],
    });
    const code = body?.response_code;
    if (Number(code) !== 202) {
      // The gateway's own words (no number, no text): they go into the delivery row and the log.
      throw new Error(`SMS gateway answered response_code ${String(code)}`);
    }
    this.logger.log(`SMS for event ${deliveryId} accepted by the gateway (${sms.size.segments} part(s), ${sms.size.encoding})`);
  }
}

/**
 * Without SMS_URL: each SMS becomes `<data>/sms/<time>-<delivery id>.json` (`{to, text, encoding, segments}`),
 * the outbox a developer or a test reads; the folder keeps the newest files (OUTBOX_FILES_KEEP,
 * OUTBOX_FILES_DAYS). The log names the file, never the number or the text.
 */
export class FileSmsGateway implements SmsGateway {
  readonly service = 'sms';
  readonly provider = 'demo';
  readonly mode = 'demo';
  readonly label: string;
  private readonly logger = new Logger('Sms');

  private readonly outbox: OutboxFolder;

  constructor(folder: string, retention: OutboxFileRetention) {
    this.label = `demo SMS gateway: no SMS is sent, each is written as a .json file in ${folder} (set SMS_URL to send)`;
    this.outbox = new OutboxFolder(folder, 'json', retention, (error) => this.logger.warn(`rotating ${folder} failed: ${String(error)}`));
  }

  async send(sms: OutgoingSms, eventId: string): Promise<void> {
    const contents = JSON.stringify({ to: sms.to, text: sms.text, encoding: sms.size.encoding, segments: sms.size.segments }, null, 2);
    const file = await this.outbox.write(eventId, `${contents}\n`);
    this.logger.log(`SMS for event ${eventId} written to ${file}`);
  }
}
