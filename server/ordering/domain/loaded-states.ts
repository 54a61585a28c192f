import type { StreamState } from '../../event-store/command-path/stream-states';
import { skuStateOf, type SkuLedger } from '../../inventory/domain/sku-ledger';
import type { SkuState } from '../../inventory/domain/sku';
import type { CouponState } from '../../promotions/domain/coupon';
import type { StoreCreditState } from '../../returns/domain/store-credit';
import { orderDecider, type OrderState } from './order';

/** What ordering's decisions read, picked from the states the command path loaded (folded by each context's registered fold). */
export type LoadedStreams = ReadonlyMap<string, StreamState>;

/** SKU states as the inventory decider reads them; with `orderId`, what that order holds (for a release). */
export function skuStatesOf(loaded: LoadedStreams, orderId?: string): Map<string, SkuState> {
  return new Map(
    [...loaded].filter(([id]) => id.startsWith('sku-')).map(([id, { state }]) => [id, skuStateOf(state as SkuLedger, orderId)]),
  );
}

export function couponStatesOf(loaded: LoadedStreams): Map<string, CouponState> {
  return new Map([...loaded].filter(([id]) => id.startsWith('coupon-')).map(([id, { state }]) => [id, state as CouponState]));
}

/** Store-credit states (returns' `credit-<pseudonym>` streams) a checkout or a cancel reads. */
export function creditStatesOf(loaded: LoadedStreams): Map<string, StoreCreditState> {
  return new Map([...loaded].filter(([id]) => id.startsWith('credit-')).map(([id, { state }]) => [id, state as StoreCreditState]));
}

export function couponStateOf(loaded: LoadedStreams, streamId: string | null): CouponState | null {
  return streamId ? ((loaded.get(streamId)?.state as CouponState | undefined) ?? null) : null;
}

export function orderStateOf(loaded: LoadedStreams, streamId: string): OrderState {
  return (loaded.get(streamId)?.state as OrderState | undefined) ?? orderDecider.initialState();
}
