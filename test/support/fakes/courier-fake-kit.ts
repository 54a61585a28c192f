import type { FakeAnswer, FakeRoute } from '../fake-provider';
import type { PathaoFake } from './pathao-fake';
import type { RedxFake } from './redx-fake';
import type { SteadfastFake } from './steadfast-fake';

/**
 * What the three courier fakes share: a webhook as the courier would send it (to hand to an adapter's
 * `readWebhook`, or to POST to a running store), and the latency every answer waits.
 */

/** A webhook the fake built: the headers, query and JSON body the courier would send. */
export interface FakeWebhook {
  headers: Record<string, string>;
  query: Record<string, string>;
  body: Record<string, unknown>;
}

/** Sends a fake's webhook to a store (`http://127.0.0.1:<port>/api/webhooks/couriers/<courier>`), as the courier would. */
export async function postWebhook(url: string, webhook: FakeWebhook): Promise<{ status: number; headers: Headers; body: unknown }> {
  const target = new URL(url);
  for (const [name, value] of Object.entries(webhook.query)) target.searchParams.set(name, value);
  const response = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json', ...webhook.headers }, body: JSON.stringify(webhook.body) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: the text as it came
  }
  return { status: response.status, headers: response.headers, body };
}

/** Every route's answer delayed by `latencyMs` (a courier's API is not on localhost). */
export function withLatency(routes: Record<string, FakeRoute>, latencyMs: number | undefined): Record<string, FakeRoute> {
  if (!latencyMs) return routes;
  const delayed: Record<string, FakeRoute> = {};
  for (const [key, route] of Object.entries(routes)) {
    delayed[key] = async (request): Promise<FakeAnswer> => {
      const answer = await route(request);
      return { ...answer, delayMs: (answer.delayMs ?? 0) + latencyMs };
    };
  }
  return delayed;
}

/** Local time in Dhaka as the couriers write it: "2025-03-02 12:45:30". */
export function dhakaTime(at: Date = new Date()): string {
  return new Date(at.getTime() + 6 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** A field of a JSON body, or undefined when the body is not an object. */
export function fieldsOf(json: unknown): Record<string, unknown> {
  return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
}

export const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The settings a shop gives the store for each courier (STEADFAST_BASE_URL and the rest), pointed at its local fake. */
export function courierSettings(fakes: { steadfast?: SteadfastFake; pathao?: PathaoFake; redx?: RedxFake }): Record<string, string> {
  const { steadfast, pathao, redx } = fakes;
  return {
    ...(steadfast && {
      STEADFAST_BASE_URL: steadfast.url,
      STEADFAST_API_KEY: steadfast.apiKey,
      STEADFAST_SECRET_KEY: steadfast.secretKey,
      STEADFAST_WEBHOOK_TOKEN: steadfast.webhookToken,
    }),
    ...(pathao && {
      PATHAO_BASE_URL: pathao.url,
      PATHAO_CLIENT_ID: pathao.clientId,
      PATHAO_CLIENT_SECRET: pathao.clientSecret,
      PATHAO_USERNAME: pathao.username,
      PATHAO_PASSWORD: pathao.password,
      PATHAO_STORE_ID: String(pathao.storeId),
      PATHAO_WEBHOOK_SECRET: pathao.webhookSecret,
    }),
    ...(redx && { REDX_BASE_URL: redx.url, REDX_TOKEN: redx.token, REDX_WEBHOOK_TOKEN: redx.webhookToken }),
  };
}
