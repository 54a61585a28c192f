import type { Browser, Page } from 'playwright-core';
import { DEVICES, itOn, newPhoneContext, openPage, saveScreenshot, useBrowserStore, type DemoTee } from '../support/browser';

/** Cart, checkout (validation, cash and bKash, coupon, idempotency), confirmation, tracking: spec §2, §4, §5, §8. */
describe('cart, checkout and tracking in a real browser', () => {
  let server: { baseUrl: string }, browser: Browser, tee: DemoTee;
  const store = useBrowserStore();
  beforeAll(() => void ({ server, browser, tee } = store));

  describe.each(DEVICES)('on a $name', ({ name, newContext }) => {
    // Each device orders with its own phone numbers: the demo coupon is limited to one use per phone.
    const phone = name === 'phone' ? '01711000001' : '01811000002';
    const bkashPhone = name === 'phone' ? '01911000003' : '01611000004';

    async function setup(path: string, cart?: unknown[]) {
      const opened = await openPage(newContext, browser, `${server.baseUrl}/`);
      if (cart) await opened.page.evaluate(`localStorage.setItem('cart', ${JSON.stringify(JSON.stringify(cart))})`);
      await opened.page.goto(`${server.baseUrl}${path}`);
      return opened;
    }

    const line = (size: string, qty = 1) => ({ id: tee.id, name: tee.name, size, price: tee.price, slug: tee.slug, qty, thumbnail: tee.thumbnail });
    const storage = (page: Page, key: string) => page.evaluate(`JSON.parse(localStorage.getItem(${JSON.stringify(key)}) ?? 'null')`) as Promise<unknown>;

    async function expectAlert(page: Page, title: string) {
      const alert = page.getByRole('alertdialog', { name: title });
      await alert.waitFor();
      await alert.getByRole('button', { name: 'OK' }).click();
      await alert.waitFor({ state: 'hidden' });
    }

    itOn('phone', name)('keeps cart quantities at 1 or more and shows line totals, SUBTOTAL and GRAND TOTAL', async () => {
      const { page, errors, close } = await setup('/cart', [line('M'), line('L', 2)]);
      try {
        await page.getByRole('heading', { level: 1, name: 'Shopping Cart' }).waitFor();
        const qtyM = page.getByRole('spinbutton', { name: `Quantity of ${tee.name}` }).first();
        await page.getByRole('button', { name: `Decrease quantity of ${tee.name}` }).first().click();
        expect(await qtyM.inputValue()).toBe('1');
        await page.getByRole('button', { name: `Increase quantity of ${tee.name}` }).first().click();
        expect(await qtyM.inputValue()).toBe('2');
        // A number box cannot hold letters; an emptied or zero box is the typed non-number of spec §4.
        await qtyM.fill('');
        await qtyM.blur();
        expect(await qtyM.inputValue()).toBe('1');
        await qtyM.fill('0');
        await qtyM.blur();
        expect(await qtyM.inputValue()).toBe('1');
        expect(((await storage(page, 'cart')) as Array<{ qty: number }>)[0]?.qty).toBe(1);
        const money = (n: number) => `৳ ${n.toFixed(2)}`;
        expect(await page.getByText('SUBTOTAL').isVisible()).toBe(true);
        expect(await page.locator('.cart-summary').innerText()).toContain(money(tee.price * 3));
        expect(await page.locator('.cart-summary__grand').innerText()).toContain(money(tee.price * 3));
        await saveScreenshot(page, `cart-${name}`);

        await page.getByRole('button', { name: `Remove ${tee.name} (size L)` }).click();
        await page.getByRole('banner').getByRole('button', { name: 'Cart (1 item)' }).waitFor();
        expect(await page.getByRole('link', { name: 'Check Out' }).getAttribute('href')).toBe('/checkout');
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    itOn('desktop', name)('shows an empty cart as an empty state: no form, no total, a way back to the shop', async () => {
      const { page, close } = await setup('/checkout', []);
      try {
        await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
        expect(await page.getByRole('button', { name: 'Confirm Order' }).count()).toBe(0);
        expect(await page.getByLabel('Full name').count()).toBe(0);
        expect(await page.locator('main').innerText()).not.toContain('৳');
        await page.getByRole('main').getByRole('link', { name: 'Continue shopping' }).click();
        await page.waitForURL('**/shop');
      } finally {
        await close();
      }
    });

    it('names each missing field, applies the coupon, and places a cash order shown on the confirmation page', async () => {
      const { page, errors, close } = await setup('/checkout', [line('M', 2)]);
      try {
        const requests: Array<{ key: string | undefined; body: unknown }> = [];
        page.on('request', (request) => {
          if (request.url().endsWith('/api/public/confirm-order')) requests.push({ key: request.headers()['idempotency-key'], body: request.postDataJSON() });
        });
        await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
        const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
        expect(await crumbs.getByRole('listitem').allInnerTexts()).toEqual(['cart', 'Shipping', 'Confirm Order']);
        expect(await page.getByRole('radio', { name: /Inside Dhaka/ }).isChecked()).toBe(true);
        expect(await page.getByRole('radio', { name: 'Cash on Delivery' }).isChecked()).toBe(true);

        const confirm = page.getByRole('button', { name: 'Confirm Order' });
        await confirm.click();
        // Issue 32: every missing field is marked at once beside it, the first focused, the titles listed; no pop-up.
        const summary = page.locator('.checkout__fix-fields');
        await summary.getByText('Name Required, Phone Required, Address Required').waitFor();
        for (const field of ['name', 'phone', 'address']) await page.locator(`#checkout-${field}-error`).waitFor();
        expect(await page.evaluate('document.activeElement?.getAttribute("name")')).toBe('name');
        expect(await page.getByRole('alertdialog').count()).toBe(0);
        await page.getByLabel('Full name').fill('Rahim Uddin');
        // Typed as Android autofill gives it: the box keeps the + and every digit, then shows the 01… form.
        const typed = `+88 ${phone.slice(0, 5)}-${phone.slice(5)}`;
        await page.getByLabel('Phone number').fill(typed);
        expect(await page.getByLabel('Phone number').inputValue()).toBe(typed);
        await page.getByLabel('Phone number').blur();
        expect(await page.getByLabel('Phone number').inputValue()).toBe(phone);
        await confirm.click();
        await summary.getByText('Address Required').waitFor();
        expect(await summary.innerText()).not.toContain('Name Required');
        await page.locator('#checkout-address-error').waitFor();
        // Each device is its own customer: the demo coupon counts one use per phone and per address.
        await page.getByLabel('Shipping address').fill(name === 'phone' ? 'House 5, Road 2, Dhanmondi' : 'Flat 3C, Road 27, Gulshan 1');
        // Delivery goes to the same phone unless the shopper says otherwise.
        const samePhone = page.getByRole('checkbox', { name: 'Delivery phone: same as above' });
        expect(await samePhone.isChecked()).toBe(true);
        await samePhone.uncheck();
        expect(await page.getByLabel('Shipping phone').inputValue()).toBe(phone);
        await page.getByLabel('Shipping phone').fill('');
        await confirm.click();
        await summary.getByText('Shipping Phone Required').waitFor();
        await page.locator('#checkout-shipping_phone-error').waitFor();
        await samePhone.check();

        // Outside Dhaka costs the settings' outside charge; the coupon takes 10% off the subtotal.
        await page.getByRole('radio', { name: /Outside Dhaka/ }).check();
        await page.getByLabel('Discount code').fill('WELCOME10');
        await page.getByRole('button', { name: 'Apply' }).click();
        await page.getByText('Coupon applied successfully.').waitFor();
        await page.getByText('Discount (10) %').waitFor();
        const subtotal = tee.price * 2;
        const grand = subtotal - subtotal * 0.1 + 130;
        expect(await page.locator('.checkout__grand').innerText()).toContain(`৳ ${grand.toFixed(2)}`);
        expect(await storage(page, 'apply_coupon')).toEqual(expect.objectContaining({ couponCode: 'WELCOME10', discountPercent: 10 }));
        await saveScreenshot(page, `checkout-cash-${name}`);

        // The dialog lasts 2 s (spec §4) and opens after the confirmation page has loaded: the page itself
        // notes every open alert dialog from before the click, so a busy machine cannot miss it between polls.
        await page.evaluate(() => {
          const seen: string[] = [];
          (window as unknown as { seenDialogs: string[] }).seenDialogs = seen;
          new MutationObserver(() => {
            for (const dialog of Array.from(document.querySelectorAll('dialog[role="alertdialog"][open]'))) {
              const text = (dialog as HTMLElement).innerText;
              if (!seen.includes(text)) seen.push(text);
            }
          }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
        });
        await confirm.click();
        await page.waitForURL('**/order-confirm', { timeout: 15_000 });
        await page.waitForFunction(() => (window as unknown as { seenDialogs: string[] }).seenDialogs.some((text) => text.includes('Order Confirmed!')), undefined, { timeout: 15_000 });
        const dialogs = await page.evaluate(() => (window as unknown as { seenDialogs: string[] }).seenDialogs);
        await page.getByRole('heading', { level: 1, name: 'Your Shopping - Order Confirm' }).waitFor();
        await page.getByText('Your order is pending').waitFor();
        const stored = (await storage(page, 'orderId')) as { value: string };
        expect(stored.value).toMatch(/^[A-Z0-9]{6,}$/);
        expect(dialogs.find((text) => text.includes('Order Confirmed!'))).toContain(`Your order ID is ${stored.value}.`);
        expect(await storage(page, 'cart')).toEqual([]);
        expect(await storage(page, 'apply_coupon')).toBeNull();
        await page.getByRole('cell', { name: tee.name, exact: false }).first().waitFor();
        expect(await page.locator('.order-lines').innerText()).toContain(`৳ ${grand.toFixed(2)}`);
        await saveScreenshot(page, `order-confirm-${name}`);

        expect(requests).toHaveLength(1);
        expect(requests[0]?.key).toMatch(/^[A-Za-z0-9._:-]{8,100}$/);
        expect(requests[0]?.body).toEqual(
          expect.objectContaining({
            cart: [expect.objectContaining({ id: tee.id, size: 'M', qty: 2 })],
            coupon: expect.objectContaining({ couponCode: 'WELCOME10' }),
            data: expect.objectContaining({ name: 'Rahim Uddin', phone, shipping_phone: phone, devliery_charge: 130, paymentMethod: 'cash' }),
          }),
        );

        // Tracking with the right and the wrong phone number.
        await page.goto(`${server.baseUrl}/order-tracking`);
        await page.getByLabel('Order ID').fill(stored.value);
        await page.getByLabel('Phone number').fill(phone);
        await page.getByRole('button', { name: 'Track Order' }).click();
        const status = page.locator('.order-status');
        await status.waitFor();
        expect(await status.innerText()).toBe('Pending');
        expect(await status.getAttribute('class')).toContain('pending');
        expect(await page.getByText('Rahim Uddin').isVisible()).toBe(true);
        await saveScreenshot(page, `tracking-${name}`);
        await page.getByLabel('Phone number').fill('01999999999');
        await page.getByRole('button', { name: 'Track Order' }).click();
        await expectAlert(page, 'Oops!');
        await page.getByText('Order not found or invalid information.').waitFor();

        await page.goto(`${server.baseUrl}/verify/${stored.value}/${phone}`);
        await page.locator('.order-status').waitFor();
        expect(await page.locator('.order-status').innerText()).toBe('Pending');
        await page.goto(`${server.baseUrl}/verify/${stored.value}/01999999999`);
        await page.getByText('Order not found or invalid information.').waitFor();
        expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
      } finally {
        await close();
      }
    });

    itOn('phone', name)('places a bKash order with the QR, sender number and transaction id, reusing the key after a network failure', async () => {
      const { page, close } = await setup('/checkout', [line('S')]);
      try {
        const keys: string[] = [];
        let failOnce = true;
        await page.route('**/api/public/confirm-order', async (route) => {
          keys.push(route.request().headers()['idempotency-key'] ?? '');
          if (failOnce) {
            failOnce = false;
            await route.abort('internetdisconnected');
          } else {
            await route.continue();
          }
        });
        await page.getByLabel('Full name').fill('Karima Begum');
        await page.getByLabel('Phone number').fill(bkashPhone);
        await page.getByLabel('Shipping address').fill(name === 'phone' ? 'Agrabad, Chattogram' : 'Nasirabad, Chattogram');
        await page.getByRole('radio', { name: 'bKash' }).check();
        // With a gateway (the demo one here) bKash pays on its page; money already sent is typed as before.
        await page.getByRole('button', { name: 'I already sent money with bKash' }).click();
        await page.getByRole('img', { name: 'QR code of the bKash number 01711000000' }).waitFor();
        await saveScreenshot(page, `checkout-bkash-${name}`);

        const confirm = page.getByRole('button', { name: 'Confirm Order' });
        await confirm.click();
        await page.locator('.checkout__fix-fields').getByText('Bkash Number Required, Transaction ID Required').waitFor();
        await page.getByLabel('bKash sender number').fill(bkashPhone);
        await confirm.click();
        await page.locator('.checkout__fix-fields').getByText('Transaction ID Required').waitFor();
        await page.getByLabel('Transaction ID').fill('8N7A6B5C4D');

        await confirm.click();
        const network = page.getByRole('alertdialog', { name: 'Network Error' });
        await network.getByText('Failed to submit order. Please try again later.').waitFor();
        await network.getByRole('button', { name: 'OK' }).click();
        await confirm.click();
        await page.waitForURL('**/order-confirm', { timeout: 15_000 });
        await page.getByText('Your order is pending').waitFor();
        expect(keys).toHaveLength(2);
        expect(keys[1]).toBe(keys[0]);
        await page.getByText('bKash Number').waitFor();
        expect(await page.locator('.order-lines').innerText()).toContain('8N7A6B5C4D');
      } finally {
        await close();
      }
    });

    itOn('desktop', name)("shows a short line beside it from the answer's code and params, whatever its message says (issue 26)", async () => {
      const { page, close } = await setup('/checkout', [line('M', 3)]);
      try {
        // The store's 409 as ProductOutOfStock answers it, with its English message reworded: the page must not read it.
        const reworded = 'Sorry, we are short of this tee.';
        await page.route('**/api/public/confirm-order', (route) =>
          route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({
              success: false,
              message: reworded,
              code: 'out-of-stock-left',
              params: { product: tee.name, size: 'M', available: 1 },
              errors: { cart: [reworded] },
              fields: { cart: ['out-of-stock-left'] },
            }),
          }),
        );
        await page.getByLabel('Full name').fill('Salma Khatun');
        await page.getByLabel('Phone number').fill(phone);
        await page.getByLabel('Shipping address').fill('House 9, Road 3, Mirpur');
        await page.getByRole('button', { name: 'Confirm Order' }).click();
        const problem = page.locator('.checkout__stock-problem');
        await problem.waitFor();
        expect(await problem.innerText()).toContain('Only 1 left in size M.');
        expect(await page.getByRole('alertdialog', { name: 'Order Failed' }).count()).toBe(0);
        await problem.getByRole('button', { name: 'Buy 1 instead' }).click();
        await problem.waitFor({ state: 'detached' });
        expect(((await storage(page, 'cart')) as Array<{ qty: number }>)[0]?.qty).toBe(1);
      } finally {
        await close();
      }
    });

    itOn('desktop', name)('explains a refused coupon code', async () => {
      const { page, close } = await setup('/checkout', [line('M')]);
      try {
        await page.getByLabel('Discount code').fill('NOSUCHCODE');
        await page.getByRole('button', { name: 'Apply' }).click();
        const alert = page.getByRole('alertdialog', { name: 'Coupon error' });
        await alert.getByText('Invalid coupon code.').waitFor();
        expect(await storage(page, 'apply_coupon')).toBeNull();
      } finally {
        await close();
      }
    });
  });

  /**
   * Issue 34 at 360 px: bKash through the demo gateway. In English the shopper approves and the confirmation says
   * paid with the trx id tracking holds; in Bengali the payment fails and the shopper pays cash on delivery instead.
   */
  describe('bKash checkout through the demo gateway at 360 px', () => {
    // The store's CSP lets its forms lead only to its own origin; the demo page's redirects name the configured
    // origin, which in this test is not the one the browser uses (see sendGatewayLinksHere): CSP is set aside.
    const narrowPhone = (b: Browser) => newPhoneContext(b, { viewport: { width: 360, height: 780 }, bypassCSP: true });
    const cart = () => JSON.stringify(JSON.stringify([{ id: tee.id, name: tee.name, size: 'M', price: tee.price, slug: tee.slug, qty: 1, thumbnail: tee.thumbnail }]));
    const tracking = async (orderId: string, phone: string) => {
      const response = await fetch(`${server.baseUrl}/api/public/getOrderInformation?orderId=${orderId}&phone=${phone}`);
      return ((await response.json()) as { data: { paymentMethod: string; payment: { state: string; trx_id: string | null } | null } }).data;
    };
    const fitsWidth = (page: Page) => page.evaluate('document.documentElement.scrollWidth <= 360') as Promise<boolean>;

    /**
     * The test server listens on a port of its own choosing, so the gateway's redirects (to the callback, back to
     * the store) name the configured origin instead: the payment routes are fetched for the browser and a link to
     * the configured origin is sent on to this server, as a proxy would.
     */
    async function sendGatewayLinksHere(page: Page) {
      const here = new URL(server.baseUrl);
      await page.route(
        (url) => url.pathname.startsWith('/api/payments/') || (url.origin !== here.origin && url.pathname === '/order-confirm'),
        async (route) => {
          const url = new URL(route.request().url());
          if (url.origin !== here.origin) return route.fulfill({ status: 302, headers: { location: `${here.origin}${url.pathname}${url.search}` } });
          const response = await route.fetch({ maxRedirects: 0 });
          const location = response.headers()['location'];
          if (!location) return route.fulfill({ response });
          const target = new URL(location, here.origin);
          return route.fulfill({ response, headers: { ...response.headers(), location: `${here.origin}${target.pathname}${target.search}` } });
        },
      );
    }

    async function checkOut(page: Page, labels: { name: string; phone: string; address: string; bkash: string; pay: string }, phone: string) {
      await sendGatewayLinksHere(page);
      await page.goto(`${server.baseUrl}/checkout`);
      await page.getByLabel(labels.name).fill('Nasrin Akter');
      await page.getByLabel(labels.phone).fill(phone);
      await page.getByLabel(labels.address).fill('House 12, Road 4, Mirpur 10, Dhaka');
      await page.getByRole('radio', { name: labels.bkash }).check();
      // No typed number or transaction id on the way to bKash's page.
      expect(await page.locator('[name="transaction_id"], [name="bkash_number"]').count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      await page.getByRole('button', { name: labels.pay }).click();
      await page.waitForURL('**/api/payments/demo/pay?**');
    }

    it('approves on the gateway page and lands on the confirmation saying paid, with the trx id', async () => {
      const phone = '01713400034';
      const { page, errors, close } = await openPage(narrowPhone, browser, `${server.baseUrl}/`);
      await page.evaluate(`localStorage.setItem('cart', ${cart()})`);
      try {
        await checkOut(page, { name: 'Full name', phone: 'Phone number', address: 'Shipping address', bkash: 'bKash', pay: 'Pay with bKash' }, phone);
        await page.getByRole('button', { name: /Approve payment/ }).click();
        await page.waitForURL('**/order-confirm?*payment=paid*');
        await page.getByRole('heading', { name: 'Paid with bKash' }).waitFor();
        const orderId = new URL(page.url()).searchParams.get('orderId')!;
        const { payment } = await tracking(orderId, phone);
        expect(payment).toEqual(expect.objectContaining({ state: 'paid', trx_id: expect.any(String) }));
        await page.getByText(`Transaction ID: ${payment!.trx_id}`).waitFor();
        await page.getByText(orderId).first().waitFor();
        expect(await fitsWidth(page)).toBe(true);
        // The cart was emptied when the order went to bKash.
        expect(await page.evaluate(`JSON.parse(localStorage.getItem('cart') ?? '[]').length`)).toBe(0);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    it('in Bengali: a failed payment offers bKash again or cash on delivery, and cash is kept', async () => {
      const phone = '01813400034';
      const { page, errors, close } = await openPage(narrowPhone, browser, `${server.baseUrl}/`);
      await page.evaluate(`localStorage.setItem('tb-locale', 'bn'); localStorage.setItem('cart', ${cart()})`);
      try {
        await checkOut(page, { name: 'পুরো নাম', phone: 'ফোন নম্বর', address: 'ডেলিভারির ঠিকানা', bkash: 'বিকাশ', pay: 'বিকাশে পরিশোধ করুন' }, phone);
        await page.getByRole('button', { name: /Fail payment/ }).click();
        await page.waitForURL('**/order-confirm?*payment=failed*');
        await page.getByRole('heading', { name: 'আপনার বিকাশ পেমেন্ট সম্পন্ন হয়নি' }).waitFor();
        await page.getByRole('button', { name: 'আবার বিকাশে চেষ্টা করুন' }).waitFor();
        expect(await fitsWidth(page)).toBe(true);
        await page.getByRole('button', { name: 'বরং ক্যাশ অন ডেলিভারিতে পরিশোধ করব' }).click();
        await page.getByRole('heading', { name: 'ক্যাশ অন ডেলিভারি' }).waitFor();
        const orderId = new URL(page.url()).searchParams.get('orderId')!;
        expect((await tracking(orderId, phone)).paymentMethod).toBe('cash');
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  });

  // Issue 30 (ADR 059): the district and thana picker on a small phone, in both languages. The area list comes
  // from the store as the shopper types; the zone's charge and the expected days show as soon as one is picked.
  describe.each([
    { lang: 'en', typed: 'dha', option: 'Dhanmondi, Dhaka', zone: 'Dhaka city', between: 'expected between', phone: '01712000030' },
    { lang: 'bn', typed: 'ধান', option: 'ধানমন্ডি, ঢাকা', zone: 'ঢাকা শহর', between: 'পৌঁছাবে', phone: '01712000031' },
  ])('picking the district and thana on a 360 px phone ($lang)', ({ lang, typed, option, zone, between, phone }) => {
    it('finds the thana from three typed letters, shows the charge and the delivery days, and sends the area with the order', async () => {
      const small = (b: Browser) => newPhoneContext(b, { viewport: { width: 360, height: 740 } });
      const cart = [{ id: tee.id, name: tee.name, size: 'M', price: tee.price, slug: tee.slug, qty: 1, thumbnail: tee.thumbnail }];
      const { page, errors, close } = await openPage(small, browser, `${server.baseUrl}/`);
      try {
        await page.evaluate(`localStorage.setItem('cart', ${JSON.stringify(JSON.stringify(cart))})`);
        await page.goto(`${server.baseUrl}/checkout?lang=${lang}`);
        const requests: unknown[] = [];
        page.on('request', (request) => {
          if (request.url().endsWith('/api/public/confirm-order')) requests.push(request.postDataJSON());
        });
        await page.locator('#checkout-name').fill('Nusrat Jahan');
        await page.locator('#checkout-phone').fill(phone);
        await page.locator('#checkout-address').fill('House 5, Road 2');
        await page.locator('input[name="area_id"]').pressSequentially(typed);
        await page.getByRole('button', { name: option, exact: true }).click();
        const delivery = page.locator('.checkout__delivery');
        await delivery.waitFor();
        const said = await delivery.innerText();
        expect(said).toContain(zone);
        expect(said).toContain(between);
        expect(said).toContain('৳');
        // The zone prices the delivery now: the inside/outside choice is gone, and a landmark may be added.
        expect(await page.locator('input[name="zone"]').count()).toBe(0);
        await page.locator('#checkout-landmark').fill('Near the lake');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await page.locator('.checkout__confirm').click();
        await page.waitForURL('**/order-confirm', { timeout: 15_000 });
        expect(requests[0]).toEqual(expect.objectContaining({ data: expect.objectContaining({ area_id: 't-12', landmark: 'Near the lake', address: 'House 5, Road 2' }) }));
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  });
});
