/**
 * Facts about the stock of one SKU (a product in one size), recorded on stream `sku-<productId>-<SIZE>`.
 * Consumed by the `sku-stock` projection (shop listing, stock check) and by ordering.
 */

/** Goods arrived and were counted into stock. Fires on staff receipts and the demo seed. */
export type StockReceived = {
  type: 'StockReceived';
  data: { productId: number; size: string; quantity: number };
};

/** A stock count was corrected up or down (damage, loss, recount). `delta` is signed. */
export type StockAdjusted = {
  type: 'StockAdjusted';
  data: { productId: number; size: string; delta: number; reason: string };
};

/** Units were set aside for a placed order; they leave `available` and enter `reserved`. */
export type StockReserved = {
  type: 'StockReserved';
  data: { productId: number; size: string; quantity: number; orderId: string };
};

/** An order's reservation was given back (order cancelled, line removed); units return to `available`. */
export type StockReleased = {
  type: 'StockReleased';
  data: { productId: number; size: string; quantity: number; orderId: string; reason: string };
};

export type SkuEvent = StockReceived | StockAdjusted | StockReserved | StockReleased;

export const SKU_EVENT_TYPES: ReadonlyArray<SkuEvent['type']> = ['StockReceived', 'StockAdjusted', 'StockReserved', 'StockReleased'];
