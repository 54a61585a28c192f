import { registerPersonalFields } from '../../event-store/personal-data/personal-data';

/**
 * Units reserved or released for an order carry words about its customer: the reason of a release quotes the
 * cancellation or amendment reason, and the request's staff note rides in the metadata. Both are sealed under
 * the key of the order's stream (ADR 053), so erasing the customer erases them; quantities stay readable.
 */
export function registerSkuPersonalFields(): void {
  const subject = (data: Record<string, unknown>) => (typeof data.orderId === 'string' ? { sameKeyAs: `order-${data.orderId}` } : null);
  registerPersonalFields('StockReleased', { subject, paths: ['reason'], metadataPaths: ['note'] });
  registerPersonalFields('StockReserved', { subject, paths: [], metadataPaths: ['note'] });
}
