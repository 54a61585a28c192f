import { ERASED, registerPersonalFields } from '../../event-store/personal-data/personal-data';
import { orderStreamId } from './order-id';
import { ORDER_EVENT_TYPES } from './order.events';
import { PHONE_EVENT_TYPES } from './phone.events';

/**
 * The personal fields of an order (ADR 053). `OrderPlaced` / `InstantOrderPlaced`: who placed it, where it
 * goes, the bKash number, sealed under the account's key when a signed-in customer placed it, else under the
 * contact phone's. Every later event of the order is sealed under the same key (the key of the stream's first
 * event): the changed address and phone of `ShippingDetailsChanged`, the text of a care note, the reason of a
 * cancellation or return, and the staff member's note in the metadata of any order event (a call outcome, an
 * amendment reason — words about the customer). Erasing the person's key erases all of them at once.
 * A phone's `PhoneBlocked` / `PhoneUnblocked` are sealed under that phone's key.
 */
const AREA_PATHS = (at: string) => [`${at}.areaId`, `${at}.thana`, `${at}.landmark`];

export function registerOrderPersonalFields(): void {
  const placed = {
    subject: (data: Record<string, unknown>) => {
      const customer = data.customer as { userId?: string | null; phone?: string } | undefined;
      if (customer?.userId) return { kind: 'account' as const, userId: customer.userId };
      return customer?.phone ? { kind: 'phone' as const, phone: customer.phone } : null;
    },
    // Issue 30 (ADR 059): the picked area's id, its thana and the landmark are where the person lives; the
    // district stays readable (zone statistics, a courier's coverage), like the delivery zone.
    paths: ['customer.name', 'customer.email', 'customer.phone', 'customer.address', 'customer.shippingPhone', 'payment.bkashNumber', ...AREA_PATHS('deliveryArea')],
    metadataPaths: ['note'],
  };
  registerPersonalFields('OrderPlaced', placed);
  registerPersonalFields('InstantOrderPlaced', placed);
  const later: Record<string, string[]> = {
    ShippingDetailsChanged: ['address', 'shippingPhone', 'previousAddress', 'previousShippingPhone', ...AREA_PATHS('deliveryArea'), ...AREA_PATHS('previousArea')],
    OrderNoteAdded: ['note'],
    OrderCancelled: ['reason'],
    OrderReturned: ['reason'],
  };
  for (const type of ORDER_EVENT_TYPES) {
    if (type === 'OrderPlaced' || type === 'InstantOrderPlaced') continue;
    registerPersonalFields(type, { subject: (data) => ({ sameKeyAs: orderStreamId(String(data.orderId)) }), paths: later[type] ?? [], metadataPaths: ['note'] });
  }
  // A phone's block and unblock (issue 27): the number, the reason and the staff note under the phone's own key,
  // so erasing the number shreds them (and the block with them).
  for (const type of PHONE_EVENT_TYPES) {
    registerPersonalFields(type, {
      subject: (data) => (typeof data.phone === 'string' && data.phone !== ERASED ? { kind: 'phone', phone: data.phone } : null),
      paths: ['phone', 'reason'],
      metadataPaths: ['note'],
    });
  }
}
