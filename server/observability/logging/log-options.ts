import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type Logger, type LoggerOptions } from 'pino';
import { pinoHttp, type Options as PinoHttpOptions } from 'pino-http';
import type { Request } from 'express';
import { requestIdsOf } from '../../common/request/request-metadata';
import type { Env } from '../../config/env';
import { maskPhoneNumbers } from './phone-mask';

/** Nest's level names (LOG_LEVEL keeps them) and pino's. */
const PINO_LEVELS: Record<Env['LOG_LEVEL'], pino.Level> = { error: 'error', warn: 'warn', log: 'info', debug: 'debug', verbose: 'trace' };

/**
 * Keys whose values never reach a log line, wherever they sit in a logged object (one or two levels deep,
 * and under req/res): credentials, tokens, and the shopper's personal data.
 */
const SECRET_KEYS = [
  'authorization', 'cookie', 'set-cookie', 'x-api-key', 'password', 'password_confirmation', 'currentPassword', 'newPassword',
  'token', 'access_token', 'refresh_token', 'otp', 'code_verifier', 'secret', 'jwtSecret', 'phone', 'phone_number',
  'shipping_phone', 'bkash_number', 'email', 'address', 'transaction_id',
  // A checkout's phone proof and an SMS gateway's key (issue 17): never in a log line, whatever logs a body.
  'phone_proof', 'api_key',
];
const REDACT_PATHS = [
  'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]', 'req.headers["x-metrics-token"]', 'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [`${quote(key)}`, `*.${quote(key)}`, `*.*.${quote(key)}`]),
];

function quote(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
}

/**
 * The request being handled, for every line written while it is (see `requestLogging`). The request itself,
 * not its ids: they are made (a UUID when the client sent none) only when a line or an event asks for them,
 * and most requests write neither.
 */
const requestContext = new AsyncLocalStorage<Request>();

/**
 * pino's mixin: a line written while a request is handled gets the request's ids. Not the request's own line
 * (pino-http's, the one with `res`): its child logger carries them already. A new object each time: pino
 * merges the line's fields into what the mixin returns.
 */
export function requestIdsMixin(line: object): object {
  const request = requestContext.getStore();
  if (!request || 'res' in line) return {};
  const { requestId, correlationId } = requestIdsOf(request);
  return { reqId: requestId, correlationId };
}

/**
 * The base logger of a process: JSON lines on stdout (LOG_FORMAT=pretty: coloured text for a developer), or on
 * `destination` (a test's capture). Every line, whatever wrote it (a request line, a message, a logged object
 * or error), has its phone numbers masked as it is written: redaction by key cannot see a number in a URL, a
 * message or a field with another name.
 */
export function createRootLogger(
  options: { level: Env['LOG_LEVEL']; format: Env['LOG_FORMAT']; name: string },
  destination?: pino.DestinationStream,
): Logger {
  const settings: LoggerOptions = {
    name: options.name,
    level: PINO_LEVELS[options.level],
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    mixin: requestIdsMixin,
    hooks: { streamWrite: maskPhoneNumbers },
  };
  if (options.format === 'pretty') {
    return pino({ ...settings, transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } });
  }
  return destination ? pino(settings, destination) : pino(settings);
}

/** Pages and calls whose last segment is a secret: the links of the reset, verification and staff invitation mails (contracts/client-routes.ts). */
const SECRET_SEGMENT_ROUTES = /^(\/(?:forget-password-recover-email|verify-email|admin\/invitation|api\/public\/staff-invitations)\/)[^/]+/i;

/** A path segment that looks like a random token: 16+ base64url characters mixing at least two of upper, lower and digits. */
function looksLikeToken(segment: string): boolean {
  if (!/^[A-Za-z0-9_-]{16,}$/.test(segment)) return false;
  return [/[A-Z]/, /[a-z]/, /\d/].filter((kind) => kind.test(segment)).length >= 2;
}

/**
 * A URL fit for a log line: the path without the values of its query (a tracking query carries a phone) and
 * with phone numbers in any spelling (`/verify/{orderId}/{phone}`), other long digit runs, e-mail-like segments
 * and secrets masked: the token of a reset or verification link, and any segment that looks like a random token.
 */
export function loggableUrl(url: string): string {
  const [path, query] = url.split('?', 2);
  const safePath = maskPhoneNumbers(
    path
      .replace(SECRET_SEGMENT_ROUTES, '$1[token]')
      .split('/')
      .map((segment) => (looksLikeToken(segment) ? '[token]' : segment))
      .join('/'),
  )
    .replace(/\d{6,}/g, '[digits]')
    .replace(/[^/]*(@|%40)[^/]*/g, '[redacted]');
  if (query === undefined) return safePath;
  const keys = query.split('&').map((pair) => pair.split('=', 1)[0]).filter(Boolean);
  return `${safePath}?${keys.map((key) => `${maskPhoneNumbers(key).replace(/\d{6,}/g, '[digits]')}=…`).join('&')}`;
}

/** The route a request matched, as its template (`/api/public/verify/:orderId/:phone`), when Express found one. */
export function routeTemplateOf(request: IncomingMessage): string | undefined {
  const express = request as Request;
  return express.route?.path !== undefined ? `${express.baseUrl ?? ''}${String(express.route.path)}` : undefined;
}

/** pino-http: one line per request with the ids that also go into the events the request records. */
export function httpLogOptions(logger: Logger): PinoHttpOptions<IncomingMessage, ServerResponse> {
  return {
    logger,
    genReqId: (request) => requestIdsOf(request as Request).requestId,
    customProps: (request) => ({ correlationId: requestIdsOf(request as Request).correlationId }),
    // A 503 is the designed answer while the database is away (the exception filter warns about the outage once
    // in a while); one error line per refused request would bury everything else.
    customLogLevel: (_request, response, error) => ((error || response.statusCode >= 500) && response.statusCode !== 503 ? 'error' : 'info'),
    customSuccessMessage: (request, response, ms) => `${request.method} ${routeTemplateOf(request) ?? loggableUrl(request.url ?? '')} ${response.statusCode} ${Math.round(ms)} ms`,
    customErrorMessage: (request, response) => `${request.method} ${routeTemplateOf(request) ?? loggableUrl(request.url ?? '')} ${response.statusCode}`,
    // Health probes and metric scrapes every few seconds would drown everything else.
    autoLogging: { ignore: (request) => /^\/api\/(health|metrics)(\/|$|\?)/.test(request.url ?? '') },
    serializers: {
      // pino-http hands these pino's standard serialisation; headers, addresses and query values stay out.
      // (The message names the route's template; the URL here has its personal parts masked.)
      req: (request: { id?: unknown; method?: string; url?: string }) => ({
        id: request.id,
        method: request.method,
        url: loggableUrl(request.url ?? ''),
      }),
      res: (response: { statusCode?: number }) => ({ statusCode: response.statusCode }),
    },
  };
}

/**
 * Express middleware: the request's log line (pino-http), and every log line written while the request is
 * handled (a warning from a handler, an error from the exception filter) bound to its request and correlation
 * ids. The ids are kept in an AsyncLocalStorage and added by the root logger's mixin when a line is written,
 * rather than by a child logger made for every request: pino would serialise and redact the child's bindings
 * each time, a cost every request paid though almost none writes a line (ADR 044).
 */
export function requestLogging(root: Logger) {
  // Below `info` no request line would pass the level, yet pino-http's per-request child logger, serializers and
  // message would still cost about a third of a cached catalog answer (bench:shop at LOG_LEVEL=warn: 1.6k
  // against 2.7k answers/s): then only the context binding below remains. Failures are logged by the filter.
  const logRequest = root.isLevelEnabled('info') ? pinoHttp(httpLogOptions(root)) : undefined;
  return (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    logRequest?.(request, response);
    requestContext.run(request as Request, next);
  };
}
