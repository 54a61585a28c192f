import { registerPersonalFields } from '../../event-store/personal-data/personal-data';

/**
 * The personal fields of an order (ADR 053): who placed it, where it goes, the bKash number. Sealed under the
 * account's key when a signed-in customer placed it, else under the contact phone's. `ShippingDetailsChanged`
 * carries no owner and stays in the clear; erasing the order's person redacts it in place (ADR 053).
 */
export function registerOrderPersonalFields(): void {
  const spec = {
    subject: (data: Record<string, unknown>) => {
      const customer = data.customer as { userId?: string | null; phone?: string } | undefined;
      if (customer?.userId) return { kind: 'account' as const, userId: customer.userId };
      return customer?.phone ? { kind: 'phone' as const, phone: customer.phone } : null;
    },
    paths: ['customer.name', 'customer.email', 'customer.phone', 'customer.address', 'customer.shippingPhone', 'payment.bkashNumber'],
  };
  registerPersonalFields('OrderPlaced', spec);
  registerPersonalFields('InstantOrderPlaced', spec);
}
