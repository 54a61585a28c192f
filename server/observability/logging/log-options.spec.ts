import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createRootLogger, loggableUrl, requestIdsMixin, requestLogging } from './log-options';

/** A warn-level pino logger with the store's mixin, and the JSON lines it wrote. */
function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: pino({ level: 'warn', mixin: requestIdsMixin }, stream), lines };
}

const fakeRequest = (headers: Record<string, string>) =>
  ({ header: (name: string) => headers[name.toLowerCase()], headers }) as unknown as IncomingMessage;

describe('requestLogging', () => {
  it('binds every line written while a request is handled, after awaits too, to its request and correlation ids; none outside', async () => {
    const { logger, lines } = capturedLogger();
    const middleware = requestLogging(logger);
    let handled!: Promise<void>;
    middleware(fakeRequest({ 'x-request-id': 'req-a', 'x-correlation-id': 'corr-a' }), {} as ServerResponse, () => {
      handled = (async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        logger.warn('inside the handler');
      })();
    });
    middleware(fakeRequest({ 'x-request-id': 'req-b' }), {} as ServerResponse, () => {
      logger.error({ detail: 1 }, 'another request');
      logger.warn('its second line');
    });
    await handled;
    logger.warn('outside any request');
    expect(lines.map(({ msg, reqId, correlationId }) => ({ msg, reqId, correlationId }))).toEqual([
      { msg: 'another request', reqId: 'req-b', correlationId: 'req-b' },
      { msg: 'its second line', reqId: 'req-b', correlationId: 'req-b' },
      { msg: 'inside the handler', reqId: 'req-a', correlationId: 'corr-a' },
      { msg: 'outside any request', reqId: undefined, correlationId: undefined },
    ]);
    expect(lines[0].detail).toBe(1);
    // One line's fields never reach the next.
    expect(lines[1]).not.toHaveProperty('detail');
  });

  it('leaves the request line itself (the one with `res`, whose logger carries the ids) as it is', () => {
    const { logger, lines } = capturedLogger();
    requestLogging(logger)(fakeRequest({ 'x-request-id': 'req-c' }), {} as ServerResponse, () => logger.warn({ res: { statusCode: 500 } }, 'GET /x 500'));
    expect(lines[0]).not.toHaveProperty('reqId');
  });
});

describe('loggableUrl', () => {
  it.each([
    ['/forget-password-recover-email/Qk3vZr8TnW_pLxHyA9mJcE5sD7fGbNuVoKiRtYeXw2c', '/forget-password-recover-email/[token]'],
    ['/verify-email/mZ4q-Lr7XkPw9dTvBn2HcJ8sFy5GaEoUiRtWlQeNbVk', '/verify-email/[token]'],
    ['/Verify-Email/short?utm_source=mail', '/Verify-Email/[token]?utm_source=…'],
    ['/api/public/reset/AbCdEfGhIjKlMnOp1234', '/api/public/reset/[token]'],
    ['/api/public/verify/42/01755512345', '/api/public/verify/42/[phone]'],
    ['/api/public/verify/42/017-5551-2345', '/api/public/verify/42/[phone]'],
    ['/api/admin/phones/0175-555-1234%2Fblock', '/api/admin/phones/[phone]%2Fblock'],
    ['/api/public/verify/42/%E0%A7%A6%E0%A7%A7%E0%A7%AD%E0%A7%AB%E0%A7%AB%E0%A7%AB%E0%A7%A7%E0%A7%A8%E0%A7%A9%E0%A7%AA%E0%A7%AB', '/api/public/verify/42/[phone]'],
    ['/api/public/verify/42/%2B880%201755-512345', '/api/public/verify/42/%2B[phone]'],
    ['/api/public/track?017%205551%202345=1&page=2', '/api/public/track?[phone]=…&page=…'],
    ['/api/public/verify/42/1234567890123', '/api/public/verify/42/[digits]'],
    ['/api/public/shirin%40example.com', '/api/public/[redacted]'],
  ])('masks the secret in %s', (url, expected) => {
    expect(loggableUrl(url)).toBe(expected);
  });

  it('masks every token the store issues (32 random bytes, base64url)', () => {
    for (let i = 0; i < 200; i += 1) {
      const token = randomBytes(32).toString('base64url');
      expect(loggableUrl(`/forget-password-recover-email/${token}`)).not.toContain(token);
      expect(loggableUrl(`/some/page/${token}`)).not.toContain(token);
    }
  });

  it('keeps the words of a route and a product slug', () => {
    expect(loggableUrl('/find-account-using-phone')).toBe('/find-account-using-phone');
    expect(loggableUrl('/api/public/send-verifymail-forgetpassword')).toBe('/api/public/send-verifymail-forgetpassword');
    expect(loggableUrl('/product-details/classic-cotton-crew-neck-tee')).toBe('/product-details/classic-cotton-crew-neck-tee');
  });
});

describe('the root logger', () => {
  it('masks phone numbers in every line it writes, in messages, objects and errors, whatever their spelling', () => {
    const written: string[] = [];
    const logger = createRootLogger({ level: 'log', format: 'json', name: 'test' }, { write: (line: string) => void written.push(line) });
    logger.warn('care called 017-1234-5678 back');
    logger.info({ body: { note: 'his other number is +880 1712-345679', nested: { text: 'or ০১৭১২৩৪৫৬৮০' } } }, 'note added');
    logger.error({ err: new Error('no order for 0171 234 5681') }, 'failed');
    const output = written.join('');
    for (const spelt of ['017-1234-5678', '1712-345679', '০১৭১২৩৪৫৬৮০', '0171 234 5681', '1712345678', '1712345679', '1712345680', '1712345681']) expect(output).not.toContain(spelt);
    expect(written.map((line) => JSON.parse(line).msg)).toEqual(['care called [phone] back', 'note added', 'failed']);
    expect(JSON.parse(written[1]!).body).toEqual({ note: 'his other number is +[phone]', nested: { text: 'or [phone]' } });
  });
});
