import { apiGet } from '../../../lib/api-client';

/** `GET /admin/orders/{id}/packing-slip` or `/admin/packing-slips?date=`: printable HTML (fetched with the staff token). */
export function getPackingSlip(orderId: string | null, date?: string): Promise<string> {
  return apiGet<string>(orderId ? `/admin/orders/${encodeURIComponent(orderId)}/packing-slip` : '/admin/packing-slips', { params: date ? { date } : undefined });
}

/** Opens the slip in a new window and asks the browser to print it. */
export async function printPackingSlip(orderId: string | null, date?: string): Promise<void> {
  const html = await getPackingSlip(orderId, date);
  const url = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
  const opened = window.open(url, '_blank');
  if (opened) opened.addEventListener('load', () => opened.print(), { once: true });
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
