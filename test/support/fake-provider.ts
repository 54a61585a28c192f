import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** One request a fake provider received. */
export interface FakeRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  /** The `:name` segments of the route that answered (`GET /status_by_cid/:id` → `{id}`), decoded. */
  params: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The `Idempotency-Key` header, when the request carried one: a retry of the same work carries the same. */
  idempotencyKey?: string;
  /** The body as text; `json` or `form` when it parses as such. */
  text: string;
  json?: unknown;
  form?: URLSearchParams;
}

/** What a route answers: a status and a JSON body (or text), sent after `delayMs`. */
export interface FakeAnswer {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

export type FakeRoute = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

/** A failure the fake answers instead of its route, for the next `times` requests (or every one while `times` is Infinity). */
export type FakeFault =
  | { kind: 'status'; status: number; json?: unknown; text?: string }
  | { kind: 'hang'; ms: number }
  | { kind: 'garbage' };

export interface FakeProvider {
  /** http://127.0.0.1:<port>: the base URL to configure the adapter with. */
  readonly url: string;
  readonly requests: FakeRequest[];
  /** Requests to `path` (and `method`, when given). */
  requestsTo(path: string, method?: string): FakeRequest[];
  /** The next `times` requests get `fault` instead of their route's answer. */
  fail(fault: FakeFault, times?: number): void;
  /** Resolves when `count` requests match `predicate` (polling, bounded by `timeoutMs`). */
  waitForRequests(predicate: (request: FakeRequest) => boolean, count?: number, timeoutMs?: number): Promise<FakeRequest[]>;
  /** Requests (to `path`, when given) per Idempotency-Key: a key counted twice is work the provider was asked to do twice. */
  countByIdempotencyKey(path?: string): Map<string, number>;
  /**
   * From now on every request is recorded (and its route run) as it arrives, but its answer waits until the
   * function returned is called: a provider that did the work and whose answer is still on its way.
   */
  holdAnswers(): () => void;
  stop(): Promise<void>;
}

/**
 * A local stand-in for an outside provider's HTTP API (ADR 056), on 127.0.0.1: routes keyed `"POST /path"`
 * answer as the provider's documentation says, every request is recorded, and faults (an error status, a hang
 * past the adapter's timeout, an unreadable answer) can be scripted. Adapters are tested against one of these;
 * no test reaches a real provider.
 */
/**
 * Holds a fake's answers while a test needs them held (the gateway accepted, its answer not yet back): `hold()`
 * holds every answer from now and returns the release; `passed()` resolves when answers may go.
 */
export function answerGate(): { hold(): () => void; passed(): Promise<void> } {
  let held: Promise<void> | undefined;
  return {
    hold() {
      let release!: () => void;
      const hold = new Promise<void>((resolve) => (release = resolve));
      held = hold;
      return () => {
        if (held === hold) held = undefined;
        release();
      };
    },
    passed: () => held ?? Promise.resolve(),
  };
}

export async function startFakeProvider(routes: Record<string, FakeRoute>): Promise<FakeProvider> {
  const requests: FakeRequest[] = [];
  const faults: FakeFault[] = [];
  const gate = answerGate();

  const server: Server = createServer(async (incoming, response) => {
    const request = await readRequest(incoming);
    requests.push(request);
    const fault = faults.shift();
    if (fault) return answerFault(fault, response);
    const route = routes[`${request.method} ${request.path}`] ?? patternRoute(routes, request);
    if (!route) return send(response, { status: 404, json: { message: `the fake has no route ${request.method} ${request.path}` } });
    const answer = await route(request);
    await gate.passed();
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    send(response, answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  return {
    url,
    requests,
    requestsTo: (path, method) => requests.filter((request) => request.path === path && (!method || request.method === method)),
    fail: (fault, times = 1) => {
      for (let i = 0; i < times; i++) faults.push(fault);
    },
    waitForRequests: async (predicate, count = 1, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = requests.filter(predicate);
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`the fake provider got ${found.length} of ${count} expected requests within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    countByIdempotencyKey: (path) => {
      const counts = new Map<string, number>();
      for (const request of requests) {
        if (request.idempotencyKey === undefined || (path && request.path !== path)) continue;
        counts.set(request.idempotencyKey, (counts.get(request.idempotencyKey) ?? 0) + 1);
      }
      return counts;
    },
    holdAnswers: () => gate.hold(),
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A route keyed with `:name` segments (`"GET /parcel/info/:id"`) that matches the request; fills its params. */
function patternRoute(routes: Record<string, FakeRoute>, request: FakeRequest): FakeRoute | undefined {
  const segments = request.path.split('/');
  for (const [key, route] of Object.entries(routes)) {
    const [method, pattern] = key.split(' ');
    if (method !== request.method || !pattern.includes(':')) continue;
    const wanted = pattern.split('/');
    if (wanted.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = wanted.every((part, i) => {
      if (!part.startsWith(':')) return part === segments[i];
      params[part.slice(1)] = decodeURIComponent(segments[i]);
      return segments[i] !== '';
    });
    if (matches) {
      request.params = params;
      return route;
    }
  }
  return undefined;
}

async function answerFault(fault: FakeFault, response: ServerResponse): Promise<void> {
  if (fault.kind === 'status') return send(response, { status: fault.status, json: fault.json, text: fault.text });
  if (fault.kind === 'garbage') return send(response, { status: 200, text: '<html>502 Bad Gateway</html>', headers: { 'content-type': 'text/html' } });
  // A hang: the answer comes after the client has given up (or never, if the fake stops first).
  await new Promise((resolve) => setTimeout(resolve, fault.ms).unref());
  if (!response.destroyed) send(response, { status: 200, json: {} });
}

function send(response: ServerResponse, answer: FakeAnswer): void {
  if (response.destroyed) return;
  const body = answer.text ?? (answer.json === undefined ? '' : JSON.stringify(answer.json));
  const type = answer.text !== undefined ? 'text/plain' : 'application/json';
  response.writeHead(answer.status ?? 200, { 'content-type': type, ...answer.headers }).end(body);
}

function readRequest(incoming: IncomingMessage): Promise<FakeRequest> {
  return new Promise((resolve, reject) => {
    let text = '';
    incoming.setEncoding('utf8');
    incoming.on('data', (chunk: string) => (text += chunk));
    incoming.on('error', reject);
    incoming.on('end', () => {
      const parsed = new URL(incoming.url ?? '/', 'http://fake');
      const type = String(incoming.headers['content-type'] ?? '');
      let json: unknown;
      if (type.includes('json') && text) {
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
      }
      resolve({
        method: incoming.method ?? 'GET',
        url: incoming.url ?? '/',
        path: parsed.pathname,
        query: parsed.searchParams,
        params: {},
        headers: incoming.headers,
        idempotencyKey: typeof incoming.headers['idempotency-key'] === 'string' ? incoming.headers['idempotency-key'] : undefined,
        text,
        json,
        form: type.includes('x-www-form-urlencoded') ? new URLSearchParams(text) : undefined,
      });
    });
  });
}
