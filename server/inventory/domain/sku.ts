import type { Decider } from '../../event-store/command-path/decider';
import type { SkuEvent } from './sku.events';
import { InvalidStockCommand, NoSuchReservation, OutOfStock, StockWouldGoNegative } from './sku.errors';
import { normalizeSize } from './sku-stream';

/**
 * Stock of one SKU, folded from its stream. `reservations` remembers what each order holds, so a release can
 * never hand back more than that order took (a double cancel must not create stock).
 */
export type SkuState = {
  available: number;
  reserved: number;
  reservations: Readonly<Record<string, number>>;
};

const initialState = (): SkuState => ({ available: 0, reserved: 0, reservations: {} });

type SkuRef = { productId: number; size: string };

export type ReceiveStock = { type: 'ReceiveStock'; data: SkuRef & { quantity: number } };
export type AdjustStock = { type: 'AdjustStock'; data: SkuRef & { delta: number; reason: string } };
export type ReserveStock = { type: 'ReserveStock'; data: SkuRef & { quantity: number; orderId: string } };
export type ReleaseStock = { type: 'ReleaseStock'; data: SkuRef & { quantity: number; orderId: string; reason: string } };

export type SkuCommand = ReceiveStock | AdjustStock | ReserveStock | ReleaseStock;

function evolve(state: SkuState, event: SkuEvent): SkuState {
  const next = { ...state, reservations: { ...state.reservations } };
  applyInPlace(next, event);
  return next;
}

/** The counts' arithmetic, shared by `evolve` and the write side's ledger (sku-ledger.ts). */
export function applyInPlace(
  state: { available: number; reserved: number; reservations: Record<string, number> | Map<string, number> },
  event: SkuEvent,
): void {
  switch (event.type) {
    case 'StockReceived':
      state.available += event.data.quantity;
      return;
    case 'StockAdjusted':
      state.available += event.data.delta;
      return;
    case 'StockReserved': {
      const { orderId, quantity } = event.data;
      state.available -= quantity;
      state.reserved += quantity;
      hold(state.reservations, orderId, quantity);
      return;
    }
    case 'StockReleased': {
      const { orderId, quantity } = event.data;
      state.available += quantity;
      state.reserved -= quantity;
      hold(state.reservations, orderId, -quantity);
      return;
    }
  }
}

function hold(holdings: Record<string, number> | Map<string, number>, orderId: string, change: number): void {
  if (holdings instanceof Map) {
    const held = (holdings.get(orderId) ?? 0) + change;
    if (held > 0) holdings.set(orderId, held);
    else holdings.delete(orderId);
    return;
  }
  const held = (holdings[orderId] ?? 0) + change;
  if (held > 0) holdings[orderId] = held;
  else delete holdings[orderId];
}

/**
 * Every stock rule lives here: available never goes below zero, a reservation needs the units to exist, and
 * only what an order holds can be released. Pure: no clock (no rule depends on time; the store stamps
 * events) and no I/O. Throws an error from sku.errors.ts when the command is refused.
 */
function decide(command: SkuCommand, state: SkuState): SkuEvent[] {
  const productId = command.data.productId;
  const size = normalizeSize(command.data.size);
  switch (command.type) {
    case 'ReceiveStock': {
      const quantity = positiveQuantity(command.data.quantity);
      return [{ type: 'StockReceived', data: { productId, size, quantity } }];
    }
    case 'AdjustStock': {
      const { delta } = command.data;
      if (!Number.isInteger(delta) || delta === 0) throw new InvalidStockCommand('stock-adjustment-invalid', { delta });
      const reason = requiredText(command.data.reason, 'reason');
      if (state.available + delta < 0) throw new StockWouldGoNegative(delta, state.available);
      return [{ type: 'StockAdjusted', data: { productId, size, delta, reason } }];
    }
    case 'ReserveStock': {
      const quantity = positiveQuantity(command.data.quantity);
      const orderId = requiredText(command.data.orderId, 'orderId');
      if (quantity > state.available) throw new OutOfStock(productId, size, quantity, state.available);
      return [{ type: 'StockReserved', data: { productId, size, quantity, orderId } }];
    }
    case 'ReleaseStock': {
      const quantity = positiveQuantity(command.data.quantity);
      const orderId = requiredText(command.data.orderId, 'orderId');
      const reason = requiredText(command.data.reason, 'reason');
      const held = state.reservations[orderId] ?? 0;
      if (quantity > held) throw new NoSuchReservation(orderId, quantity, held);
      return [{ type: 'StockReleased', data: { productId, size, quantity, orderId, reason } }];
    }
  }
}

function positiveQuantity(quantity: number): number {
  if (!Number.isInteger(quantity) || quantity <= 0) throw new InvalidStockCommand('stock-quantity-invalid', { quantity });
  return quantity;
}

function requiredText(value: string, field: string): string {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  if (!trimmed) throw new InvalidStockCommand('stock-field-required', { field });
  return trimmed;
}

/** The stock rules of one SKU stream (`sku-<productId>-<SIZE>`). */
export const skuDecider: Decider<SkuCommand, SkuEvent, SkuState> = { decide, evolve, initialState };
