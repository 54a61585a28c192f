/// <reference lib="dom" />
import type { Browser } from 'playwright-core';
import { DEMO_STAFF_ACCOUNTS } from '../../server/seed/demo-accounts';
import { apiCaller } from '../support/api-caller';
import { collectPageErrors, demoTee, newDesktopContext, newPhoneContext, saveScreenshot, signInToConsole, useBrowserStore } from '../support/browser';
import type { TestServer } from '../support/test-server';

const CARE = DEMO_STAFF_ACCOUNTS.find((account) => account.role === 'care')!;
const ADMIN = DEMO_STAFF_ACCOUNTS.find((account) => account.role === 'admin')!;
const HOUR = 60 * 60 * 1000;

/** `datetime-local` value of an instant, in UTC (the contexts below run in UTC). */
const localInput = (time: number) => new Date(time).toISOString().slice(0, 16);

/**
 * Issue 19 in a real browser: an admin creates an offer in the console, orders are delivered, the admin runs
 * the draw step by step; the winners page and a shopper's own tokens show the result; care sees the tokens.
 */
describe('lucky draw in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let tee: { id: number; slug: string; name: string; price: number };
  const store = useBrowserStore();
  const { call, login } = apiCaller(() => server.baseUrl);

  beforeAll(async () => {
    ({ server, browser } = store);
    tee = await demoTee(server.baseUrl);
  });

  async function placeOrder(phone: string, qty: number): Promise<string> {
    const { status, body } = await call('POST', '/api/public/confirm-order', undefined, {
      cart: [{ id: tee.id, name: tee.name, slug: tee.slug, size: 'M', qty, price: tee.price }],
      coupon: null,
      couponoffer: null,
      data: { name: 'Rahim Uddin', email: '', phone, address: 'House 12, Road 5, Dhanmondi, Dhaka', shipping_phone: phone, devliery_charge: 70, paymentMethod: 'cash' },
    });
    expect(status).toBe(201);
    return body.order_id;
  }

  it('admin creates an offer and runs the draw; the winners page and a shopper\'s tokens show the result', async () => {
    const care = (await login(CARE.email, CARE.password)).access_token;
    let shopperOrderId = '';
    const adminContext = await newDesktopContext(browser, { timezoneId: 'UTC' });
    const admin = await adminContext.newPage();
    const adminErrors = collectPageErrors(admin);
    try {
      // The admin creates the offer in the console.
      await admin.goto(`${server.baseUrl}/admin`);
      await signInToConsole(admin, ADMIN);
      await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Lucky draw' }).click();
      await admin.getByRole('heading', { level: 1, name: 'Lucky draw' }).waitFor();
      const form = admin.getByRole('form', { name: 'Create offer' });
      await form.getByLabel('Name').fill('Pohela Boishakh lucky draw');
      await form.getByLabel('Orders from').fill(localInput(Date.now() - HOUR));
      await form.getByLabel('Orders until').fill(localInput(Date.now() + HOUR));
      await form.getByRole('button', { name: 'Create offer' }).click();
      await admin.getByRole('status').filter({ hasText: 'Offer created.' }).waitFor();
      await admin.getByRole('cell', { name: /Pohela Boishakh lucky draw/ }).waitFor({ timeout: 15_000 });
      await saveScreenshot(admin, 'lucky-draw-console-created');

      // Shoppers order; three orders are delivered, one is cancelled.
      shopperOrderId = await placeOrder('01715000111', 2);
      const others = [await placeOrder('01815000222', 1), await placeOrder('01915000333', 3)];
      const cancelled = await placeOrder('01615000444', 1);
      for (const orderId of [shopperOrderId, ...others]) {
        for (const step of ['confirm', 'start-processing', 'ship', 'deliver']) {
          const body = step === 'ship' ? { courier: 'Pathao', tracking_code: 'PT123' } : {};
          expect((await call('POST', `/api/admin/orders/${orderId}/${step}`, care, body)).status).toBe(200);
        }
      }
      expect((await call('POST', `/api/admin/orders/${cancelled}/cancel`, care, { reason: 'customer unreachable' })).status).toBe(200);

      // The admin ends the period and runs the draw, step by step.
      await admin.getByRole('button', { name: 'Open offer Pohela Boishakh lucky draw' }).click();
      const panel = admin.locator('section').filter({ has: admin.getByRole('heading', { name: /Pohela Boishakh lucky draw ·/ }) });
      for (const [button, status] of [
        ['End the period now', 'Offer updated.'],
        ['Commit the draw', 'The draw is committed'],
        ['Close and publish tokens', 'The offer is closed'],
        ['Hold the draw', 'The draw is held'],
      ]) {
        await panel.getByRole('button', { name: button }).click();
        await panel.getByRole('status').filter({ hasText: status }).waitFor();
      }
      await panel.getByRole('heading', { name: 'Pohela Boishakh lucky draw · Drawn' }).waitFor({ timeout: 15_000 });
      await panel.getByRole('heading', { name: 'Winners' }).waitFor();
      // 2 + 1 + 3 eligible tokens for 38 prizes: every one of them wins, the cancelled order's does not.
      const winnerRows = admin.getByRole('row').filter({ hasText: /\d(st|nd|rd|th) prize · ৳/ });
      expect(await winnerRows.count()).toBe(6);
      expect(await winnerRows.filter({ hasText: cancelled }).count()).toBe(0);
      await saveScreenshot(admin, 'lucky-draw-console-drawn');

      // Care sees the cancelled order's tokens as void on its order page.
      await admin.goto(`${server.baseUrl}/admin/orders/${cancelled}`);
      const tokens = admin.getByRole('region', { name: 'Lucky-draw tokens' });
      await tokens.getByRole('cell', { name: /Void \(order cancelled\)/ }).waitFor();
      await saveScreenshot(admin, 'lucky-draw-care-order-tokens');
      expect(adminErrors).toEqual([]);
    } finally {
      await adminContext.close();
    }

    // A shopper on a phone: the winners page, then their own tokens by order id and phone.
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    try {
      await page.goto(`${server.baseUrl}/offer/winners`);
      await page.getByRole('heading', { level: 1, name: 'Lucky draw winners' }).waitFor();
      const table = page.getByRole('table');
      await table.waitFor();
      expect(await table.getByRole('row').count()).toBe(1 + 6);
      // Three digits of a winner's phone at most, and no order id (issue 27): the winning entries stand for them.
      expect(await table.innerText()).toContain('•••111');
      expect(await table.innerText()).not.toContain('01715000111');
      expect(await table.innerText()).not.toContain(shopperOrderId);
      await expect(page.getByText(/Commitment \(SHA-256 of the secret seed\)/).count()).resolves.toBe(1);
      await saveScreenshot(page, 'lucky-draw-winners-phone');

      await page.getByLabel('Order ID').fill(shopperOrderId.toLowerCase());
      await page.getByLabel('Phone number').fill('01715000111');
      await page.getByRole('button', { name: 'Show my tokens' }).click();
      const mine = page.getByRole('list', { name: 'Lucky-draw tokens of this order' });
      await mine.waitFor();
      expect(await mine.getByRole('listitem').count()).toBe(2);
      expect(await mine.innerText()).toContain('Lucky-draw token');
      expect(await mine.innerText()).toMatch(/Winner: \d(st|nd|rd|th) prize/);
      // Each of the shopper's tokens names its entry in the list and the key that proves it is theirs.
      expect(await mine.getByText('In the list of Pohela Boishakh lucky draw as').count()).toBe(2);
      expect(await mine.getByText('entry key').count()).toBe(2);
      await saveScreenshot(page, 'lucky-draw-my-tokens-phone');

      await page.goto(`${server.baseUrl}/offer`);
      await page.getByRole('heading', { name: 'Pohela Boishakh lucky draw' }).waitFor();
      await page.getByRole('link', { name: 'See the 6 winners' }).waitFor();
      await saveScreenshot(page, 'lucky-draw-offer-page-phone');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

  });
});
