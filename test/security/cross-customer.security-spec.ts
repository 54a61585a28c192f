import { randomBytes } from 'node:crypto';
import { Json, RawAnswer } from './security-kit';
import { Customer, storeSession } from './store-session';

/**
 * Customer B, signed in, tries every order and profile call on customer A's data. The designed public path
 * is tracking by order id plus the phone the order was placed with; without that phone, or with B's own,
 * nothing personal of A's comes back, and nothing of A's changes.
 */

interface Shopper extends Customer {
  phone: string;
  address: string;
  orders: string[];
}

const suffix = () => randomBytes(3).toString('hex');

describe("one customer's calls on another customer's data", () => {
  const store = storeSession({ suite: 2 });
  let a: Shopper;
  let b: Shopper;

  /** Signs up and places orders through confirm-order with the customer's own token. */
  async function shopper(name: string, phone: string, orders: number): Promise<Shopper> {
    const customer = await store.register(`${name} ${suffix()}`);
    const address = `House ${suffix()}, Road 7, ${name}pur`;
    // The account's phone is the order's, so the profile calls below have A's phone to guard as well.
    const profile = await store.call({ method: 'POST', path: '/api/user/updateUserFrontend', token: customer.token, body: { name: customer.name, phone_number: phone } });
    if (profile.status !== 200) throw new Error(`setting the phone answered ${profile.status}: ${profile.text}`);
    const placed: string[] = [];
    for (let i = 0; i < orders; i++) placed.push(await store.placeOrder(customer.token, { name: customer.name, phone, address, email: customer.email }));
    return { ...customer, phone, address, orders: placed };
  }

  beforeAll(async () => {
    a = await shopper('Ayesha', '01712345601', 3);
    b = await shopper('Babul', '01812345602', 1);
    await store.caughtUp();
  });

  /** Nothing personal of A's: name, phone, address, e-mail, the token-bearing id. */
  function expectNothingOfA(answer: RawAnswer): void {
    for (const secret of [a.name, a.phone, a.address, a.email, a.id]) expect(answer.text).not.toContain(secret);
  }

  const get = (path: string, token?: string) => store.call({ method: 'GET', path, token });
  const post = (path: string, body: Json, token?: string) => store.call({ method: 'POST', path, token, body });

  it("lists only B's own orders on B's dashboard", async () => {
    const answer = await get('/api/orders/getOrders', b.token);
    expect(answer.status).toBe(200);
    expect(answer.json.data.map((row: Json) => row.orderId)).toEqual(b.orders);
    for (const order of a.orders) expect(answer.text).not.toContain(order);
    // The same call with A's token lists A's three: the filter is the token's user, nothing else.
    expect((await get('/api/orders/getOrders', a.token)).json.data.map((row: Json) => row.orderId).sort()).toEqual([...a.orders].sort());
  });

  it.each([
    ['as typed', (id: string) => id],
    ['in lower case', (id: string) => id.toLowerCase()],
    ['with blanks around', (id: string) => `%20${id}%20`],
  ])("answers 404 to B's Order Details for A's order id %s", async (_, form) => {
    const answer = await get(`/api/orders/getOrdersHistory?order_id=${form(a.orders[0])}`, b.token);
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ success: false, code: expect.any(String), message: expect.any(String) });
    expectNothingOfA(answer);
    // A sees it: the 404 is about the owner, not a broken id.
    const own = await get(`/api/orders/getOrdersHistory?order_id=${form(a.orders[0])}`, a.token);
    expect(own.status).toBe(200);
    expect(own.json.data.data.orderrow).toMatchObject({ customer_name: a.name, phone_number: a.phone, address: a.address });
  });

  it('ignores an owner named in the query of the Order Details and dashboard calls', async () => {
    for (const path of [
      `/api/orders/getOrdersHistory?order_id=${a.orders[0]}&user_id=${a.id}&userId=${a.id}`,
      `/api/orders/getOrders?user_id=${a.id}&userId=${a.id}&id=${a.id}`,
    ]) {
      const answer = await get(path, b.token);
      expect(answer.status).toBeLessThan(500);
      for (const order of a.orders) expect(answer.text).not.toContain(order);
      expectNothingOfA(answer);
    }
  });

  describe('public order lookups (order id known, phone not)', () => {
    it("hides A's personal fields on the confirmation lookup for B, for a guest and for a wrong phone", async () => {
      const order = a.orders[0];
      for (const [path, token] of [
        [`/api/public/getOrders?orderId=${order}`, b.token],
        [`/api/public/getOrders?orderId=${order}&phone=${b.phone}`, b.token],
        [`/api/public/getOrders?orderId=${order}`, undefined],
        [`/api/public/getOrders?orderId=${order}&phone=01700000000`, undefined],
      ] as Array<[string, string | undefined]>) {
        const answer = await get(path, token);
        expect(answer.status).toBe(200);
        expect(answer.json.orderrow).toMatchObject({ orderId: order, customer_name: null, phone_number: null, address: null, email: null, shipping_phone: null });
        expectNothingOfA(answer);
      }
      // With the order's own phone the lookup is personal: the design, and proof the check above can fail.
      const right = await get(`/api/public/getOrders?orderId=${order}&phone=${a.phone}`);
      expect(right.json.orderrow).toMatchObject({ customer_name: a.name, address: a.address });
    });

    // A separate order each: tracking allows 10 lookups of one order id per 15 minutes.
    it.each([
      ['getOrderInformation', 1, (order: string, phone: string) => `/api/public/getOrderInformation?orderId=${order}&phone=${phone}`],
      ['verify', 2, (order: string, phone: string) => `/api/public/verify/${order}/${phone}`],
    ])("%s with A's order id and a wrong phone is 404 with nothing of A's", async (_, index, path) => {
      const order = a.orders[index];
      for (const phone of [b.phone, '01700000000', a.phone.slice(0, 10), `${a.phone}0`]) {
        for (const token of [b.token, undefined]) {
          const answer = await get(path(order, phone), token);
          expect(answer.status).toBe(404);
          expect(answer.json).toEqual({ success: false, code: expect.any(String), message: expect.any(String) });
          expectNothingOfA(answer);
        }
      }
      const right = await get(path(order, a.phone), b.token);
      expect(right.status).toBe(200);
      expect(right.json.data).toMatchObject({ orderId: order, user_name: a.name, user_phone: a.phone });
    });
  });

  it("reads B's own profile from B's token, whatever the request names", async () => {
    const answer = await get(`/api/user/checkCurrentUser?id=${a.id}&user_id=${a.id}&email=${encodeURIComponent(a.email)}`, b.token);
    expect(answer.status).toBe(200);
    expect(answer.json.user).toMatchObject({ name: b.name, email: b.email });
    expectNothingOfA(answer);
  });

  it("changes only B's profile when B's update names A, and will not hand B A's phone", async () => {
    const renamed = `Babul Renamed ${suffix()}`;
    const update = await post('/api/user/updateUserFrontend', { name: renamed, id: a.id, user_id: a.id, userId: a.id, email: a.email }, b.token);
    expect(update.status).toBe(200);
    expectNothingOfA(update);
    // B may type A's number: no answer says whether another account has it (ADR 057). It is B's, unproven, and
    // gives B nothing of A's; A keeps it.
    const typing = await post('/api/user/updateUserFrontend', { name: renamed, phone_number: a.phone }, b.token);
    expect(typing.status).toBe(200);
    expect(typing.json.user).toMatchObject({ name: renamed, email: b.email, phone_number: a.phone, phone_verified: false });
    for (const secret of [a.name, a.address, a.email, a.id]) expect(typing.text).not.toContain(secret);
    expect((await get('/api/customer/personal-data', b.token)).json.data).toMatchObject({ orders: [expect.objectContaining({ order_id: b.orders[0] })], phone_records: [] });
    expect((await post('/api/user/updateUserFrontend', { name: renamed, phone_number: b.phone }, b.token)).json.user).toMatchObject({ phone_number: b.phone });
    b.name = renamed;

    expect((await get('/api/user/checkCurrentUser', b.token)).json.user).toMatchObject({ name: renamed, email: b.email });
    const aNow = await get('/api/user/checkCurrentUser', a.token);
    expect(aNow.json.user).toMatchObject({ name: a.name, email: a.email, phone_number: a.phone });
  });

  it("changes only B's password when B's change names A; A still signs in with the old one", async () => {
    const password = `nakshi-kantha-${suffix()}`;
    const change = await post('/api/auth/updatePassword', { password, password_confirmation: password, id: a.id, user_id: a.id, email: a.email }, b.token);
    expect(change.status).toBe(200);
    b.token = change.json.access_token;
    expectNothingOfA(change);
    expect((await post('/api/auth/userLogin', { email: a.email, password: a.password })).status).toBe(200);
    expect((await post('/api/auth/userLogin', { email: b.email, password })).status).toBe(200);
    expect((await post('/api/auth/userLogin', { email: b.email, password: b.password })).status).toBe(401);
    // A's token still works: A's account did not change under it.
    expect((await get('/api/user/checkCurrentUser', a.token)).status).toBe(200);
  });

  it("puts an order B places on B's account even when the body names A", async () => {
    const product = await store.stockedProduct();
    const body = store.orderBody(product, { name: 'Babul', phone: b.phone, address: 'Elsewhere' });
    const placed = await post('/api/public/confirm-order', { ...body, user_id: a.id, userId: a.id, data: { ...body.data, user_id: a.id, userId: a.id } }, b.token);
    expect(placed.status).toBe(201);
    await store.caughtUp();
    const aOrders = (await get('/api/orders/getOrders', a.token)).json.data.map((row: Json) => row.orderId);
    expect(aOrders).not.toContain(placed.json.order_id);
    expect((await get('/api/orders/getOrders', b.token)).json.data.map((row: Json) => row.orderId)).toContain(placed.json.order_id);
  });

  it("does not give a guest order placed with A's phone to A's account, nor A's orders to the guest", async () => {
    const guestOrder = await store.placeOrder(undefined, { name: 'Someone Else', phone: a.phone, address: 'Guest Road' });
    await store.caughtUp();
    const aOrders = (await get('/api/orders/getOrders', a.token)).json.data.map((row: Json) => row.orderId);
    expect(aOrders.sort()).toEqual([...a.orders].sort());
    expect(aOrders).not.toContain(guestOrder);
  });

  it("keeps every personal field of A's out of B's answers on the staff routes too (403)", async () => {
    for (const path of [`/api/admin/orders/${a.orders[2]}`, `/api/admin/orders?phone=${a.phone}`, `/api/admin/events/streams/order-${a.orders[2]}`, `/api/admin/events/streams/user-${a.id}`]) {
      const answer = await get(path, b.token);
      expect(answer.status).toBe(403);
      expectNothingOfA(answer);
    }
  });
});
