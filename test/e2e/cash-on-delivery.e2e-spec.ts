/// <reference lib="dom" />
import type { Browser } from 'playwright-core';
import { DEMO_STAFF_ACCOUNTS } from '../../server/seed/demo-accounts';
import { apiCaller } from '../support/api-caller';
import { newDesktopContext, openPage, saveScreenshot, signInToConsole, useBrowserStore, type DemoTee } from '../support/browser';
import type { TestServer } from '../support/test-server';

const CARE = DEMO_STAFF_ACCOUNTS.find((account) => account.role === 'care')!;

/**
 * Issue 14 in a real browser: care opens a pending order, sees the phone's history badge, changes the size on
 * the customer's request, confirms, prints the slip; the shopper's tracking page shows the new size and total.
 */
describe('cash on delivery: care changes an order on the confirmation call', () => {
  let server: TestServer, browser: Browser, tee: DemoTee;
  const store = useBrowserStore();
  beforeAll(() => void ({ server, browser, tee } = store));
  const { call, login } = apiCaller(() => server.baseUrl);

  const placeOrder = async (phone: string) => {
    const { status, body } = await call('POST', '/api/public/confirm-order', undefined, {
      cart: [{ id: tee.id, name: tee.name, slug: tee.slug, size: 'M', qty: 2, price: tee.price }],
      coupon: null,
      couponoffer: null,
      data: { name: 'Rahima Khatun', email: '', phone, address: 'House 3, Road 9, Gulshan, Dhaka', shipping_phone: phone, devliery_charge: 70, paymentMethod: 'cash' },
    });
    expect(status).toBe(201);
    return body.order_id as string;
  };

  it('shows the badge, changes the size, confirms and prints; the shopper sees the new size and total', async () => {
    const phone = '01990000014';
    const care = (await login(CARE.email, CARE.password)).access_token;
    // The phone's past: one order delivered and sent back.
    const earlier = await placeOrder(phone);
    for (const [path, body] of [['confirm', {}], ['start-processing', {}], ['ship', { courier: 'Pathao', tracking_code: 'PT-14' }], ['deliver', {}], ['return', { reason: 'refused at the door' }]] as const) {
      expect((await call('POST', `/api/admin/orders/${earlier}/${path}`, care, body)).status).toBe(200);
    }
    const orderId = await placeOrder(phone);
    // The phone-risk projection counts the new order within moments: the page is opened once it has.
    const badges = async () => ((await call('GET', `/api/admin/orders/${orderId}`, care)).body.phone_risk ?? []).map((record: { badge: string }) => record.badge);
    for (const deadline = Date.now() + 30_000; !(await badges()).includes('1 of 2 returned') && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    const { page, errors, close } = await openPage(newDesktopContext, browser);
    try {
      await page.goto(`${server.baseUrl}/admin`);
      await signInToConsole(page, CARE);
      await page.goto(`${server.baseUrl}/admin/orders/${orderId}`);
      await page.getByRole('heading', { level: 1, name: `Order ${orderId}` }).waitFor();
      await page.getByText('1 of 2 returned').first().waitFor();
      expect(await page.locator('main').innerText()).toMatch(/expires in (47|48) h/);

      const lineForm = page.getByRole('form', { name: 'Change a line' });
      await lineForm.getByLabel('New size').fill('L');
      await lineForm.getByLabel("Why the change (customer's words)").fill('customer wants a bigger size');
      await lineForm.getByRole('button', { name: 'Change line' }).click();
      await page.getByRole('status').filter({ hasText: `Order ${orderId} is changed.` }).waitFor();
      await page.getByRole('cell', { name: 'L', exact: true }).waitFor();

      await page.getByRole('button', { name: 'Confirm order', exact: true }).click();
      await page.getByLabel('Status: Confirmed').waitFor();
      await saveScreenshot(page, 'cod-care-order');

      const [slip] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Print packing slip' }).click()]);
      await slip.waitForLoadState();
      const slipText = await slip.locator('body').innerText();
      expect(slipText).toContain(orderId);
      expect(slipText).toMatch(/Cash to collect: ৳\d/);
      await saveScreenshot(slip, 'cod-packing-slip');
      await slip.close();

      const { body: summary } = await call('GET', `/api/public/getOrders?orderId=${orderId}&phone=${phone}`);
      expect(summary.history).toEqual([expect.objectContaining({ size: 'L', qty: 2 })]);
      await page.goto(`${server.baseUrl}/order-tracking`);
      await page.getByLabel('Order ID').fill(orderId);
      await page.getByLabel('Phone number').fill(phone);
      await page.getByRole('button', { name: 'Track Order' }).click();
      await page.getByText('Size L × 2').waitFor();
      const total = summary.orderrow.grand_total as number;
      expect(await page.locator('.tracking-totals__grand').innerText()).toContain(total.toFixed(2));
      await saveScreenshot(page, 'cod-tracking');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
