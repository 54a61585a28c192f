import { errorText, loadErrorTexts } from './i18n/locale';
import { getSessionToken } from './session';

export const API_BASE = '/api';

/** Validation errors as the server sends them in a 422 body: field name to messages. */
export type FieldErrors = Record<string, string[]>;

/**
 * A request that did not succeed. `status` is the HTTP status, or 0 when no response arrived (network
 * failure); `body` is the parsed server answer (JSON when the server sent JSON, else text).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }

  /** The answer's stable code (contracts/errors.ts), when the server sent one. */
  get code(): string | undefined {
    const code = isRecord(this.body) ? this.body.code : undefined;
    return typeof code === 'string' && code ? code : undefined;
  }

  /**
   * The server's `message`, when it sent one, for showing: in Bengali mode its code's wording (issue 18).
   * Code that decides what to do reads `code` and `params`, never this text.
   */
  get serverMessage(): string | undefined {
    const message = isRecord(this.body) ? this.body.message : undefined;
    if (typeof message !== 'string' || !message) return undefined;
    return errorText(message, this.code, this.params);
  }

  /** The values the answer's message names (a product, a size, what is left), as the server sent them. */
  get params(): Record<string, string | number> | undefined {
    const params = isRecord(this.body) ? this.body.params : undefined;
    return isRecord(params) ? (params as Record<string, string | number>) : undefined;
  }

  /**
   * All field errors of a 422 body (`{ message, errors: { field: [messages] }, fields: { field: [codes] } }`);
   * empty otherwise. In Bengali mode each message is its code's wording.
   */
  get fieldErrors(): FieldErrors {
    const errors = isRecord(this.body) ? this.body.errors : undefined;
    if (!isRecord(errors)) return {};
    const fields = isRecord(this.body) && isRecord(this.body.fields) ? this.body.fields : {};
    const result: FieldErrors = {};
    let heading = true;
    for (const [field, messages] of Object.entries(errors)) {
      const list = (Array.isArray(messages) ? messages : [messages]).filter(
        (m): m is string => typeof m === 'string',
      );
      const codes = Array.isArray(fields[field]) ? (fields[field] as unknown[]) : [];
      if (list.length) {
        result[field] = list.map((message, i) => {
          const code = typeof codes[i] === 'string' ? (codes[i] as string) : undefined;
          // The answer's params are its own message's, and that message is the first field message.
          const params = heading && code !== undefined && code === this.code ? this.params : undefined;
          heading = false;
          return errorText(message, code, params);
        });
      }
    }
    return result;
  }

  /** The first message per field, which is what the screens show (spec §5). */
  get firstFieldErrors(): Record<string, string> {
    const result: Record<string, string> = {};
    for (const [field, messages] of Object.entries(this.fieldErrors)) {
      if (messages[0]) result[field] = messages[0];
    }
    return result;
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  signal?: AbortSignal;
  params?: QueryParams;
  headers?: Record<string, string>;
}

/**
 * The server's renderer answers the storefront's GETs itself, from the answers the API serves (no HTTP call
 * to itself); it throws an ApiError as `request` would. Never set in a browser.
 */
type InProcessGet = (url: string) => Promise<unknown>;
let inProcessGet: InProcessGet | null = null;
export function answerGetsInProcess(get: InProcessGet | null): void {
  inProcessGet = get;
}

export function apiGet<T>(path: string, options: RequestOptions = {}): Promise<T> {
  if (inProcessGet) return inProcessGet(buildApiUrl(path, options.params)) as Promise<T>;
  return request<T>('GET', path, undefined, options);
}

/** Sends `body` as JSON, or as multipart when it is a FormData (some account calls are multipart). */
export function apiPost<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  return request<T>('POST', path, body, options);
}

/** PUT or PATCH with a JSON body (the console's edits). */
export function apiSend<T>(method: 'PUT' | 'PATCH', path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  return request<T>(method, path, body, options);
}

export function buildApiUrl(path: string, params?: QueryParams): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}

async function request<T>(method: string, path: string, body: unknown, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getSessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildApiUrl(path, options.params), {
      method,
      headers,
      body: payload,
      signal: options.signal,
    });
  } catch (error) {
    // An abort is not a failure of the request: let react-query (or the caller) see it as is.
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, undefined, 'Network error: the server could not be reached.');
  }

  const parsed = await readBody(response);
  if (!response.ok) {
    const message =
      isRecord(parsed) && typeof parsed.message === 'string' && parsed.message
        ? parsed.message
        : `Request failed with status ${response.status}`;
    // In Bengali the error's code is shown in Bengali: its wording loads with the first failed answer.
    await loadErrorTexts();
    throw new ApiError(response.status, parsed, message);
  }
  return parsed as T;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
