/** The one place that spells a SKU stream id, so writers and readers cannot disagree on case or format. */
export function skuStreamId(productId: number, size: string): string {
  if (!Number.isInteger(productId) || productId <= 0) throw new RangeError(`Invalid product id: ${productId}`);
  const normalized = normalizeSize(size);
  if (!/^[A-Z0-9]+$/.test(normalized)) throw new RangeError(`Invalid size: "${size}"`);
  return `sku-${productId}-${normalized}`;
}

/** Sizes travel uppercased everywhere (the client shows them uppercased too). */
export function normalizeSize(size: string): string {
  return size.trim().toUpperCase();
}
