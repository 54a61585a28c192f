import type { StreamFold } from '../../event-store/command-path/decider';
import { applyInPlace, type SkuState } from './sku';
import type { SkuEvent } from './sku.events';

/**
 * A SKU as the write side keeps it: the counts, and what each order holds in a Map updated in place. The
 * decider's `evolve` copies every holding on each event, which makes a hot SKU's fold quadratic; the ledger
 * applies the same arithmetic in place. Only committed events ever reach a cached ledger (ADR 012).
 */
export interface SkuLedger {
  available: number;
  reserved: number;
  holdings: Map<string, number>;
}

/** The fold the command path uses for `sku-` streams. */
export const skuLedger: StreamFold<SkuLedger, SkuEvent> = {
  initialState: () => ({ available: 0, reserved: 0, holdings: new Map() }),
  evolve: (ledger, event) => {
    const next = { available: ledger.available, reserved: ledger.reserved, reservations: ledger.holdings };
    applyInPlace(next, event);
    return { available: next.available, reserved: next.reserved, holdings: ledger.holdings };
  },
};

/**
 * The SKU as the decider reads it. Reserving needs only the counts; releasing needs what the order (when
 * given) holds, so only that holding is handed over.
 */
export function skuStateOf(ledger: SkuLedger, orderId?: string): SkuState {
  const held = orderId === undefined ? undefined : ledger.holdings.get(orderId);
  return { available: ledger.available, reserved: ledger.reserved, reservations: held === undefined ? {} : { [orderId!]: held } };
}
