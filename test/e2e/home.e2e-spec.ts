import type { Browser } from 'playwright-core';
import { collectPageErrors, DEVICES, ensureClientBuilt, launchBrowser, saveScreenshot } from '../support/browser';
import { startTestServer } from '../support/test-server';

describe('storefront shell in a real browser', () => {
  let server: { baseUrl: string; stop(): Promise<void> };
  let browser: Browser;
  let storeName: string;

  beforeAll(async () => {
    ensureClientBuilt();
    server = await startTestServer();
    browser = await launchBrowser();
    // The page must show whatever the store's settings say, so the test reads them the way the client does.
    const response = await fetch(`${server.baseUrl}/api/public/settingRow`);
    if (response.status !== 200) {
      throw new Error(`GET /api/public/settingRow answered ${response.status}; the storefront needs the settings call`);
    }
    storeName = ((await response.json()) as { data: { name: string } }).data.name;
    expect(storeName).toBeTruthy();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe.each(DEVICES)('on a $name', ({ name, newContext }) => {
    // Browser-side code is passed as source text: the test project is compiled without DOM types.
    async function setup(path: string, initScript?: string) {
      const context = await newContext(browser);
      if (initScript) await context.addInitScript({ content: initScript });
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${server.baseUrl}${path}`);
      return { page, errors, close: () => context.close() };
    }

    it('shows the store name from the settings as the home page heading, with a way into the shop', async () => {
      const { page, errors, close } = await setup('/');
      try {
        const heading = page.getByRole('heading', { level: 1, name: storeName });
        await heading.waitFor();
        const shopLink = page.getByRole('link', { name: 'Shop the collection' });
        expect(await shopLink.getAttribute('href')).toBe('/shop');
        expect(await page.getByRole('banner').getByText(`Welcome to ${storeName}`).isVisible()).toBe(true);
        expect(await page.title()).toBe(storeName);
        await saveScreenshot(page, `home-${name}`);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    it('shows the 404 texts for an unknown path and leads back home', async () => {
      const { page, errors, close } = await setup('/no-such-page/anywhere');
      try {
        await page
          .getByRole('heading', { level: 1, name: "Oops! The page you are looking for doesn't exist." })
          .waitFor();
        expect(await page.getByText('It might have been moved or deleted.').isVisible()).toBe(true);
        await saveScreenshot(page, `not-found-${name}`);

        await page.getByRole('link', { name: 'Go Back to Home' }).click();
        await page.getByRole('heading', { level: 1, name: storeName }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/');
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    it('counts the cart and wishlist kept in the browser and follows their update events', async () => {
      const { page, close } = await setup(
        '/',
        `localStorage.setItem('cart', '[{"id":1},{"id":2}]'); localStorage.setItem('wishlist', '[{"id":7}]');`,
      );
      try {
        const header = page.getByRole('banner');
        await header.getByRole('link', { name: 'Cart, 2 items' }).waitFor();
        await header.getByRole('link', { name: 'Wishlist, 1 item' }).waitFor();
        expect(await header.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');

        await page.evaluate(
          `localStorage.setItem('cart', '[{"id":1},{"id":2},{"id":3}]'); window.dispatchEvent(new Event('cart-updated'));`,
        );
        await header.getByRole('link', { name: 'Cart, 3 items' }).waitFor();
      } finally {
        await close();
      }
    });
  });
});
