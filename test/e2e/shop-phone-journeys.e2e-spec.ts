/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { apiCaller } from '../support/api-caller';
import { newPhoneContext, openPage, saveScreenshot, useBrowserStore, type DemoTee } from '../support/browser';
import type { TestServer } from '../support/test-server';

/**
 * Issue 32 on a Bengali phone (360 × 740): "গেঞ্জি" finds t-shirts; an empty checkout marks every required field
 * at once, the first focused, no pop-up; a refused cash order offers a call and bKash instead; a cancelled order's
 * tracking shows no amount to pay and no lucky-draw token. Each screen's words are Bengali but for product names,
 * sizes and bKash's name.
 */
const BENGALI = `localStorage.setItem('tb-locale', 'bn');`;

/** Latin words of `text` other than the allowed ones (store data such as product names, and bKash's name). */
function latinWords(text: string, allowed: string[]): string[] {
  const known = new Set(['bkash', 'xs', 's', 'm', 'l', 'xl', 'xxl', ...allowed.flatMap((name) => name.toLowerCase().match(/[a-z]+/g) ?? [])]);
  return [...new Set((text.match(/[A-Za-z]+/g) ?? []).filter((word) => !known.has(word.toLowerCase())))];
}

describe('a Bengali shopper on a phone (issue 32)', () => {
  let server: TestServer, browser: Browser, tee: DemoTee;
  const store = useBrowserStore();
  beforeAll(() => void ({ server, browser, tee } = store));
  const { call } = apiCaller(() => server.baseUrl);
  const line = () => ({ id: tee.id, name: tee.name, name_bn: tee.name_bn, size: 'M', price: tee.price, slug: tee.slug, qty: 1, thumbnail: tee.thumbnail });
  const withCart = () => `${BENGALI} localStorage.setItem('cart', ${JSON.stringify(JSON.stringify([line()]))});`;
  const open = (path: string, script = BENGALI) => openPage(newPhoneContext, browser, `${server.baseUrl}${path}`, script);

  it('finds t-shirts for "গেঞ্জি", Bengali-named ones first', async () => {
    const { page, errors, close } = await open(`/shop?search=${encodeURIComponent('গেঞ্জি')}`);
    try {
      await page.getByText(tee.name_bn!, { exact: true }).first().waitFor();
      const cards = await page.locator('.product-grid li').count();
      expect(cards).toBe(20);
      await saveScreenshot(page, 'bn-search-ganji-phone');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('offers the closest words and trending products when nothing matches', async () => {
    const { page, close } = await open('/shop?search=pasly');
    try {
      await page.getByRole('button', { name: 'paisley' }).waitFor();
      await page.locator('.no-matches .product-grid li').first().waitFor();
      expect(latinWords(await page.locator('.no-matches__title, .no-matches__trending').allInnerTexts().then((texts) => texts.join(' ')), ['pasly'])).toEqual([]);
    } finally {
      await close();
    }
  });

  it('marks every required field of an empty checkout at once and focuses the first, with no pop-up', async () => {
    const { page, close } = await open('/checkout', withCart());
    try {
      let dialogs = 0;
      page.on('dialog', () => void (dialogs += 1));
      await page.locator('form.checkout').waitFor();
      await page.locator('.checkout__confirm').click();
      const errors = page.locator('.field__error');
      await errors.nth(2).waitFor();
      expect(await page.locator('[aria-invalid="true"]').evaluateAll((fields) => fields.map((field) => field.getAttribute('name')))).toEqual(['name', 'phone', 'address']);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
      expect(await page.locator('[role="alertdialog"], .swal2-popup, .alert-dialog').count()).toBe(0);
      expect(dialogs).toBe(0);
      expect(latinWords((await errors.allInnerTexts()).join(' '), [])).toEqual([]);
      await saveScreenshot(page, 'bn-checkout-empty-phone');
    } finally {
      await close();
    }
  });

  it('offers a call and "pay by bKash instead" when the store refuses another cash order for the phone', async () => {
    const { page, close } = await open('/checkout', withCart());
    try {
      // The limit itself is the API suite's (shop-way-forward); here the store answers as it does at the limit.
      await page.route('**/api/public/confirm-order', (route) =>
        route.fulfill({
          status: 429,
          contentType: 'application/json',
          headers: { 'retry-after': '3600' },
          body: JSON.stringify({ success: false, code: 'too-many-open-orders', params: { open: 3 }, message: 'This phone number already has 3 cash on delivery orders waiting for delivery.' }),
        }),
      );
      await page.locator('#checkout-name').fill('শিরিন আক্তার');
      await page.locator('#checkout-phone').fill('01712345678');
      await page.locator('#checkout-address').fill('বাড়ি ৩, রোড ৫, মিরপুর');
      await page.locator('.checkout__confirm').click();
      const refusal = page.locator('.checkout__refusal');
      await refusal.waitFor();
      const call = refusal.getByRole('link');
      expect(await call.getAttribute('href')).toMatch(/^tel:\+?\d{6,}$/);
      const bkash = refusal.getByRole('button', { name: 'বরং বিকাশে পেমেন্ট করুন' });
      await bkash.waitFor();
      expect(latinWords(await refusal.innerText(), [])).toEqual([]);
      await saveScreenshot(page, 'bn-cod-refused-phone');
      await bkash.click();
      expect(await page.locator('input[name="paymentMethod"][value="bkash"]').isChecked()).toBe(true);
    } finally {
      await close();
    }
  });

  it('shows a cancelled order with no amount to pay and no lucky-draw token', async () => {
    const phone = '01712000032';
    const placed = await call('POST', '/api/public/confirm-order', undefined, {
      cart: [{ id: tee.id, size: 'M', qty: 1 }],
      coupon: null,
      couponoffer: null,
      locale: 'bn',
      data: { name: 'শিরিন আক্তার', phone, address: 'বাড়ি ৩, রোড ৫, মিরপুর', shipping_phone: phone, devliery_charge: 70, paymentMethod: 'cash' },
    });
    expect(placed.status).toBe(201);
    const orderId = placed.body.order_id as string;
    expect((await call('POST', '/api/public/cancel-order', undefined, { orderId, phone })).status).toBe(200);
    const { page, close } = await open(`/verify/${orderId}/${phone}`);
    try {
      const result = page.locator('.tracking-result');
      await result.getByText(tee.name_bn!).waitFor();
      const text = await result.innerText();
      expect(text).not.toContain('ডেলিভারির সময় দিতে হবে');
      await expectNoDueOrToken(page);
      expect(latinWords(text.split(orderId).join(' '), [])).toEqual([]);
      await saveScreenshot(page, 'bn-cancelled-tracking-phone');
    } finally {
      await close();
    }
  });
});

async function expectNoDueOrToken(page: Page): Promise<void> {
  expect(await page.locator('.tracking-totals__due').count()).toBe(0);
  expect(await page.locator('.tracking-steps__step:not(.tracking-steps__step--done):not(.tracking-steps__step--ended)').count()).toBe(0);
  expect(await page.locator('.tracking-result').getByText('লাকি ড্র').count()).toBe(0);
}
