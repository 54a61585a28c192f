/// <reference lib="dom" />
// page.evaluate callbacks run in the browser, where window and document exist.
import type { Browser, Page } from 'playwright-core';
import { DEMO_STAFF_ACCOUNTS } from '../../server/seed/demo-accounts';
import { apiCaller } from '../support/api-caller';
import { newDesktopContext, newPhoneContext, openPage, saveScreenshot, signInToConsole, useBrowserStore, type DemoTee } from '../support/browser';
import { startSmsGatewayCapture, type SmsGatewayCapture } from '../support/sms-gateway-capture';
import type { TestServer } from '../support/test-server';

const CARE = DEMO_STAFF_ACCOUNTS.find((account) => account.role === 'care')!;
const SMALL_PHONE = { width: 360, height: 740 };

/** No box of the page is wider than the screen: nothing to scroll sideways at 360 px. */
const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/**
 * Issue 31, care's day on a phone: with the order list open on a 360 px phone, a shopper's order placed meanwhile
 * appears without a reload under a "new order" badge; its page puts the customer, a tel: link and the cash first;
 * care changes the quantity, the timeline says from what to what, and the shopper is texted the new total, once,
 * in Bengali (the fake SMS gateway receives it).
 */
describe('care on a phone', () => {
  let gateway: SmsGatewayCapture;
  beforeAll(async () => {
    gateway = await startSmsGatewayCapture();
  });
  const store = useBrowserStore(() => ({ env: { SMS_URL: gateway.url } }));
  let server: TestServer, browser: Browser, tee: DemoTee;
  beforeAll(() => void ({ server, browser, tee } = store));
  afterAll(async () => {
    await gateway?.stop();
  });
  const caller = apiCaller(() => server.baseUrl);

  it('finds a new order without reloading, calls from a tel: link, amends it, and the shopper gets the new total by SMS', async () => {
    const phone = '01712031031';
    const { page, errors, close } = await openPage((b) => newPhoneContext(b, { viewport: SMALL_PHONE }), browser, `${server.baseUrl}/admin`);
    try {
      await signInToConsole(page, CARE);
      // The menu is one row on a phone: the first order is on the first screen.
      const nav = page.getByRole('navigation', { name: 'Console' });
      expect((await nav.boundingBox())!.height).toBeLessThan(60);
      await nav.getByRole('link', { name: 'Orders' }).click();
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
      await page.getByText('Live: the list updates by itself').waitFor();
      await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

      const placed = await caller.call('POST', '/api/public/confirm-order', undefined, {
        cart: [{ id: tee.id, size: 'M', qty: 1 }],
        coupon: null,
        couponoffer: null,
        locale: 'bn',
        data: { name: 'Nusrat Jahan', phone, address: 'House 7, Road 3, Zindabazar, Sylhet', shipping_phone: phone, devliery_charge: 70, paymentMethod: 'cash' },
      });
      expect(placed.status).toBe(201);
      const orderId = placed.body.order_id as string;

      const link = page.getByRole('link', { name: `Order ${orderId}` });
      await link.waitFor({ timeout: 15_000 });
      await page.getByText('1 new order').waitFor();
      await nav.getByRole('status', { name: 'New orders' }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
      expect((await link.boundingBox())!.y).toBeLessThan(SMALL_PHONE.height);
      expect(await overflowsSideways(page)).toBe(false);
      await saveScreenshot(page, 'care-phone-orders');

      await link.click();
      await page.getByRole('heading', { level: 1, name: `Order ${orderId}` }).waitFor();
      const call = page.getByRole('link', { name: `Call ${phone}` });
      expect(await call.getAttribute('href')).toBe(`tel:${phone}`);
      expect(await page.getByRole('link', { name: `WhatsApp ${phone}` }).getAttribute('href')).toBe(`https://wa.me/88${phone}`);
      const total = tee.price + 70;
      const taka = (amount: number) => `৳ ${amount.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
      expect(await page.getByTestId('cash-to-collect').innerText()).toContain(taka(total));
      // The customer and the cash come before the actions.
      expect((await call.boundingBox())!.y).toBeLessThan((await page.getByRole('heading', { name: 'Actions' }).boundingBox())!.y);
      // Blocking and erasing a phone are the admin's: not shown to care at all.
      expect(await page.getByRole('button', { name: /^(Block|Erase personal data)$/ }).count()).toBe(0);

      const lineForm = page.getByRole('form', { name: 'Change a line' });
      await lineForm.getByLabel('New quantity').fill('2');
      await lineForm.getByLabel("Why the change (customer's words)").fill('একটি বোনের জন্য');
      await lineForm.getByRole('button', { name: 'Change line' }).click();
      await page.getByRole('status').filter({ hasText: `Order ${orderId} is changed.` }).waitFor();
      const change = page.getByRole('list', { name: 'Order timeline' }).getByRole('listitem').filter({ hasText: 'Line changed' });
      await change.getByText('Quantity').waitFor();
      const changed = await change.innerText();
      expect(changed).toContain(`by ${CARE.name}`);
      expect(changed).toMatch(/Quantity · .+\s1\s*→\s*2/);
      expect(changed).toMatch(new RegExp(`Total\\s+${taka(total).replace(/[.৳]/g, '\\$&')}\\s*→\\s*${taka(total + tee.price).replace(/[.৳]/g, '\\$&')}`));
      expect(await overflowsSideways(page)).toBe(false);
      await saveScreenshot(page, 'care-phone-order');

      const bengaliDigits = (value: number) => String(value).replace(/\d/g, (digit) => '০১২৩৪৫৬৭৮৯'[Number(digit)]);
      const text = await gateway.waitFor((sms) => sms.number === `88${phone}` && sms.message.includes('নতুন মোট'));
      expect(text.message).toContain(`নতুন মোট ${bengaliDigits(total + tee.price)} টাকা`);
      expect(errors).toEqual([]);

      if (process.env.SCREENSHOTS) await moreScreenshots(page, orderId);
    } finally {
      await close();
    }
  });

  /** For a person to look at (SCREENSHOTS=1 only): the same screens in Bengali, and on a desktop in both languages. */
  async function moreScreenshots(phonePage: Page, orderId: string) {
    const bengali = async (page: Page) => {
      await page.evaluate(() => localStorage.setItem('tb-locale', 'bn'));
      await page.reload();
    };
    await bengali(phonePage);
    await phonePage.getByRole('heading', { level: 1, name: `Order ${orderId}` }).waitFor();
    await saveScreenshot(phonePage, 'care-phone-order-bn');
    await phonePage.goto(`${server.baseUrl}/admin/orders`);
    await phonePage.getByRole('link', { name: `Order ${orderId}` }).waitFor();
    await saveScreenshot(phonePage, 'care-phone-orders-bn');
    const desktop = await openPage(newDesktopContext, browser, `${server.baseUrl}/admin`);
    try {
      await signInToConsole(desktop.page, CARE);
      for (const locale of ['en', 'bn']) {
        if (locale === 'bn') await bengali(desktop.page);
        await desktop.page.goto(`${server.baseUrl}/admin/orders`);
        await desktop.page.getByRole('link', { name: `Order ${orderId}` }).waitFor();
        await saveScreenshot(desktop.page, `care-desktop-orders-${locale}`);
        await desktop.page.goto(`${server.baseUrl}/admin/orders/${orderId}`);
        await desktop.page.getByRole('heading', { level: 1, name: `Order ${orderId}` }).waitFor();
        await saveScreenshot(desktop.page, `care-desktop-order-${locale}`);
      }
    } finally {
      await desktop.close();
    }
  }
});
