/// <reference lib="dom" />
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { DEMO_STAFF_ACCOUNTS } from '../../server/seed/demo-accounts';
import { apiCaller } from '../support/api-caller';
import { newPhoneContext, openPage, saveScreenshot, useBrowserStore, type DemoTee } from '../support/browser';
import { availableStock, openStoreFixture, setAvailableStock, type StoreFixture } from '../support/store-fixture';
import type { TestServer } from '../support/test-server';

const CARE = DEMO_STAFF_ACCOUNTS.find((account) => account.role === 'care')!;
const BENGALI = `localStorage.setItem('tb-locale', 'bn');`;

/**
 * Issue 35 on a 360 px phone in Bengali: a shopper opens her delivered order on the tracking page, asks to
 * exchange her M for an L, and is told what happens next and what it costs; the L is held for her at once.
 */
describe('a size exchange asked from the tracking page', () => {
  let server: TestServer, browser: Browser, tee: DemoTee, fixture: StoreFixture;
  const store = useBrowserStore();
  beforeAll(async () => {
    ({ server, browser, tee } = store);
    fixture = await openStoreFixture(server.databaseUrl);
  });
  afterAll(() => fixture?.close());
  const { call, login } = apiCaller(() => server.baseUrl);

  it('asks for an exchange M → L in Bengali and sees the size set aside and the cost', async () => {
    const phone = '01990000035';
    await setAvailableStock(fixture, tee.id, 'M', 3);
    await setAvailableStock(fixture, tee.id, 'L', 3);
    const placed = await call('POST', '/api/public/confirm-order', undefined, {
      cart: [{ id: tee.id, size: 'M', qty: 1 }],
      coupon: null,
      couponoffer: null,
      locale: 'bn',
      data: { name: 'রহিমা খাতুন', phone, address: 'House 3, Road 9, Gulshan, Dhaka', shipping_phone: phone, devliery_charge: 70, paymentMethod: 'cash' },
    });
    expect(placed.status).toBe(201);
    const orderId = placed.body.order_id as string;
    const care = (await login(CARE.email, CARE.password)).access_token;
    for (const [path, body] of [['confirm', {}], ['start-processing', {}], ['ship', { courier: 'Pathao', tracking_code: 'PT-35' }], ['deliver', {}]] as const) {
      expect((await call('POST', `/api/admin/orders/${orderId}/${path}`, care, body)).status).toBe(200);
    }

    const { page, errors, close } = await openPage((b) => newPhoneContext(b, { viewport: { width: 360, height: 740 } }), browser, undefined, BENGALI);
    try {
      await page.goto(`${server.baseUrl}/order-tracking?orderId=${orderId}`);
      await page.getByLabel('ফোন').fill(phone);
      await page.getByRole('button', { name: 'অর্ডার ট্র্যাক করুন' }).click();
      await page.getByRole('button', { name: 'পণ্য ফেরত বা সাইজ বদল করুন' }).click();
      await page.getByRole('radio', { name: 'অন্য সাইজ' }).check();
      await page.getByLabel('নতুন সাইজ').selectOption('L');
      await page.getByLabel('কেন?').selectOption('size_too_small');
      await page.getByText('পিক-আপের খরচ ৳ ৬০.০০।').waitFor();
      // She attaches a photo of the tee (optional; only care sees it).
      const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
      await page.getByText('কোনো ছবি বাছা হয়নি').waitFor(); // the picker speaks the page's language, not the browser's
      // She taps the store's own button (the browser's file input is hidden under it) and picks the photo.
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByText('ছবি বেছে নিন', { exact: true }).click()]);
      await chooser.setFiles({ name: 'tee.png', mimeType: 'image/png', buffer: photo });
      await page.getByText('tee.png', { exact: true }).waitFor();
      expect(await page.getByText('অন্য ছবি বেছে নিন').isVisible()).toBe(true);
      await saveScreenshot(page, 'returns-exchange-form-bn-360');
      await page.getByRole('button', { name: 'অনুরোধ পাঠান' }).click();
      await page.getByRole('status').filter({ hasText: 'L সাইজটি আপনার জন্য রাখা হয়েছে' }).waitFor();
      expect(await page.getByRole('status').filter({ hasText: 'L সাইজটি' }).innerText()).toContain('৳ ৬০.০০');
      await saveScreenshot(page, 'returns-exchange-done-bn-360');
      // The page fits the phone: nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
    expect(await availableStock(fixture, tee.id, 'L')).toBe(2);
    const listed = await call('GET', `/api/admin/returns?order_id=${orderId}`, care);
    expect(listed.body.data).toEqual([expect.objectContaining({ kind: 'exchange', size: 'M', new_size: 'L', reason: 'size_too_small', stage: 'requested', photo: true })]);
    expect((await call('GET', `/api/admin/returns/${listed.body.data[0].return_id}/photo`, care)).body.photo).toMatch(/^data:image\/webp;base64,/);

    // Care refuses it with a reason: the tracking page says why on that item, above the form to ask again.
    const refused = await call('POST', `/api/admin/returns/${listed.body.data[0].return_id}/refuse`, care, { reason: 'ট্যাগ কাটা ছিল' });
    expect(refused.status).toBe(200);
    const again = await openPage((b) => newPhoneContext(b, { viewport: { width: 360, height: 740 } }), browser, undefined, BENGALI);
    try {
      await again.page.goto(`${server.baseUrl}/order-tracking?orderId=${orderId}`);
      await again.page.getByLabel('ফোন').fill(phone);
      await again.page.getByRole('button', { name: 'অর্ডার ট্র্যাক করুন' }).click();
      await again.page.getByRole('button', { name: 'পণ্য ফেরত বা সাইজ বদল করুন' }).click();
      await again.page.getByRole('status').filter({ hasText: 'এই পণ্যের আগের অনুরোধটি গ্রহণ করা হয়নি: ট্যাগ কাটা ছিল।' }).waitFor();
      expect(await again.page.getByRole('button', { name: 'অনুরোধ পাঠান' }).count()).toBe(1);
      await saveScreenshot(again.page, 'returns-refused-bn-360');
      expect(again.errors).toEqual([]);
    } finally {
      await again.close();
    }
  });
});
