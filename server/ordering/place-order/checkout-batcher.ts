import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { QueryFailedError, type EntityManager } from 'typeorm';
import { isDatabaseUnavailable } from '../../common/errors/database-unavailable';
import { CLOCK, type Clock } from '../../common/clock';
import { eventMetadata, type RequestMetadata } from '../../common/request/request-metadata';
import { CommandPath } from '../../event-store/command-path/command-path';
import type { StreamEvents } from '../../event-store/command-path/decider';
import type { EventMetadata } from '../../event-store/event-store.types';
import { quoteIdentifier } from '../../event-store/projection';
import { checkoutStreams, type PlaceOrder } from '../domain/checkout';
import { decideCheckoutBatch, type CheckoutOutcome } from '../domain/checkout-batch';
import { ADDRESS_HOLD_WINDOW_MS, cartUnits, orderPhones } from '../domain/checkout-limits';
import { couponStatesOf, creditStatesOf, skuStatesOf } from '../domain/loaded-states';
import { newOrderId } from '../domain/order-id';
import { writeOrderTracking } from '../projections/order-tracking.writer';
import { OrderExpiry } from '../expiry/order-expiry';
import { CatalogLookup } from './catalog-lookup';
import { CouponUsePlaces } from './coupon-use-places';
import { CheckoutIdempotency, DuplicateCheckout, IdempotencyKeyReused } from './checkout-idempotency';
import type { CheckoutInput, PlaceOrderResult } from './place-order.command';

/** A checkout waiting for its batch. */
interface Pending {
  checkout: CheckoutInput;
  key: string | null;
  hash: string;
  meta: RequestMetadata;
  /** The client address, outside `checkout`: a retry with the same key from another network is the same checkout. */
  address: string | null;
  requeued: number;
  resolve(result: PlaceOrderResult): void;
  reject(error: unknown): void;
}

const MAX_BATCH = 64;
/** Batches in flight at once. One: a second loop would only split the queue into smaller batches (measured). */
const CONCURRENT_BATCHES = 1;
const MAX_REQUEUES = 3;
/**
 * How long the loop waits for the rest of a wave when fewer than half as many checkouts as last time are
 * waiting. Without it, under load the loop alternates full batches with batches of the one straggler that
 * arrived during the last write, each paying a whole transaction (measured: batches of 63, 1, 63, 1 ...).
 */
const GATHER_MS = 4;

/**
 * Group commit for checkouts (ADR 017). Checkouts queue here; a loop takes every checkout waiting (up to 64)
 * and writes them as one append: one catalog read (with the limits, the phones' open unpaid orders and the
 * addresses' units held), one idempotency read, one state load, one transaction and
 * one fsync for the lot. Alone, a checkout is a batch of one and writes exactly as before. Each checkout is
 * decided on the state the ones before it left, so a hot SKU is sold to exactly as many buyers as it has
 * units, and one refusal never fails the others.
 */
@Injectable()
export class CheckoutBatcher {
  private readonly logger = new Logger('Checkout');
  private readonly queue: Pending[] = [];
  private drains = 0;
  private lastBatchSize = 1;

  constructor(
    private readonly catalog: CatalogLookup,
    private readonly idempotency: CheckoutIdempotency,
    private readonly writer: CommandPath,
    private readonly expiry: OrderExpiry,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly couponPlaces: CouponUsePlaces,
  ) {}

  submit(checkout: CheckoutInput, key: string | null, meta: RequestMetadata, address: string | null = null): Promise<PlaceOrderResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ checkout, key, hash: CheckoutIdempotency.hash(checkout), meta, address, requeued: 0, resolve, reject });
      if (this.drains < CONCURRENT_BATCHES) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.drains++;
    try {
      while (this.queue.length > 0) {
        if (this.queue.length * 2 < this.lastBatchSize) await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
        const batch = this.takeBatch();
        this.lastBatchSize = batch.length;
        try {
          await this.write(batch);
        } catch (error) {
          if (error instanceof DuplicateCheckout) this.requeue(batch, error);
          // PostgreSQL out of reach: every checkout would fail alone too, each after its own wait (503, retried with its key).
          else if (batch.length > 1 && !isDatabaseUnavailable(error)) await this.isolate(batch, error);
          else batch.forEach((pending) => pending.reject(error));
        }
      }
    } finally {
      this.drains--;
    }
  }

  /** The oldest waiting checkouts, at most one per idempotency key (a duplicate waits for the next batch). */
  private takeBatch(): Pending[] {
    const batch: Pending[] = [];
    const keys = new Set<string>();
    for (let index = 0; index < this.queue.length && batch.length < MAX_BATCH; ) {
      const pending = this.queue[index];
      if (pending.key && keys.has(pending.key)) {
        index++;
        continue;
      }
      if (pending.key) keys.add(pending.key);
      batch.push(pending);
      this.queue.splice(index, 1);
    }
    return batch;
  }

  /** Another process recorded one of the keys: the batch rolled back; next round finds that key recorded. */
  private requeue(batch: Pending[], error: unknown): void {
    for (const pending of batch) {
      if (pending.requeued++ < MAX_REQUEUES) this.queue.push(pending);
      else pending.reject(error);
    }
  }

  /**
   * A batch failed for a reason no rule foresaw (a database error, a bug): one shopper's checkout must not
   * fail the others that shared its append, so each is written again on its own and only the bad one fails.
   * Safe when nothing can have been committed: the checkout has an Idempotency-Key (a retry finds its record
   * if the order was made) or a statement before COMMIT failed (its transaction rolled back). A keyless
   * checkout after any other failure (say, the connection lost during COMMIT, which TypeORM also reports as
   * a QueryFailedError) is refused rather than risk placing it twice.
   */
  private async isolate(batch: Pending[], error: unknown): Promise<void> {
    this.logger.warn(`a batch of ${batch.length} checkouts failed (${error instanceof Error ? error.message : String(error)}); writing each alone`);
    const rolledBack = error instanceof QueryFailedError && !/^\s*COMMIT\b/i.test(error.query ?? '');
    for (const pending of batch) {
      if (!pending.key && !rolledBack) {
        pending.reject(error);
        continue;
      }
      try {
        await this.write([pending]);
      } catch (alone) {
        if (alone instanceof DuplicateCheckout) this.requeue([pending], alone);
        else pending.reject(alone);
      }
    }
  }

  private async write(batch: Pending[]): Promise<void> {
    // Independent reads, side by side: which keys already made an order, and the catalog for every cart.
    const [recorded, catalog] = await Promise.all([
      this.idempotency.recorded(batch.flatMap((pending) => (pending.key ? [pending.key] : []))),
      this.catalog.forProducts(
        batch.flatMap((pending) => pending.checkout.cart.map((line) => line.productId)),
        batch.flatMap((pending) => orderPhones(pending.checkout.customer)),
        batch.flatMap((pending) => (pending.address ? [pending.address] : [])),
        new Date(this.clock.now().getTime() - ADDRESS_HOLD_WINDOW_MS),
      ),
    ]);
    const fresh = batch.filter((pending) => {
      const record = pending.key ? recorded.get(pending.key) : undefined;
      if (!record) return true;
      if (record.requestHash === pending.hash) pending.resolve({ orderId: record.orderId, replayed: true });
      else pending.reject(new IdempotencyKeyReused());
      return false;
    });
    if (fresh.length === 0) return;

    const streamIds = [
      ...new Set(
        fresh.flatMap((pending) => {
          const { skus, coupon, credit } = checkoutStreams(pending.checkout);
          return [...skus, ...(coupon ? [coupon] : []), ...(credit ? [credit] : [])];
        }),
      ),
    ];
    const lockKeys = [...streamIds, ...fresh.flatMap((pending) => (pending.key ? [`checkout-key:${pending.key}`] : []))];

    const { commands, outcomes } = await this.writer.write(lockKeys, async (attempt) => {
      const now = this.clock.now();
      const commands: PlaceOrder[] = fresh.map((pending) => ({
        type: 'PlaceOrder',
        data: { ...pending.checkout, orderId: newOrderId(), now, clientAddress: pending.address },
      }));
      const loaded = await attempt.load(streamIds);
      // Older coupon uses get their household's key from their orders' addresses (issue 27).
      const coupons = await this.couponPlaces.complete(couponStatesOf(loaded));
      const { outcomes, merged } = decideCheckoutBatch(commands, { ...catalog, skus: skuStatesOf(loaded), coupons, credits: creditStatesOf(loaded) });
      const accepted = fresh.flatMap((pending, index) => (outcomes[index].accepted ? [{ pending, orderId: commands[index].data.orderId }] : []));
      if (accepted.length > 0) {
        const metadata = accepted.length === 1 ? eventMetadata(accepted[0].pending.meta) : batchMetadata(accepted.length);
        await attempt.append(accepted.length === 1 ? merged : withShopperMetadata(merged, fresh, outcomes), metadata, async (manager, result) => {
          const records = accepted.flatMap(({ pending, orderId }) => (pending.key ? [{ key: pending.key, requestHash: pending.hash, orderId }] : []));
          await this.idempotency.record(manager, records);
          await writeOrderTracking(manager, quoteIdentifier, result.events.filter((event) => event.streamId.startsWith('order-')));
          if (catalog.limits.unitsPerIpHour > 0) {
            await recordHolds(manager, accepted.flatMap(({ pending, orderId }) => (pending.address ? [{ orderId, address: pending.address, units: cartUnits(pending.checkout.cart) }] : [])), now);
          }
        });
      }
      return { commands, outcomes };
    });

    fresh.forEach((pending, index) => {
      const outcome = outcomes[index];
      if (outcome.accepted) pending.resolve({ orderId: commands[index].data.orderId, replayed: false, advancePaisa: advanceOf(outcome.streams) });
      else pending.reject(outcome.error);
    });
    const placed = commands.filter((_, index) => outcomes[index].accepted).map((command) => command.data.orderId);
    if (placed.length > 0) void this.expiry.schedule(placed, commands[0].data.now, catalog.limits.pendingExpiryHours).catch(() => undefined);
    if (fresh.length > 1) this.logger.debug(`batch of ${fresh.length}: ${outcomes.filter((outcome) => outcome.accepted).length} placed`);
  }
}

/**
 * Which address placed which order with how many units (issue 27), in the orders' own transaction, so the next
 * batch's catalog read counts them against the address's budget. Short-lived: CheckoutLimitsService sweeps rows
 * older than the budget's hour.
 */
/** The advance an accepted checkout's order waits for (its OrderPlaced is the order stream's first event). */
function advanceOf(streams: ReadonlyArray<{ streamId: string; events: ReadonlyArray<{ type: string; data: unknown }> }>): number {
  const placed = streams.find((stream) => stream.streamId.startsWith('order-'))?.events.find((event) => event.type === 'OrderPlaced');
  return (placed?.data as { advance?: { paisa: number } } | undefined)?.advance?.paisa ?? 0;
}

async function recordHolds(manager: EntityManager, holds: Array<{ orderId: string; address: string; units: number }>, now: Date): Promise<void> {
  if (holds.length === 0) return;
  await manager.query(
    `INSERT INTO checkout_holds (order_id, address, units, placed_at)
     SELECT order_id, address, units, $4 FROM unnest($1::text[], $2::text[], $3::int[]) AS h(order_id, address, units)`,
    [holds.map((hold) => hold.orderId), holds.map((hold) => hold.address), holds.map((hold) => hold.units), now],
  );
}

/**
 * A batch's events, each with the metadata of the shopper's request it belongs to (who placed the order, from
 * which request and correlation), so a batched order records exactly what it would have recorded alone.
 */
function withShopperMetadata(merged: StreamEvents[], batch: Pending[], outcomes: CheckoutOutcome[]): StreamEvents[] {
  const owner = new Map<object, EventMetadata>();
  outcomes.forEach((outcome, index) => {
    if (!outcome.accepted) return;
    const metadata = eventMetadata(batch[index].meta);
    for (const stream of outcome.streams) for (const event of stream.events) owner.set(event, metadata);
  });
  return merged.map(({ streamId, events }) => ({ streamId, events: events.map((event) => ({ ...event, metadata: owner.get(event) })) }));
}

/** The append's own metadata when it holds several shoppers' orders; every event overrides it with its shopper's. */
function batchMetadata(orders: number): EventMetadata {
  return { correlationId: randomUUID(), causationId: null, actor: { id: 'checkout', role: 'system', name: `checkout batch of ${orders} orders` } };
}
