import { useStaffApiStore } from '../support/api-store';
import { setAvailableStock, type FixtureProduct } from '../support/store-fixture';

/** Issue 14: a printable invoice / packing slip per order with the cash to collect, and the day's confirmed orders in one print. */
describe('packing slips', () => {
  const store = useStaffApiStore();
  const { call } = store;
  let product: FixtureProduct;
  beforeAll(async () => {
    [product] = store.products;
    await setAvailableStock(store.fixture, product.id, product.sizes[0], 50);
  });

  const place = async (name: string, phone: string, payment: Record<string, string> = { paymentMethod: 'cash' }) =>
    (
      await call('POST', '/api/public/confirm-order', undefined, {
        cart: [{ id: product.id, size: product.sizes[0], qty: 2 }],
        coupon: null,
        couponoffer: null,
        data: { name, phone, address: 'Road 3 <b>Mirpur</b>', shipping_phone: phone, devliery_charge: store.insideTaka, ...payment },
      })
    ).body.order_id as string;
  const html = async (path: string, token = store.tokens.care) => {
    const response = await fetch(`${store.server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };
  const collected = (text: string) => [...text.matchAll(/data-collect="(\d+)"/g)].map((match) => Number(match[1]));

  it("prints one order's slip with its lines, totals and the cash to collect, escaping what the shopper typed", async () => {
    const orderId = await place('<script>alert(1)</script> Rumana', '01770000001');
    const slip = await html(`/api/admin/orders/${orderId}/packing-slip`);
    expect(slip.status).toBe(200);
    expect(slip.type).toMatch(/^text\/html/);
    expect(slip.text).toContain(orderId);
    expect(slip.text).toContain(product.name);
    expect(slip.text).toContain('@media print');
    expect(slip.text).not.toContain('<script>alert(1)</script>');
    expect(slip.text).toContain('&lt;script&gt;');
    const { orderrow } = (await call('GET', `/api/admin/orders/${orderId}`, store.tokens.care)).body;
    expect(collected(slip.text)).toEqual([Math.round(orderrow.grand_total * 100)]);
    expect(slip.text).toContain(`Cash to collect: <b data-collect="${Math.round(orderrow.grand_total * 100)}">`);
    expect((await html(`/api/admin/orders/${orderId}/packing-slip`, store.tokens.customer)).status).toBe(403);
    expect((await html(`/api/admin/orders/ZZZZZZZZ/packing-slip`)).status).toBe(404);
  });

  it("prints the day's confirmed orders together: a bKash order collects nothing, pending orders are left out", async () => {
    const cod = await place('Cash Buyer', '01770000002');
    const bkash = await place('Bkash Buyer', '01770000003', { paymentMethod: 'bkash', bkash_number: '01770000003', transaction_id: 'TX77AA99' });
    const pending = await place('Pending Buyer', '01770000004');
    for (const id of [cod, bkash]) expect((await call('POST', `/api/admin/orders/${id}/confirm`, store.tokens.care, {})).status).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());
    let batch = await html(`/api/admin/packing-slips?date=${today}`);
    for (const deadline = Date.now() + 30_000; !(batch.text.includes(cod) && batch.text.includes(bkash)) && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 100)); // the timeline projection catches up
      batch = await html(`/api/admin/packing-slips`);
    }
    expect(batch.status).toBe(200);
    expect(batch.text).toContain(cod);
    expect(batch.text).toContain(bkash);
    expect(batch.text).not.toContain(pending);
    expect(batch.text.match(/class="slip"/g)).toHaveLength(2);
    const bkashSlip = batch.text.slice(batch.text.indexOf(bkash));
    expect(collected(bkashSlip)[0]).toBe(0);
    expect((await html('/api/admin/packing-slips?date=2020-01-01')).text).toContain('No confirmed orders to print for this day.');
    expect((await html('/api/admin/packing-slips?date=yesterday')).status).toBe(422);
  });
});
