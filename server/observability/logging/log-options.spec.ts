import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import { loggableUrl, requestIdsMixin, requestLogging } from './log-options';

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
    ['/api/public/verify/42/01755512345', '/api/public/verify/42/[digits]'],
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
