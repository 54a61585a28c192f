import { randomBytes } from 'node:crypto';
import type { RouteSamples } from '../../server/observability/openapi/api-route';
import type { Json } from './security-kit';
import type { storeSession } from './store-session';

type StoreSession = ReturnType<typeof storeSession>;

const hex = () => randomBytes(4).toString('hex');

/** A mobile number no test has used (017 and eight random digits). */
export const freshPhone = () => `017${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;

/**
 * What the route catalogue's examples name, made in a seeded store (a stocked product, a draft, an order, a
 * brand, a coupon, an offer), with `fresh` values new on every call. `customer` places the order, so the
 * owner's calls find it.
 */
export async function seedRouteSamples(store: StoreSession, customer: string): Promise<RouteSamples> {
  const admin = store.staff.admin;
  const product = await store.stockedProduct(100_000);
  const categories = await store.call({ method: 'GET', path: '/api/public/parentChildCategory' });
  const parent = categories.json.data.find((category: Json) => category.children?.length > 0);
  const orderPhone = '01755555555';
  const orderId = await store.placeOrder(customer, { name: 'Tracked Buyer', phone: orderPhone, address: 'Mirpur 10, Dhaka' });
  const created = async (path: string, body: Json) => {
    const answer = await store.call({ method: 'POST', path, token: admin, body });
    if (answer.status >= 300) throw new Error(`POST ${path} answered ${answer.status}: ${answer.text}`);
    return answer.json;
  };
  const brand = await created('/api/brands/save', { name: 'Fuzz Brand', description: 'x', status: 1 });
  const draft = await created('/api/admin/products', { name: 'Fuzz Draft Tee', category_id: parent.children[0].id, price: 650, sizes: ['M'] });
  await created('/api/admin/coupons', { code: 'FUZZ10', percent: 10, validFrom: '2026-01-01T00:00', validUntil: '2030-01-01T00:00', totalLimit: 100, perPhoneLimit: 1 });
  const offer = await created('/api/admin/offers', { name: 'Fuzz draw', starts_at: '2026-01-01T00:00:00Z', ends_at: '2026-02-01T00:00:00Z' });
  await store.caughtUp();
  return {
    product,
    category: { id: parent.children[0].id, slug: parent.children[0].slug, parentSlug: parent.slug },
    draftProductId: draft.id,
    order: { id: orderId, phone: orderPhone },
    brandId: brand.data.id,
    couponCode: 'FUZZ10',
    offerId: offer.offer_id,
    deliveryCharge: store.insideTaka(),
    email: (name) => `${name}.${hex()}@gmail.com`,
    phone: freshPhone,
    fresh: (text) => (/^[A-Z0-9]+$/.test(text) ? `${text}${hex().toUpperCase()}` : `${text}${text.includes(' ') ? ' ' : '-'}${hex()}`),
  };
}
