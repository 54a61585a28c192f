import type { OrderRowResponse } from '../../../../contracts/orders';
import { mobilePhoneOf } from '../../../../contracts/phone';

/**
 * What the courier collects at the door (issue 31), in Taka, as the packing slip and the shipped SMS say it: an
 * instant order's amount due; a cash order's grand total, less a bKash advance once paid; nothing for bKash.
 */
export function cashToCollect(order: Pick<OrderRowResponse, 'order_type' | 'paymentMethod' | 'grand_total' | 'due' | 'advance_required'>): number {
  if (order.order_type !== 1) return order.due ?? 0;
  if (order.paymentMethod !== 'cash') return 0;
  if (order.advance_required) return order.due ?? order.grand_total ?? 0;
  return order.grand_total ?? 0;
}

/** `tel:` for a phone as stored ("01711…"), or null when there is none. */
export function telLink(phone: string | null | undefined): string | null {
  const trimmed = phone?.trim();
  return trimmed ? `tel:${mobilePhoneOf(trimmed) ?? trimmed.replace(/[^\d+]/g, '')}` : null;
}

/** WhatsApp's chat link for a Bangladeshi mobile number (`https://wa.me/8801…`), or null for any other number. */
export function whatsAppLink(phone: string | null | undefined): string | null {
  const mobile = mobilePhoneOf(phone);
  return mobile ? `https://wa.me/88${mobile}` : null;
}
