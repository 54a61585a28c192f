/// <reference lib="dom" />
import type { Browser } from 'playwright-core';
import { DEMO_STAFF_ACCOUNTS } from '../../server/seed/demo-accounts';
import { apiCaller } from '../support/api-caller';
import { newDesktopContext, newPhoneContext, openPage, saveScreenshot, signInToConsole, useBrowserStore, type DemoTee } from '../support/browser';
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
      await lineForm.getByLabel('New size').selectOption('L'); // issue 31: picked from the sizes in stock
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

  /**
   * Issue 29: care books a confirmed order with the demo courier from the order page (a double click sends one
   * booking), moves the parcel to delivered with "Move to next step"; the shopper's tracking page on a 360 px
   * phone shows the courier, the tracking code and every step, in English and in Bengali.
   */
  it('books with the demo courier, moves the parcel to delivered, and the shopper sees each step in English and Bengali', async () => {
    const phone = '01990000029';
    const care = (await login(CARE.email, CARE.password)).access_token;
    const orderId = await placeOrder(phone);
    expect((await call('POST', `/api/admin/orders/${orderId}/confirm`, care, {})).status).toBe(200);
    const due = (await call('GET', `/api/admin/orders/${orderId}/shipments`, care)).body.amount_to_collect as number;

    const staff = await openPage(newDesktopContext, browser);
    const bookings: string[] = [];
    staff.page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/admin/orders/${orderId}/shipments`) bookings.push(request.url());
    });
    try {
      const { page } = staff;
      await page.goto(`${server.baseUrl}/admin`);
      await signInToConsole(page, CARE);
      await page.goto(`${server.baseUrl}/admin/orders/${orderId}`);
      const panel = page.getByRole('region', { name: 'Parcel', exact: true });
      const booking = page.getByRole('form', { name: 'Book a parcel' });
      await booking.waitFor();
      // What care checks before booking: the recipient, the address and the amount the rider collects.
      const checked = await booking.innerText();
      expect(checked).toContain('Rahima Khatun');
      expect(checked).toContain('House 3, Road 9, Gulshan, Dhaka');
      expect(checked).toContain(`৳ ${due.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
      await booking.getByRole('combobox').selectOption('demo');
      await booking.getByRole('button', { name: 'Book', exact: true }).dblclick();
      await panel.getByText(`DM${orderId}`).waitFor();
      expect(bookings).toHaveLength(1);
      await panel.getByRole('link', { name: `DEMO-${orderId}` }).waitFor();

      for (const stage of ['Picked up', 'In transit', 'Out for delivery', 'Delivered']) {
        await panel.getByRole('button', { name: 'Move to next step' }).click();
        await panel.getByLabel(`Current stage: ${stage}`).waitFor();
      }
      await page.getByLabel('Status: Delivered').waitFor();
      expect(await panel.getByRole('button', { name: 'Move to next step' }).isDisabled()).toBe(true);
      expect(await panel.getByRole('list', { name: 'Steps' }).getByRole('listitem').count()).toBe(4);
      expect(staff.errors).toEqual([]);
    } finally {
      await staff.close();
    }

    const shopper = await openPage((b) => newPhoneContext(b, { viewport: { width: 360, height: 780 } }), browser);
    try {
      const { page } = shopper;
      await page.goto(`${server.baseUrl}/order-tracking`);
      await page.getByLabel('Order ID').fill(orderId);
      await page.getByLabel('Phone number').fill(phone);
      await page.getByRole('button', { name: 'Track Order' }).click();
      const delivery = page.getByRole('region', { name: 'Delivery' });
      await delivery.waitFor();
      expect(await delivery.innerText()).toMatch(new RegExp(`Demo courier[\\s\\S]*DEMO-${orderId}`));
      expect(await delivery.getByRole('link', { name: /Track on Demo courier’s site/ }).getAttribute('href')).toContain(`/order-tracking?orderId=${orderId}`);
      const steps = delivery.getByRole('list', { name: 'Parcel steps' }).getByRole('listitem');
      expect(await steps.allInnerTexts()).toEqual([
        expect.stringMatching(/^Delivered · Now\s+\d{1,2} \w{3} \d{4}, \d{1,2}:\d{2}\s?[ap]m\s+The parcel was delivered\.$/),
        expect.stringMatching(/^Out for delivery\s+.+\s+The rider is bringing the parcel today\.$/),
        expect.stringMatching(/^In transit\s+.+\s+The parcel is on its way to your area\.$/),
        expect.stringMatching(/^Picked up\s+.+\s+The rider picked the parcel up from the shop\.$/),
        expect.stringMatching(/^Booked with the courier\s+.+$/),
      ]);
      expect(await delivery.locator('[aria-current="step"]').innerText()).toMatch(/^Delivered/);
      const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(await fits()).toBe(true);

      await page.goto(`${server.baseUrl}/verify/${orderId}/${phone}?lang=bn`);
      const bangla = page.getByRole('region', { name: 'ডেলিভারি' });
      await bangla.waitFor();
      const banglaSteps = await bangla.getByRole('list', { name: 'পার্সেলের ধাপ' }).getByRole('listitem').allInnerTexts();
      expect(banglaSteps).toHaveLength(5);
      expect(banglaSteps[0]).toMatch(/^ডেলিভারি হয়েছে · এখন\s+[০-৯][\s\S]*পার্সেলটি পৌঁছে দেওয়া হয়েছে।$/);
      expect(banglaSteps[3]).toContain('রাইডার দোকান থেকে পার্সেলটি নিয়েছেন।');
      // Times in Bengali digits only.
      for (const time of await bangla.locator('time').allInnerTexts()) expect(time).not.toMatch(/[0-9]/);
      expect(await bangla.innerText()).toContain('ট্র্যাকিং কোড');
      expect(await fits()).toBe(true);
      expect(shopper.errors).toEqual([]);
    } finally {
      await shopper.close();
    }
  });
});
