import type { OutsideService } from './outside-adapter';

/**
 * How an outside call went wrong, in the terms a retry decides on:
 * - `timeout`: no answer in time. The provider may still have acted: look the request up by our id before
 *   asking again (ADR 056).
 * - `unreachable`: the connection failed before a request went out; safe to ask again.
 * - `unavailable`: the provider answered 5xx or 429; ask again later.
 * - `refused`: the provider answered 4xx: the request itself is wrong and asking again changes nothing.
 * - `unreadable`: an answer the adapter cannot read (not JSON where JSON is documented).
 */
export type OutsideFailure = 'timeout' | 'unreachable' | 'unavailable' | 'refused' | 'unreadable';

export class OutsideServiceError extends Error {
  constructor(
    readonly service: OutsideService,
    readonly provider: string,
    readonly failure: OutsideFailure,
    /** The provider's words, cut short and with the request's secrets taken out: safe for logs and rows. */
    readonly detail: string,
    readonly status?: number,
  ) {
    super(`${provider} (${service}) ${describe(failure, status)}${detail ? `: ${detail}` : ''}`);
    this.name = 'OutsideServiceError';
  }

  /** Whether asking again later can succeed (after a lookup by our id, for a timeout). */
  get retryable(): boolean {
    return this.failure !== 'refused';
  }
}

export interface OutsideRequest {
  service: OutsideService;
  provider: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** A JSON body (sent as application/json) or form fields (sent as application/x-www-form-urlencoded). */
  json?: unknown;
  form?: Record<string, string>;
  /** Milliseconds to wait for the whole answer; 10 s unless the provider documents otherwise. */
  timeoutMs?: number;
  /** Values that must never appear in an error or a log line (keys, tokens, passwords). */
  secrets?: string[];
}

export interface OutsideAnswer<T> {
  status: number;
  body: T;
}

/** Called once per request with its outcome, for metrics: `ok` or the failure. */
export type OutsideObserver = (request: { service: OutsideService; provider: string }, outcome: 'ok' | OutsideFailure, seconds: number) => void;

const DETAIL_LIMIT = 200;

/**
 * One request to a provider's HTTP API, answered as parsed JSON or thrown as an OutsideServiceError. Every
 * adapter calls through here, so timeouts, the reading of failures and the keeping of secrets out of errors are
 * the same for every provider. The caller decides what a failure means for its work (the outbox retries an SMS,
 * a booking looks the parcel up by our invoice before asking again).
 */
export async function callOutside<T = unknown>(request: OutsideRequest, observe?: OutsideObserver): Promise<OutsideAnswer<T>> {
  const started = process.hrtime.bigint();
  const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
  try {
    const answer = await send<T>(request);
    observe?.(request, 'ok', seconds());
    return answer;
  } catch (error) {
    if (error instanceof OutsideServiceError) observe?.(request, error.failure, seconds());
    throw error;
  }
}

async function send<T>(request: OutsideRequest): Promise<OutsideAnswer<T>> {
  const { service, provider } = request;
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  }
  const clean = (text: string) => redact(text, request.secrets ?? []).slice(0, DETAIL_LIMIT);

  let response: Response;
  let text: string;
  try {
    response = await fetch(request.url, { method: request.method, headers, body, signal: AbortSignal.timeout(request.timeoutMs ?? 10_000) });
    text = await response.text();
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new OutsideServiceError(service, provider, 'timeout', '');
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new OutsideServiceError(service, provider, 'unreachable', clean(cause?.code ?? cause?.message ?? String(error)));
  }

  if (response.status === 429 || response.status >= 500) throw new OutsideServiceError(service, provider, 'unavailable', clean(text), response.status);
  if (response.status >= 400) throw new OutsideServiceError(service, provider, 'refused', clean(text), response.status);
  if (text.trim() === '') return { status: response.status, body: undefined as T };
  try {
    return { status: response.status, body: JSON.parse(text) as T };
  } catch {
    throw new OutsideServiceError(service, provider, 'unreadable', clean(text), response.status);
  }
}

function redact(text: string, secrets: string[]): string {
  return secrets.filter((secret) => secret.length >= 4).reduce((result, secret) => result.split(secret).join('[redacted]'), text);
}

function describe(failure: OutsideFailure, status: number | undefined): string {
  switch (failure) {
    case 'timeout':
      return 'did not answer in time';
    case 'unreachable':
      return 'could not be reached';
    case 'unavailable':
      return `is unavailable (HTTP ${status})`;
    case 'refused':
      return `refused the request (HTTP ${status})`;
    case 'unreadable':
      return `answered something unreadable (HTTP ${status})`;
  }
}
