import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { evolve as evolveSku, type SkuState } from '../../inventory/domain/sku';
import type { SkuEvent } from '../../inventory/domain/sku.events';
import { evolveCoupon, initialCouponState, type CouponState } from '../../promotions/domain/coupon';
import type { CouponEvent } from '../../promotions/domain/coupon.events';
import { evolveOrder, initialOrderState, type OrderState } from '../domain/order';
import type { OrderEvent } from '../domain/order.events';
import { evolvePhone, initialPhoneState, type PhoneState } from '../domain/phone';
import type { PhoneEvent } from '../domain/phone.events';

export interface StreamState<S> {
  version: number;
  state: S;
}

type Fold = { initial: () => unknown; evolve: (state: never, event: never) => unknown };

/**
 * A SKU as the write side keeps it: the counts, and what each order holds in a Map updated in place. The
 * inventory's `evolve` copies every holding on each event, which makes a hot SKU's fold quadratic; its
 * arithmetic is still what moves the counts here. Only committed events ever reach a ledger.
 */
export interface SkuLedger {
  available: number;
  reserved: number;
  holdings: Map<string, number>;
}

function evolveLedger(ledger: SkuLedger, event: SkuEvent): SkuLedger {
  const { available, reserved } = evolveSku({ available: ledger.available, reserved: ledger.reserved, reservations: {} }, event);
  if (event.type === 'StockReserved' || event.type === 'StockReleased') {
    const { orderId, quantity } = event.data;
    const held = (ledger.holdings.get(orderId) ?? 0) + (event.type === 'StockReserved' ? quantity : -quantity);
    if (held > 0) ledger.holdings.set(orderId, held);
    else ledger.holdings.delete(orderId);
  }
  return { available, reserved, holdings: ledger.holdings };
}

/** How each kind of stream the ordering write side decides on is folded, by stream id prefix. */
const FOLDS: Array<[prefix: string, fold: Fold]> = [
  ['sku-', { initial: (): SkuLedger => ({ available: 0, reserved: 0, holdings: new Map() }), evolve: evolveLedger }],
  ['coupon-', { initial: initialCouponState, evolve: evolveCoupon as (state: CouponState, event: CouponEvent) => CouponState }],
  ['order-', { initial: initialOrderState, evolve: evolveOrder as (state: OrderState, event: OrderEvent) => OrderState }],
  ['phone-', { initial: initialPhoneState, evolve: evolvePhone as (state: PhoneState, event: PhoneEvent) => PhoneState }],
];

const MAX_CACHED = 20_000;

/**
 * Current state of the streams a command decides on, folded from the log and cached per process with the
 * stream version it reflects (ADR 012). A load reads only the events after the cached version, for all
 * asked streams in one query, so a hot SKU's long stream is never re-read; the append's expected version
 * still catches anything another process wrote in between.
 */
@Injectable()
export class StreamStates {
  private readonly cache = new Map<string, StreamState<unknown>>();

  constructor(private readonly dataSource: DataSource) {}

  async load(streamIds: readonly string[]): Promise<Map<string, StreamState<unknown>>> {
    const result = new Map<string, StreamState<unknown>>();
    if (streamIds.length === 0) return result;
    const ids = [...new Set(streamIds)];
    for (const id of ids) result.set(id, this.cached(id) ?? { version: 0, state: foldOf(id).initial() });
    const rows: Array<{ stream_id: string; stream_position: number; type: string; data: unknown }> = await this.dataSource.query(
      `SELECT e.stream_id, e.stream_position, e.type, e.data
         FROM unnest($1::text[], $2::int[]) AS s(id, version)
         JOIN events e ON e.stream_id = s.id AND e.stream_position > s.version
        ORDER BY e.stream_id, e.stream_position`,
      [ids, ids.map((id) => result.get(id)!.version)],
    );
    for (const row of rows) {
      const current = result.get(row.stream_id)!;
      const evolve = foldOf(row.stream_id).evolve as (state: unknown, event: unknown) => unknown;
      result.set(row.stream_id, { version: row.stream_position, state: evolve(current.state, { type: row.type, data: row.data }) });
    }
    for (const [id, loaded] of result) this.remember(id, loaded);
    return result;
  }

  /** After a successful append at `expectedVersion`: the new state is the old one plus what was written. */
  advance(streamId: string, expectedVersion: number, events: ReadonlyArray<{ type: string; data: unknown }>): void {
    const cached = this.cache.get(streamId);
    const base = cached ?? (expectedVersion === 0 ? { version: 0, state: foldOf(streamId).initial() } : undefined);
    if (!base || base.version !== expectedVersion) {
      this.cache.delete(streamId);
      return;
    }
    const evolve = foldOf(streamId).evolve as (state: unknown, event: unknown) => unknown;
    let state = base.state;
    for (const event of events) state = evolve(state, event);
    this.remember(streamId, { version: expectedVersion + events.length, state });
  }

  forget(streamId: string): void {
    this.cache.delete(streamId);
  }

  private cached(id: string): StreamState<unknown> | undefined {
    return this.cache.get(id);
  }

  private remember(id: string, loaded: StreamState<unknown>): void {
    // Map keeps insertion order: re-inserting marks the entry recent, the first key is the least recent.
    this.cache.delete(id);
    this.cache.set(id, loaded);
    if (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
  }
}

function foldOf(streamId: string): Fold {
  const found = FOLDS.find(([prefix]) => streamId.startsWith(prefix));
  if (!found) throw new Error(`No fold for stream ${streamId}`);
  return found[1];
}

/**
 * SKU states as the inventory decider reads them. Reserving needs only the counts; releasing needs what the
 * order (when given) holds, so only that holding is handed over.
 */
export function skuStatesOf(loaded: Map<string, StreamState<unknown>>, orderId?: string): Map<string, SkuState> {
  return new Map(
    [...loaded]
      .filter(([id]) => id.startsWith('sku-'))
      .map(([id, { state }]) => {
        const { available, reserved, holdings } = state as SkuLedger;
        const held = orderId === undefined ? undefined : holdings.get(orderId);
        return [id, { available, reserved, reservations: held === undefined ? {} : { [orderId!]: held } }];
      }),
  );
}

export function couponStateOf(loaded: Map<string, StreamState<unknown>>, streamId: string | null): CouponState | null {
  return streamId ? ((loaded.get(streamId)?.state as CouponState | undefined) ?? null) : null;
}

export function orderStateOf(loaded: Map<string, StreamState<unknown>>, streamId: string): OrderState {
  return (loaded.get(streamId)?.state as OrderState | undefined) ?? initialOrderState();
}

export function couponStatesOf(loaded: Map<string, StreamState<unknown>>): Map<string, CouponState> {
  return new Map([...loaded].filter(([id]) => id.startsWith('coupon-')).map(([id, { state }]) => [id, state as CouponState]));
}
