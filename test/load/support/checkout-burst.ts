import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FixtureProduct } from '../../support/store-fixture';
import { englishMessage } from '../../../contracts/error-messages';
import { COUPON_REFUSAL_CODES } from '../../../server/promotions/domain/coupon.errors';
import { seededRandom as random } from '../../support/seeded-random';

/**
 * Many shoppers checking out at once, as the storefront does it: each client owns a phone and places its
 * checkouts one after another, each with its own Idempotency-Key; carts of one to three lines drawn from a
 * small set of SKUs with tight stock; some with one of a few limited coupons. Deterministic (seeded), so a
 * failure can be replayed.
 */
export interface Sku {
  product: FixtureProduct;
  size: string;
}

export interface LimitedCoupon {
  code: string;
  percent: number;
  totalLimit: number;
  perPhoneLimit: number;
}

export interface PlannedCheckout {
  index: number;
  client: number;
  key: string;
  phone: string;
  /** Lines as sent (a SKU may appear once per cart). */
  cart: Array<{ sku: Sku; qty: number }>;
  coupon: LimitedCoupon | null;
  body: string;
}

export interface BurstPlanOptions {
  run: string;
  checkouts: number;
  clients: number;
  skus: Sku[];
  coupons: LimitedCoupon[];
  deliveryTaka: number;
  /** Share of checkouts that use a coupon. */
  couponShare?: number;
  seed?: number;
}


export function clientPhone(client: number): string {
  return `018${String(client).padStart(8, '0')}`;
}

export function planCheckouts(options: BurstPlanOptions): PlannedCheckout[] {
  const next = random(options.seed ?? 2026);
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
  return Array.from({ length: options.checkouts }, (_, index) => {
    const client = index % options.clients;
    const phone = clientPhone(client);
    const lineCount = 1 + Math.floor(next() * 3);
    const chosen = new Map<string, { sku: Sku; qty: number }>();
    while (chosen.size < lineCount) {
      const sku = pick(options.skus);
      chosen.set(`${sku.product.id}/${sku.size}`, { sku, qty: 1 + Math.floor(next() * 2) });
    }
    const cart = [...chosen.values()];
    const coupon = next() < (options.couponShare ?? 0.45) ? pick(options.coupons) : null;
    const body = JSON.stringify({
      cart: cart.map(({ sku, qty }) => ({ id: sku.product.id, size: sku.size, qty, price: 1 })), // the price is the browser's lie: never read
      coupon: coupon ? { couponCode: coupon.code } : null,
      couponoffer: null,
      data: {
        name: `Shopper ${client}`,
        phone,
        address: `House ${client}, Road ${index % 27}, Mirpur, Dhaka`,
        shipping_phone: phone,
        devliery_charge: options.deliveryTaka,
        paymentMethod: 'cash',
      },
    });
    return { index, client, key: `${options.run}-${index}`, phone, cart, coupon, body };
  });
}

export interface CheckoutAnswer {
  checkout: PlannedCheckout;
  /** Final HTTP status; null when no answer ever came. */
  status: number | null;
  body: { success?: boolean; order_id?: string; message?: string; errors?: Record<string, string[]> } | null;
  /** Every status seen, retries included (network failures as 0). */
  statuses: number[];
  /** order_id of every answer that carried one (a retry must repeat the first). */
  orderIdsSeen: string[];
  latencyMs: number;
}

export interface RunBurstOptions {
  checkouts: PlannedCheckout[];
  clients: number;
  /** Where client `client` sends its `attempt`-th try. */
  baseUrl: (client: number, attempt: number) => string;
  /** Retry network failures and 502/503 with the same key and body until this many ms have passed; 0 = never. */
  retryForMs?: number;
  /** Called after each final answer (the crash test kills the server from here). */
  onAnswer?: (answered: number) => void;
  /** Counts of requests sent and answered so far (any status, network failures included), updated live. */
  progress?: { sent: number; finished: number };
}

/** Runs every client at once, each sending its own checkouts in order; resolves with one answer per checkout. */
export async function runBurst(options: RunBurstOptions): Promise<CheckoutAnswer[]> {
  const answers: CheckoutAnswer[] = new Array(options.checkouts.length);
  const position = new Map(options.checkouts.map((checkout, at) => [checkout.index, at]));
  let answered = 0;
  const clientLoop = async (client: number) => {
    for (const checkout of options.checkouts.filter((planned) => planned.client === client)) {
      const started = performance.now();
      const statuses: number[] = [];
      const orderIdsSeen: string[] = [];
      let status: number | null = null;
      let body: CheckoutAnswer['body'] = null;
      for (let attempt = 0; ; attempt += 1) {
        if (options.progress) options.progress.sent += 1;
        try {
          const response = await fetch(`${options.baseUrl(client, attempt)}/api/public/confirm-order`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': checkout.key },
            body: checkout.body,
            signal: AbortSignal.timeout(30_000),
          });
          status = response.status;
          body = (await response.json().catch(() => null)) as CheckoutAnswer['body'];
          if (body?.order_id) orderIdsSeen.push(body.order_id);
        } catch {
          status = null;
          body = null;
        }
        if (options.progress) options.progress.finished += 1;
        statuses.push(status ?? 0);
        const retryable = status === null || status === 502 || status === 503;
        if (!retryable || !options.retryForMs || performance.now() - started > options.retryForMs) break;
        await new Promise((resolveWait) => setTimeout(resolveWait, 100 + Math.random() * 200));
      }
      answers[position.get(checkout.index)!] = { checkout, status, body, statuses, orderIdsSeen, latencyMs: performance.now() - started };
      options.onAnswer?.(++answered);
    }
  };
  await Promise.all(Array.from({ length: options.clients }, (_, client) => clientLoop(client)));
  return answers;
}

/** An order accepted now (201) or earlier for the same key (200, replayed). */
export function isAccepted(answer: CheckoutAnswer): boolean {
  return (answer.status === 201 || answer.status === 200) && typeof answer.body?.order_id === 'string';
}

/** The refusals a shopper may rightly get in a stampede: out of stock (409), coupon used up or used by this phone (422). */
export function isExpectedRefusal(answer: CheckoutAnswer): boolean {
  const message = answer.body?.message ?? '';
  if (answer.status === 409) return /^Out of Stock: .+ \(Size: .+\) (has only \d+ left|is not available)\.$/.test(message);
  if (answer.status === 422) {
    const couponMessages = Object.values(answer.body?.errors ?? {}).flat();
    return couponMessages.length > 0 && couponMessages.every((text) => text === englishMessage(COUPON_REFUSAL_CODES['used-up']) || text === englishMessage(COUPON_REFUSAL_CODES['used-by-phone']));
  }
  return false;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
}

/** What the order must cost, from the catalog prices (never the browser's). */
export function expectedTotals(checkout: PlannedCheckout, deliveryPaisa: number) {
  const subtotalPaisa = checkout.cart.reduce((sum, line) => sum + line.sku.product.pricePaisa * line.qty, 0);
  const discountPaisa = checkout.coupon ? Math.round((subtotalPaisa * checkout.coupon.percent) / 100) : 0;
  return { subtotalPaisa, discountPaisa, grandTotalPaisa: subtotalPaisa - discountPaisa + deliveryPaisa };
}

export function runId(label: string): string {
  return `${label}-${createHash('sha1').update(`${process.pid}-${Date.now()}-${Math.random()}`).digest('hex').slice(0, 10)}`;
}
