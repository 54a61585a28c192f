import type { Browser } from 'playwright-core';
import { DEVICES, itOn, openPage, saveScreenshot, useBrowserStore } from '../support/browser';

describe('storefront shell and home page in a real browser', () => {
  let server: { baseUrl: string; stop(): Promise<void> };
  let browser: Browser;
  let storeName: string;

  const store = useBrowserStore();

  beforeAll(async () => {
    ({ server, browser } = store);
    // The page must show whatever the store's settings say, so the test reads them the way the client does.
    const response = await fetch(`${server.baseUrl}/api/public/settingRow`);
    if (response.status !== 200) {
      throw new Error(`GET /api/public/settingRow answered ${response.status}; the storefront needs the settings call`);
    }
    storeName = ((await response.json()) as { data: { name: string } }).data.name;
    expect(storeName).toBeTruthy();
  });

  describe.each(DEVICES)('on a $name', ({ name, newContext }) => {
    // Browser-side code is passed as source text: the test project is compiled without DOM types.
    const setup = (path: string, initScript?: string) => openPage(newContext, browser, `${server.baseUrl}${path}`, initScript);

    it('shows the hero slider, Trending Products in a grid, the two promo banners and the store name', async () => {
      const { page, errors, close } = await setup('/');
      try {
        await page.getByRole('heading', { level: 1, name: storeName }).waitFor({ state: 'attached' });
        const slider = page.getByRole('region', { name: 'Featured collections' });
        await slider.waitFor();
        expect(await slider.getByRole('button', { name: /Go to slide/ }).count()).toBe(3);
        expect(await slider.getByRole('button', { name: 'Go to slide 1' }).getAttribute('aria-current')).toBe('true');
        await page.getByRole('heading', { name: 'Trending Products' }).waitFor();
        await page.getByRole('button', { name: /^Quick View: / }).first().waitFor();
        expect(await page.getByRole('button', { name: /^Quick View: / }).count()).toBeGreaterThan(4);
        expect(await page.getByText('Up to 25% Off').isVisible()).toBe(true);
        expect(await page.getByText('Up to 35% Off').isVisible()).toBe(true);
        expect(await page.getByRole('banner').getByText(`Welcome to ${storeName}`).isVisible()).toBe(true);
        expect(await page.title()).toBe(storeName);
        await saveScreenshot(page, `home-${name}`);

        // Autoplay (5000 ms, spec §9) moves to the second slide; the dots say which one shows.
        await page.mouse.move(0, 0);
        await slider.locator('[aria-label="Go to slide 2"][aria-current="true"]').waitFor({ timeout: 8000 });
        await slider.getByRole('button', { name: 'Go to slide 3' }).click();
        expect(await slider.getByRole('button', { name: 'Go to slide 3' }).getAttribute('aria-current')).toBe('true');
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    itOn('desktop', name)('shows the 404 texts for an unknown path and leads back home', async () => {
      const { page, errors, close } = await setup('/no-such-page/anywhere');
      try {
        await page
          .getByRole('heading', { level: 1, name: "Oops! The page you are looking for doesn't exist." })
          .waitFor();
        expect(await page.getByText('It might have been moved or deleted.').isVisible()).toBe(true);
        await saveScreenshot(page, `not-found-${name}`);

        await page.getByRole('link', { name: 'Go Back to Home' }).click();
        await page.getByRole('heading', { name: 'Trending Products' }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/');
        // The page itself answered 404, which the browser reports; nothing else may fail.
        expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
      } finally {
        await close();
      }
    });

    itOn('phone', name)('counts the cart and wishlist kept in the browser and follows their update events', async () => {
      const { page, close } = await setup(
        '/',
        `if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); localStorage.setItem('cart', '[{"id":1,"name":"Tee","size":"M","price":650,"slug":"men-royal-bengal-tiger-tee","qty":1,"thumbnail":"/x.svg"},{"id":2,"name":"Rickshaw","size":"L","price":690,"slug":"b","qty":2,"thumbnail":"/x.svg"}]'); localStorage.setItem('wishlist', '[{"id":7}]'); }`,
      );
      try {
        const header = page.getByRole('banner');
        await header.getByRole('button', { name: 'Cart (2 items)' }).waitFor();
        await header.getByRole('link', { name: 'Wishlist (1 item)' }).waitFor();
        expect(await header.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');

        await page.evaluate(
          `localStorage.setItem('cart', '[{"id":1,"name":"Tee","size":"M","price":650,"slug":"men-royal-bengal-tiger-tee","qty":1,"thumbnail":"/x.svg"}]'); window.dispatchEvent(new Event('cart-updated'));`,
        );
        await header.getByRole('button', { name: 'Cart (1 item)' }).waitFor();

        // The mini cart drawer: line, totals, links; Escape closes it and focus returns to the cart button.
        await header.getByRole('button', { name: 'Cart (1 item)' }).click();
        const drawer = page.getByRole('dialog', { name: 'Shopping Cart' });
        await drawer.waitFor();
        expect(await drawer.getByText('Size: M').isVisible()).toBe(true);
        expect(await drawer.getByText('Qty: 1').isVisible()).toBe(true);
        expect(await drawer.getByText('Sub Total').isVisible()).toBe(true);
        expect(await drawer.getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/cart');
        expect(await drawer.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
        await saveScreenshot(page, `mini-cart-${name}`);
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'hidden' });
        expect(await header.getByRole('button', { name: 'Cart (1 item)' }).evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement)).toBe(true);
      } finally {
        await close();
      }
    });

    it('opens the category navigation: mega menu on a desktop, off-canvas menu on a phone', async () => {
      const { page, errors, close } = await setup('/');
      try {
        if (name === 'desktop') {
          await page.getByRole('button', { name: 'Category' }).click();
          await page.getByRole('link', { name: 'Polo Shirts' }).click();
        } else {
          await page.getByRole('button', { name: 'Menu' }).click();
          const menu = page.getByRole('dialog', { name: 'Menu' });
          await menu.waitFor();
          await saveScreenshot(page, `mobile-menu-${name}`);
          await menu.getByRole('link', { name: 'Polo Shirts' }).click();
          await menu.waitFor({ state: 'hidden' });
        }
        await page.waitForURL('**/category/men-polo-shirts');
        await page.getByRole('heading', { level: 1, name: 'Men · Polo Shirts' }).waitFor();
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  });
});
