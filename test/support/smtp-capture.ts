import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { answerGate } from './fake-provider';

/** A mail as the test's SMTP server received it, with the bodies decoded. */
export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  /** The message as it crossed the wire. */
  raw: string;
  text: string;
  html: string;
}

export interface SmtpCapture {
  url: string;
  port: number;
  mails: CapturedMail[];
  /** Attempts refused so far (see `failFirst`). */
  refused: number;
  /** Resolves with the first mail (already received or still to come) that matches, or rejects after `timeoutMs`. */
  waitFor(match: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  mailsTo(address: string): CapturedMail[];
  /** Mails per Message-ID (the store derives it from the delivery id): an id with two is one message sent twice. */
  byMessageId(): Map<string, CapturedMail[]>;
  /**
   * Messages are received (and counted) as their data ends, but the server's "250 accepted" waits until the
   * function returned is called: a provider that has the mail and whose answer is still on its way.
   */
  holdAnswers(): () => void;
  stop(): Promise<void>;
}

export interface SmtpCaptureOptions {
  /** Refuse this many messages with a temporary failure (451) before accepting any. */
  failFirst?: number;
}

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1 and a free port, keeping every accepted
 * message in memory. No TLS and no authentication, as a local mail catcher.
 */
export async function startSmtpCapture(options: SmtpCaptureOptions = {}): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  let failuresLeft = options.failFirst ?? 0;
  const capture = { refused: 0 } as { refused: number };
  const gate = answerGate();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          capture.refused += 1;
          const error = Object.assign(new Error('Try again later (test failure)'), { responseCode: 451 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push(parseMail(raw, session.envelope.rcptTo.map((rcpt) => rcpt.address)));
        for (const wake of waiters) wake();
        void gate.passed().then(() => callback());
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port));
  });
  server.on('error', () => undefined);

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    get refused() {
      return capture.refused;
    },
    waitFor(match, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = mails.find(match);
          if (found) {
            clearTimeout(timer);
            waiters.delete(wake);
            resolve(found);
          }
          return Boolean(found);
        };
        const wake = (): void => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no matching mail within ${timeoutMs} ms; received: ${mails.map((m) => `${m.to.join(',')} "${m.subject}"`).join('; ') || 'none'}`));
        }, timeoutMs);
        waiters.add(wake);
        check();
      });
    },
    mailsTo(address) {
      return mails.filter((mail) => mail.to.includes(address.toLowerCase()));
    },
    byMessageId() {
      const byId = new Map<string, CapturedMail[]>();
      for (const mail of mails) byId.set(mail.messageId, [...(byId.get(mail.messageId) ?? []), mail]);
      return byId;
    },
    holdAnswers() {
      return gate.hold();
    },
    stop() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  } satisfies SmtpCapture as SmtpCapture;
}

/** Just enough MIME for nodemailer's output: headers, multipart/alternative, quoted-printable and base64. */
function parseMail(raw: string, to: string[]): CapturedMail {
  const { headers, body } = splitHeaders(raw);
  const parts = collectParts(headers, body);
  return {
    from: decodeWords(headers['from'] ?? ''),
    to: to.map((address) => address.toLowerCase()),
    subject: decodeWords(headers['subject'] ?? ''),
    messageId: headers['message-id'] ?? '',
    raw,
    text: parts.find((part) => part.type === 'text/plain')?.content ?? '',
    html: parts.find((part) => part.type === 'text/html')?.content ?? '',
  };
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function collectParts(headers: Record<string, string>, body: string): Array<{ type: string; content: string }> {
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => {
        const inner = splitHeaders(part.replace(/^\n/, ''));
        return collectParts(inner.headers, inner.body);
      });
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  return [{ type: contentType.split(';')[0].trim().toLowerCase(), content: decodeBody(body, encoding) }];
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const text = body.replace(/=\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < text.length; i += 1) {
      const hex = text.slice(i + 1, i + 3);
      if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(text[i], 'utf8'));
      }
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in headers. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
    );
}
