import type { OrderHistoryLineResponse, OrderRowResponse, OrderTrackingResponse } from '../../../../contracts/orders';

/** Order shapes as the ordering API sends them (contracts/orders.ts). */
export type OrderRow = OrderRowResponse;
export type OrderLine = OrderHistoryLineResponse;
export type OrderTracking = OrderTrackingResponse;

/** Status names show as text; their style class is the lowercased name with dashes (spec §4). */
export function statusClass(name: string): string {
  return name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

export function formatOrderDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Dhaka' });
}
