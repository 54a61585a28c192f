import { ROUTE_CATALOGUE } from '../../server/observability/openapi/route-catalogue';
import { discoverRoutes, fillPath, problemsOf, RawAnswer } from './security-kit';
import { storeSession } from './store-session';

/**
 * Every route under /api/admin and /api/brands, as the running app serves them: no token is 401, a
 * customer's token 403, customer care's 403 on the admin-only ones, and the staff role named here passes
 * the guard. A staff route added without a row here fails the first test. The list is the security policy
 * written out on its own, on purpose: the route catalogue (which the document and docs/api.md show) must say
 * the same, and the guards must do it.
 */

type Access = 'admin' | 'care and admin';

interface StaffRoute {
  access: Access;
  /** Path parameters that reach the handler without changing anything (unknown ids answer 404). */
  params?: Record<string, string>;
  body?: unknown;
}

const STAFF_ROUTES: Record<string, StaffRoute> = {
  'GET /api/admin/orders': { access: 'care and admin' },
  'GET /api/admin/dashboard': { access: 'care and admin' },
  'POST /api/admin/orders/instant': { access: 'care and admin', body: {} },
  'GET /api/admin/orders/latest-version': { access: 'care and admin' },
  'GET /api/admin/orders/:orderId': { access: 'care and admin', params: { orderId: 'ZZZZZZZZ' } },
  'POST /api/admin/orders/:orderId/confirm': { access: 'care and admin', params: { orderId: 'ZZZZZZZZ' }, body: {} },
  'POST /api/admin/orders/:orderId/start-processing': { access: 'care and admin', params: { orderId: 'ZZZZZZZZ' }, body: {} },
  'POST /api/admin/orders/:orderId/ship': { access: 'care and admin', params: { orderId: 'ZZZZZZZZ' }, body: {} },
  'POST /api/admin/orders/:orderId/deliver': { access: 'care and admin', params: { orderId: 'ZZZZZZZZ' }, body: {} },
  'POST /api/admin/orders/:orderId/cancel': { access: 'care and admin', params: { orderId: 'ZZZZZZZZ' }, body: { reason: 'test' } },
  'POST /api/admin/orders/:orderId/return': { access: 'care and admin', params: { orderId: 'ZZZZZZZZ' }, body: { reason: 'test' } },
  'POST /api/admin/orders/:orderId/verify-bkash': { access: 'care and admin', params: { orderId: 'ZZZZZZZZ' }, body: {} },
  'POST /api/admin/orders/:orderId/notes': { access: 'care and admin', params: { orderId: 'ZZZZZZZZ' }, body: { note: 'test' } },
  'POST /api/admin/orders/:orderId/refunds': { access: 'care and admin', params: { orderId: 'ZZZZZZZZ' }, body: { amount: 100, reason: 'test' } },
  'GET /api/admin/payments/reconciliation': { access: 'admin' },
  'POST /api/admin/orders/:orderId/call': { access: 'care and admin', params: { orderId: 'ZZZZZZZZ' }, body: { outcome: 'reached' } },
  'POST /api/admin/orders/:orderId/shipping': { access: 'care and admin', params: { orderId: 'ZZZZZZZZ' }, body: { address: 'Banani', reason: 'test' } },
  'POST /api/admin/orders/:orderId/lines': { access: 'care and admin', params: { orderId: 'ZZZZZZZZ' }, body: { id: 1, size: 'M', qty: 1, reason: 'test' } },
  'POST /api/admin/orders/:orderId/lines/:productId/:size': { access: 'care and admin', params: { orderId: 'ZZZZZZZZ', productId: '1', size: 'M' }, body: { qty: 2, reason: 'test' } },
  'POST /api/admin/orders/:orderId/lines/:productId/:size/remove': { access: 'care and admin', params: { orderId: 'ZZZZZZZZ', productId: '1', size: 'M' }, body: { reason: 'test' } },
  'GET /api/admin/orders/:orderId/packing-slip': { access: 'care and admin', params: { orderId: 'ZZZZZZZZ' } },
  'GET /api/admin/packing-slips': { access: 'care and admin' },
  'GET /api/admin/personal-data': { access: 'care and admin' },
  'POST /api/admin/personal-data/erase': { access: 'admin', body: {} },
  'GET /api/admin/phones/:phone': { access: 'care and admin', params: { phone: '01711111111' } },
  'POST /api/admin/phones/:phone/block': { access: 'admin', params: { phone: '01799999999' }, body: {} },
  'POST /api/admin/phones/:phone/unblock': { access: 'admin', params: { phone: '01799999999' }, body: {} },
  'GET /api/admin/stock': { access: 'care and admin' },
  'GET /api/admin/stock/:productId/:size/stream': { access: 'care and admin', params: { productId: '1', size: 'M' } },
  'POST /api/admin/stock/receive': { access: 'admin', body: {} },
  'POST /api/admin/stock/adjust': { access: 'admin', body: {} },
  'GET /api/admin/events': { access: 'admin' },
  'GET /api/admin/events/types': { access: 'admin' },
  'GET /api/admin/events/streams/:streamId': { access: 'admin', params: { streamId: 'order-ZZZZZZZZ' } },
  'GET /api/admin/projections': { access: 'admin' },
  'GET /api/admin/queues': { access: 'admin' },
  'GET /api/admin/first-run': { access: 'admin' },
  'POST /api/admin/projections/:name/rebuild': { access: 'admin', params: { name: 'no-such-projection' } },
  'GET /api/admin/coupons': { access: 'admin' },
  'POST /api/admin/coupons': { access: 'admin', body: {} },
  'PATCH /api/admin/coupons/:code': { access: 'admin', params: { code: 'NOSUCHCODE' }, body: {} },
  'POST /api/admin/coupons/:code/disable': { access: 'admin', params: { code: 'NOSUCHCODE' }, body: {} },
  'GET /api/admin/coupons/:code/redemptions': { access: 'admin', params: { code: 'NOSUCHCODE' } },
  'GET /api/admin/offers': { access: 'care and admin' },
  'POST /api/admin/offers': { access: 'admin', body: {} },
  'GET /api/admin/offers/:offerId': { access: 'care and admin', params: { offerId: 'ZZZZZZ' } },
  'PATCH /api/admin/offers/:offerId': { access: 'admin', params: { offerId: 'ZZZZZZ' }, body: {} },
  'POST /api/admin/offers/:offerId/commit': { access: 'admin', params: { offerId: 'ZZZZZZ' } },
  'POST /api/admin/offers/:offerId/close': { access: 'admin', params: { offerId: 'ZZZZZZ' } },
  'POST /api/admin/offers/:offerId/draw': { access: 'admin', params: { offerId: 'ZZZZZZ' } },
  'GET /api/admin/lucky-draw-tokens/:orderId': { access: 'care and admin', params: { orderId: 'ZZZZZZZZ' } },
  'GET /api/admin/orders/:orderId/shipments': { access: 'care and admin', params: { orderId: 'ZZZZZZZZ' } },
  'POST /api/admin/orders/:orderId/shipments': { access: 'care and admin', params: { orderId: 'ZZZZZZZZ' }, body: { courier: 'demo' } },
  'POST /api/admin/shipments/batch': { access: 'care and admin', body: {} },
  'POST /api/admin/orders/:orderId/shipments/next-step': { access: 'care and admin', params: { orderId: 'ZZZZZZZZ' }, body: {} },
  'POST /api/admin/orders/:orderId/shipments/steps': { access: 'care and admin', params: { orderId: 'ZZZZZZZZ' }, body: {} },
  'POST /api/admin/orders/:orderId/shipments/return': { access: 'care and admin', params: { orderId: 'ZZZZZZZZ' }, body: {} },
  'GET /api/admin/payouts': { access: 'care and admin' },
  'GET /api/admin/payouts/reconciliation': { access: 'care and admin' },
  'POST /api/admin/payouts/fetch': { access: 'care and admin', body: { courier: 'manual' } },
  'POST /api/admin/payouts/import': { access: 'care and admin', body: {} },
  'GET /api/admin/couriers/areas-unmapped': { access: 'care and admin' },
  'GET /api/admin/returns': { access: 'care and admin' },
  'GET /api/admin/returns/:returnId/photo': { access: 'care and admin', params: { returnId: 'ZZZZZZZZ-R1' } },
  'GET /api/admin/orders/:orderId/return-steps': { access: 'care and admin', params: { orderId: 'ZZZZZZZZ' } },
  'GET /api/admin/returns/settings': { access: 'care and admin' },
  'PUT /api/admin/returns/settings': { access: 'admin', body: {} },
  'GET /api/admin/dashboard/returns': { access: 'care and admin' },
  'POST /api/admin/returns/:returnId/approve': { access: 'care and admin', params: { returnId: 'ZZZZZZZZ-R1' }, body: {} },
  'POST /api/admin/returns/:returnId/refuse': { access: 'care and admin', params: { returnId: 'ZZZZZZZZ-R1' }, body: { reason: 'test' } },
  'POST /api/admin/returns/:returnId/called': { access: 'care and admin', params: { returnId: 'ZZZZZZZZ-R1' }, body: {} },
  'POST /api/admin/returns/:returnId/pickup': { access: 'care and admin', params: { returnId: 'ZZZZZZZZ-R1' }, body: { courier: 'demo' } },
  'POST /api/admin/returns/:returnId/receive': { access: 'care and admin', params: { returnId: 'ZZZZZZZZ-R1' }, body: { condition: 'stock' } },
  'POST /api/admin/returns/:returnId/exchange': { access: 'care and admin', params: { returnId: 'ZZZZZZZZ-R1' }, body: {} },
  'POST /api/admin/returns/:returnId/refund': { access: 'care and admin', params: { returnId: 'ZZZZZZZZ-R1' }, body: { method: 'cash' } },
  'GET /api/brands/allbrandlist': { access: 'admin' },
  'GET /api/brands/brandrow/:id': { access: 'admin', params: { id: '999999' } },
  'POST /api/brands/save': { access: 'admin', body: {} },
  'GET /api/brands/delete/:id': { access: 'admin', params: { id: '999999' } },
  'GET /api/admin/products': { access: 'care and admin' },
  'POST /api/admin/products': { access: 'admin', body: {} },
  'GET /api/admin/products/:id': { access: 'care and admin', params: { id: '999999' } },
  'PATCH /api/admin/products/:id': { access: 'admin', params: { id: '999999' }, body: { price: 10 } },
  'POST /api/admin/products/:id/publish': { access: 'admin', params: { id: '999999' }, body: {} },
  'POST /api/admin/products/:id/unpublish': { access: 'admin', params: { id: '999999' }, body: {} },
  'GET /api/admin/products/:id/history': { access: 'care and admin', params: { id: '999999' } },
  'POST /api/admin/products/:id/images': { access: 'admin', params: { id: '999999' }, body: {} },
  'GET /api/admin/categories': { access: 'care and admin' },
  'POST /api/admin/categories': { access: 'admin', body: {} },
  'PATCH /api/admin/categories/:id': { access: 'admin', params: { id: '999999' }, body: { name: 'Nothing' } },
  'GET /api/admin/settings': { access: 'care and admin' },
  'PUT /api/admin/settings': { access: 'admin', body: {} },
  'GET /api/admin/posts/:slug': { access: 'care and admin', params: { slug: 'about' } },
  'PUT /api/admin/posts/:slug': { access: 'admin', params: { slug: 'about' }, body: {} },
  'GET /api/admin/staff': { access: 'care and admin' },
  'POST /api/admin/staff': { access: 'admin', body: {} },
  'POST /api/admin/staff/:id/disable': { access: 'admin', params: { id: '6f1c2b9e-1d2a-4c3b-8e4f-5a6b7c8d9e0f' }, body: {} },
  'POST /api/admin/staff/:id/resend-invitation': { access: 'admin', params: { id: '6f1c2b9e-1d2a-4c3b-8e4f-5a6b7c8d9e0f' }, body: {} },
  'POST /api/admin/staff/:id/revoke-invitation': { access: 'admin', params: { id: '6f1c2b9e-1d2a-4c3b-8e4f-5a6b7c8d9e0f' }, body: {} },
};

const rows = Object.keys(STAFF_ROUTES);
const adminOnly = rows.filter((route) => STAFF_ROUTES[route].access === 'admin');
const careAndAdmin = rows.filter((route) => STAFF_ROUTES[route].access === 'care and admin');

describe('staff routes', () => {
  const store = storeSession({ suite: 3 });
  let customer = '';

  beforeAll(async () => {
    customer = (await store.register('Curious Customer')).token;
  });

  function send(route: string, token: string | undefined): Promise<RawAnswer> {
    const [method, pattern] = route.split(' ');
    const spec = STAFF_ROUTES[route];
    return store.call({ method, path: fillPath(pattern, spec.params ?? {}), token, body: spec.body });
  }

  function expectRefused(answer: RawAnswer, status: 401 | 403): void {
    expect(answer.status).toBe(status);
    expect(answer.json).toEqual({ success: false, code: expect.any(String), message: status === 401 ? 'Please log in to continue.' : 'You do not have permission to do this.' });
    expect(problemsOf(answer)).toEqual([]);
  }

  it('has a row for every /api/admin and /api/brands route the app serves', () => {
    const served = discoverRoutes(store.server().app).filter((route) => / \/api\/(admin|brands)(\/|$)/.test(route));
    expect(Object.keys(STAFF_ROUTES).sort()).toEqual(served);
  });

  it('says of each route who may call it as the route catalogue does', () => {
    const catalogued = Object.fromEntries(rows.map((route) => [route, ROUTE_CATALOGUE.find(route)?.access]));
    expect(catalogued).toEqual(Object.fromEntries(rows.map((route) => [route, STAFF_ROUTES[route].access === 'admin' ? 'admin' : 'care'])));
  });

  it.each(rows)('%s refuses a caller without a token with 401', async (route) => {
    expectRefused(await send(route, undefined), 401);
  });

  it.each(rows)('%s refuses a customer with 403', async (route) => {
    expectRefused(await send(route, customer), 403);
  });

  it.each(adminOnly)('%s refuses customer care with 403: admin only', async (route) => {
    expectRefused(await send(route, store.staff.care), 403);
  });

  it.each(careAndAdmin)('%s lets customer care through the guard', async (route) => {
    const answer = await send(route, store.staff.care);
    expect([401, 403]).not.toContain(answer.status);
    expect(problemsOf(answer)).toEqual([]);
  });

  it.each(rows)('%s lets the admin through the guard', async (route) => {
    const answer = await send(route, store.staff.admin);
    expect([401, 403]).not.toContain(answer.status);
    expect(problemsOf(answer)).toEqual([]);
  });
});
