/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { DEMO_STAFF_ACCOUNTS } from '../../server/seed/demo-accounts';
import { apiCaller } from '../support/api-caller';
import { collectPageErrors, newDesktopContext, newPhoneContext, saveScreenshot, signInToConsole, useBrowserStore } from '../support/browser';

const ADMIN = DEMO_STAFF_ACCOUNTS.find((account) => account.role === 'admin')!;
const CARE = DEMO_STAFF_ACCOUNTS.find((account) => account.role === 'care')!;

/**
 * Issue 13 in a real browser: an admin creates a product with an uploaded picture and publishes it; without a
 * restart it is on /shop, in search and on its product page from the first load after Publish; its price
 * changes and a cart holding it warns the shopper before checkout; a disabled care account is refused on its
 * next call.
 */
describe('store administration in a real browser', () => {
  const store = useBrowserStore();
  const caller = apiCaller(() => store.server.baseUrl);

  async function logIn(page: Page, account: { email: string; password: string }) {
    await page.goto(`${store.server.baseUrl}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Staff only' }).waitFor();
    await signInToConsole(page, account);
  }

  it('creates, pictures and publishes a product that shoppers find at once; a price change warns a cart holding it', async () => {
    const base = store.server.baseUrl;
    const context = await newDesktopContext(store.browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await logIn(page, ADMIN);

    await page.getByRole('link', { name: 'Products', exact: true }).click();
    await page.getByRole('link', { name: 'New product' }).click();
    const form = page.getByRole('form', { name: 'New product' });
    await form.getByLabel('Name', { exact: true }).fill('Kantha Stitch Tee');
    await form.getByLabel('Category').selectOption({ label: 'Men › Graphic Tees' });
    await form.getByLabel('Price (৳)').fill('650');
    await form.getByLabel(/Old price/).fill('800');
    await form.getByLabel('Badge (e.g. New, Sale)').fill('New');
    await form.getByRole('checkbox', { name: 'XL', exact: true }).check();
    await form.getByRole('textbox', { name: 'Description', exact: true }).fill('Hand-finished kantha stitch print.');
    await form.getByLabel(/^Bengali name/).fill('কাঁথা সেলাই টি-শার্ট');
    await form.getByRole('button', { name: 'Create draft' }).click();
    await page.getByText('Draft', { exact: true }).first().waitFor();

    const png = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#b5651d' } }).png().toBuffer();
    await page.getByLabel('Add a picture (JPEG, PNG or WebP, up to 5 MB)').setInputFiles({ name: 'kantha.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('img', { name: 'Preview of the file to upload' }).waitFor();
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('img', { name: 'Kantha Stitch Tee, 1 of 1' }).waitFor();
    // No stock was given: Publish asks first (issue 31), and publishes when told to.
    await page.getByRole('button', { name: 'Publish' }).click();
    const noStock = page.getByRole('alertdialog', { name: /Nothing of this product is in stock/ });
    await noStock.waitFor();
    await saveScreenshot(page, 'admin-product-publish-warning');
    await noStock.getByRole('button', { name: 'Publish anyway' }).click();
    await page.getByRole('button', { name: 'Unpublish' }).waitFor();
    await saveScreenshot(page, 'admin-product-published');

    // Publish answers once the shop's read model has the product, so the first load of each page shows it:
    // neither page is reloaded, and no wall-clock bound (a busy machine is slow, not wrong).
    const shopper = await (await newPhoneContext(store.browser)).newPage();
    const shopperErrors = collectPageErrors(shopper);
    await shopper.goto(`${base}/shop`);
    await shopper.getByRole('link', { name: /Kantha Stitch Tee/ }).first().waitFor();
    await shopper.goto(`${base}/product-details/kantha-stitch-tee`);
    await shopper.getByRole('heading', { level: 1, name: /Kantha Stitch Tee/ }).waitFor();
    const image = shopper.locator('img[src*="/uploads/products/"][src$=".webp"]').first();
    await image.waitFor();
    const search = await caller.call('GET', '/api/public/search-products?q=kantha&category_id=all');
    expect(search.body.data.map((hit: { slug: string }) => hit.slug)).toEqual(['kantha-stitch-tee']);

    // The shopper has it in the cart at ৳650 (put there as the product page does); the admin lowers the price; the
    // cart says so before checkout.
    const product = (await caller.call('GET', '/api/public/productRow?slug=kantha-stitch-tee')).body.data;
    expect(product).toMatchObject({ name: 'Kantha Stitch Tee', name_bn: 'কাঁথা সেলাই টি-শার্ট', description_bn: null });
    await shopper.evaluate(
      `localStorage.setItem('cart', ${JSON.stringify(JSON.stringify([{ id: product.id, name: product.name, size: 'M', price: 650, slug: product.slug, qty: 1, thumbnail: product.thumbnail }]))})`,
    );
    await page.getByLabel('Price (৳)').fill('599');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await page.getByRole('list', { name: 'Product history' }).getByText(/^Price ৳650 → ৳599 by Store Admin, /).waitFor();
    await saveScreenshot(page, 'admin-product-history');

    await shopper.goto(`${base}/cart`);
    const warning = shopper.getByRole('alert').filter({ hasText: 'Your cart changed' });
    await warning.waitFor();
    expect(await warning.innerText()).toContain('Price changed from ৳650.00 to ৳599.00');
    await saveScreenshot(shopper, 'cart-price-changed');
    await shopper.goto(`${base}/checkout`);
    await shopper.getByRole('alert').filter({ hasText: 'Price changed from ৳650.00 to ৳599.00' }).waitFor();
    expect(await shopper.getByRole('button', { name: 'Confirm Order' }).count()).toBe(0);
    await shopper.getByRole('button', { name: 'Update my cart' }).click();
    await shopper.getByRole('button', { name: /Confirm Order/ }).waitFor();
    expect(await shopper.evaluate(`JSON.parse(localStorage.getItem('cart'))[0].price`)).toBe(599);

    expect(errors).toEqual([]);
    expect(shopperErrors).toEqual([]);
    await context.close();
    await shopper.context().close();
  }, 120_000);

  it('an owner creates a product with two sizes and their stock, publishes it, and a shopper buys it; the histories speak plainly (issue 31)', async () => {
    const base = store.server.baseUrl;
    // The narrowest phone the owner and care use (360 px): the editor's toolbar and text must fit it.
    const context = await newPhoneContext(store.browser, { viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await logIn(page, ADMIN);
    await page.goto(`${base}/admin/products/new`);
    const form = page.getByRole('form', { name: 'New product' });
    await form.getByLabel('Name', { exact: true }).fill('Nakshi Kantha Tee');
    await form.getByLabel('Category').selectOption({ label: 'Women › Graphic Tees' });
    await form.getByLabel('Price (৳)').fill('690');
    await form.getByLabel('Stock in size M').fill('5');
    await form.getByLabel('Stock in size L').fill('2');
    // Typed as an owner types (issue 31): a paragraph with a bold phrase, a second paragraph, a bulleted list,
    // and Enter twice to leave the list for a last paragraph.
    const tools = form.getByRole('toolbar', { name: 'Description: formatting', exact: true });
    await form.getByRole('textbox', { name: 'Description', exact: true }).click();
    await page.keyboard.type('Soft cotton with a ');
    await tools.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('hand-drawn print');
    await tools.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' on the front');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Made in Dhaka');
    await page.keyboard.press('Enter');
    await tools.getByRole('button', { name: 'Bulleted list' }).click();
    expect(await tools.getByRole('button', { name: 'Bulleted list' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type('Breathes in the heat');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Keeps its colour wash after wash');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Wash cold');
    // The Bengali description pasted from Word: its paragraphs, bold and list stay, its styles and markers go.
    await form.getByRole('textbox', { name: 'Bengali description', exact: true }).click();
    await pasteHtml(page, WORD_PASTE);
    await saveScreenshot(page, 'admin-new-product-with-stock-phone');
    await form.getByRole('button', { name: 'Create draft' }).click();

    const stock = page.getByRole('region', { name: 'Stock' });
    await stock.getByText('5 in stock').waitFor();
    await stock.getByText('2 in stock').waitFor();
    await stock.getByRole('button', { name: 'Change or see history of size M' }).click();
    const stockHistory = stock.getByRole('list', { name: 'Stock history' });
    await stockHistory.getByText(/^5 received by Store Admin, \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} — first stock$/).waitFor();
    // A correction shows in the count and the history without a reload.
    const adjust = stock.getByRole('form', { name: 'Adjust stock in size M' });
    await adjust.getByLabel(/^Add or take off/).fill('-1');
    await adjust.getByLabel(/^Reason/).fill('stained');
    await adjust.getByRole('button', { name: 'Adjust' }).click();
    await stock.getByText('4 in stock').waitFor();
    await stockHistory.getByText(/^1 taken off by Store Admin, .* — stained$/).waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('button', { name: 'Unpublish' }).waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    const productHistory = page.getByRole('list', { name: 'Product history' });
    await productHistory.getByText(/^Published in the shop by Store Admin, /).waitFor();
    await saveScreenshot(page, 'admin-product-stock-history-phone');

    // Plain words only: no event, stream or version names, no raw data.
    for (const text of [await stock.innerText(), await productHistory.innerText()]) {
      expect(text).not.toMatch(/Stock(Received|Adjusted|Reserved|Released)|Product(Created|Published|DetailsChanged)|sku-\d|Stream|#\d|\bv\d|[{}]/);
    }

    // The shopper buys size M in the same run.
    const shopper = await (await newPhoneContext(store.browser)).newPage();
    const shopperErrors = collectPageErrors(shopper);
    await shopper.goto(`${base}/product-details/nakshi-kantha-tee`);
    await shopper.getByRole('heading', { level: 1, name: /Nakshi Kantha Tee/ }).waitFor();
    const description = await caller.call('GET', '/api/public/productRow?slug=nakshi-kantha-tee');
    expect(description.body.data.description).toBe(
      '<p>Soft cotton with a <b>hand-drawn print</b> on the front</p><p>Made in Dhaka</p><ul><li>Breathes in the heat</li><li>Keeps its colour wash after wash</li></ul><p>Wash cold</p>',
    );
    expect(description.body.data.description_bn).toBe('<p>নরম সুতি, <b>হাতে আঁকা</b> ছাপ</p><ul><li>ঢাকায় তৈরি</li><li>ঠান্ডা পানিতে ধোবেন</li></ul>');
    // The shop shows it as the owner wrote it: the paragraphs, the bold phrase, the list.
    const shown = shopper.getByRole('region', { name: 'Description' });
    await shown.locator('p').filter({ hasText: /^Soft cotton with a hand-drawn print on the front$/ }).waitFor();
    expect(await shown.locator('b').innerText()).toBe('hand-drawn print');
    expect(await shown.locator('ul > li').allInnerTexts()).toEqual(['Breathes in the heat', 'Keeps its colour wash after wash']);
    for (const line of ['Made in Dhaka', 'Wash cold']) await shown.locator('p').filter({ hasText: new RegExp(`^${line}$`) }).waitFor();
    await saveScreenshot(shopper, 'shop-product-description-phone');
    await shopper.getByRole('radio', { name: /^M\b/ }).check(); // "M", or "M (only 4 left)" when few are left
    await shopper.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await shopper.getByText('Added to Cart!').waitFor();
    await saveScreenshot(shopper, 'shop-product-with-stock-phone');
    await shopper.goto(`${base}/checkout`);
    await shopper.getByLabel('Full name').fill('Farhana Yasmin');
    await shopper.getByLabel('Phone number').fill('01711223344');
    await shopper.getByLabel('Shipping address').fill('House 12, Road 4, Dhanmondi, Dhaka');
    await shopper.getByRole('button', { name: 'Confirm Order' }).click();
    await shopper.waitForURL('**/order-confirm', { timeout: 15_000 });
    const admin = (await caller.login(ADMIN.email, ADMIN.password)).access_token;
    const product = (await caller.call('GET', '/api/public/productRow?slug=nakshi-kantha-tee')).body.data;
    // The stock list is a read model: it shows the order's reservation once its projection has read the order.
    const sizeM = async () =>
      ((await caller.call('GET', `/api/admin/stock?search=${product.sku}`, admin)).body.data as Array<{ size: string; available: number; reserved: number }>).find((row) => row.size === 'M');
    let row = await sizeM();
    for (const deadline = Date.now() + 15_000; row?.reserved !== 1 && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) row = await sizeM();
    expect(row).toMatchObject({ available: 3, reserved: 1 });

    // The owner's stock history names the order in words, still without event names.
    await page.reload();
    await page.getByRole('region', { name: 'Stock' }).getByRole('button', { name: 'Change or see history of size M' }).click();
    await page.getByRole('list', { name: 'Stock history' }).getByText(/^1 set aside for order [A-Z0-9]+, /).waitFor();
    expect(await page.getByRole('list', { name: 'Stock history' }).innerText()).not.toMatch(/StockReserved|sku-|Stream/);
    expect(errors).toEqual([]);
    expect(shopperErrors).toEqual([]);
    await context.close();
    await shopper.context().close();
  }, 90_000);

  it('an owner rewrites the return policy with a subheading, italics and a numbered list, and the shop shows it as written (issue 31)', async () => {
    const base = store.server.baseUrl;
    const context = await newDesktopContext(store.browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await logIn(page, ADMIN);
    await page.goto(`${base}/admin/pages`);
    await page.getByRole('navigation', { name: 'Info pages' }).getByRole('button', { name: 'Return policy' }).click();
    const form = page.getByRole('form', { name: 'Edit return page' });
    await form.getByLabel(/^Title/).fill('Returns and exchanges');
    const text = form.getByRole('textbox', { name: 'Text', exact: true });
    const tools = form.getByRole('toolbar', { name: 'Text: formatting' });
    await text.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    await tools.getByRole('button', { name: 'Subheading' }).click();
    await page.keyboard.type('Within 7 days');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Send back an item ');
    await tools.getByRole('button', { name: 'Italic' }).click();
    await page.keyboard.type('unworn');
    await tools.getByRole('button', { name: 'Italic' }).click();
    await page.keyboard.type(' with its tags.');
    await page.keyboard.press('Enter');
    await tools.getByRole('button', { name: 'Numbered list' }).click();
    await page.keyboard.type('Ask on your order page');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Our courier collects it');
    // Enter twice leaves the list; then a Facebook post and two plain lines pasted keep their lines, and the
    // post's emoji (an image there) stays an emoji.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await pasteHtml(page, FACEBOOK_PASTE);
    await page.keyboard.press('Enter');
    await pasteText(page, 'Refunds in 3 days\nExchanges free');
    await saveScreenshot(page, 'admin-info-page-editor-desktop');
    await form.getByRole('button', { name: 'Save page' }).click();
    await form.getByRole('status').filter({ hasText: 'Saved' }).waitFor();

    const saved = (await caller.call('GET', '/api/public/getPostData?category_id=5')).body.data as { name: string; description_full: string };
    expect(saved).toMatchObject({
      name: 'Returns and exchanges',
      description_full:
        '<h3>Within 7 days</h3><p>Send back an item <i>unworn</i> with its tags.</p><ol><li>Ask on your order page</li><li>Our courier collects it</li></ol>' +
        '<p>Eid returns are open 🎉</p><p>Message us first</p><p>Refunds in 3 days</p><p>Exchanges free</p>',
    });
    const shopper = await context.newPage();
    const shopperErrors = collectPageErrors(shopper);
    await shopper.goto(`${base}/return-policy`);
    await shopper.getByRole('heading', { level: 1, name: 'Returns and exchanges' }).waitFor();
    await shopper.getByRole('heading', { level: 3, name: 'Within 7 days' }).waitFor();
    expect(await shopper.locator('main i').innerText()).toBe('unworn');
    expect(await shopper.locator('main ol').filter({ hasText: 'Ask on your order page' }).locator('li').allInnerTexts()).toEqual(['Ask on your order page', 'Our courier collects it']);
    await saveScreenshot(shopper, 'shop-info-page-desktop');
    expect(errors).toEqual([]);
    expect(shopperErrors).toEqual([]);
    await context.close();
  }, 60_000);

  it('shows the limits on what anonymous shoppers can hold or make the store send, and saves them (issue 27)', async () => {
    const context = await newDesktopContext(store.browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await logIn(page, ADMIN);
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    const form = page.getByRole('form', { name: 'Store settings' });
    const perHour = form.getByLabel('Order SMS or e-mails a shopper can cause to one phone or address per hour (0 = no cap)');
    await perHour.waitFor();
    expect(await perHour.inputValue()).toBe('3');
    expect(await form.getByLabel('The same per day (0 = no cap)').inputValue()).toBe('10');
    expect(await form.getByLabel('Items held in unconfirmed orders per network address per hour (0 = no limit)').inputValue()).toBe('60');
    expect(await form.getByLabel(/^Open unpaid orders per phone/).inputValue()).toBe('3');
    await perHour.fill('5');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved' }).waitFor();
    const admin = (await caller.login(ADMIN.email, ADMIN.password)).access_token;
    expect((await caller.call('GET', '/api/admin/settings', admin)).body).toMatchObject({ order_messages_per_hour: 5, order_messages_per_day: 10, checkout_units_per_ip_hour: 60 });
    // Where staff watch the queues, what the cap held back.
    await page.getByRole('link', { name: 'System', exact: true }).click();
    await page.getByRole('navigation', { name: 'System' }).getByRole('link', { name: 'Projections' }).click();
    await page.getByRole('region', { name: 'Message queues' }).getByRole('columnheader', { name: 'Held back by the cap (24 h)' }).waitFor();
    expect((await caller.call('PUT', '/api/admin/settings', admin, { order_messages_per_hour: 3 })).status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('refuses a disabled care account on its very next call, in the console too', async () => {
    const context = await newDesktopContext(store.browser);
    const page = await context.newPage();
    await logIn(page, CARE);
    await page.getByRole('link', { name: 'Products', exact: true }).click();
    await page.getByRole('table').waitFor();

    const admin = (await caller.login(ADMIN.email, ADMIN.password)).access_token;
    const staff = await caller.call('GET', '/api/admin/staff', admin);
    const care = staff.body.data.find((member: { email: string }) => member.email === CARE.email);
    expect((await caller.call('POST', `/api/admin/staff/${care.id}/disable`, admin, {})).status).toBe(200);

    const careToken = await page.evaluate(() => {
      for (const storage of [sessionStorage, localStorage]) {
        for (let index = 0; index < storage.length; index += 1) {
          const value = storage.getItem(storage.key(index)!) ?? '';
          const match = /eyJ[\w-]+\.[\w-]+\.[\w-]*/.exec(value);
          if (match) return match[0];
        }
      }
      return null;
    });
    expect(careToken).not.toBeNull();
    expect((await caller.call('GET', '/api/admin/products', careToken!)).status).toBe(401);
    await page.getByRole('link', { name: 'Staff', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Your session has ended. Please log in again.' }).waitFor();
    await saveScreenshot(page, 'console-disabled-care');
    await context.close();
  }, 60_000);
});

/** What Word puts on the clipboard for two paragraphs and a bulleted list (trimmed): classes, styles, o:p, list markers in conditional comments. */
const WORD_PASTE = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta charset="utf-8"><style>p.MsoNormal{margin:0cm;font-family:Calibri}</style></head><body lang=EN-US>
<!--StartFragment--><p class=MsoNormal style='margin-bottom:8pt'><span style='font-family:Nirmala UI'>নরম সুতি, <b>হাতে আঁকা</b> ছাপ<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-list:Ignore'>·<span style='font:7pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span><![endif]><span style='font-family:Nirmala UI'>ঢাকায় তৈরি<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-list:Ignore'>·<span style='font:7pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span><![endif]><span style='font-family:Nirmala UI'>ঠান্ডা পানিতে ধোবেন<o:p></o:p></span></p>
<!--EndFragment--></body></html>`;

/** What a Facebook post puts on the clipboard (trimmed): line divs with classes and styles, an emoji as an image. */
const FACEBOOK_PASTE =
  '<div class="xdj266r x11i5rnm" dir="auto" style="text-align: start;">Eid returns are open <span class="x3nfvp2"><img height="16" width="16" alt="🎉" src="https://static.invalid/emoji.png"></span></div>' +
  '<div class="x11i5rnm" dir="auto" style="text-align: start;">Message us <a href="https://example.invalid/l.php" role="link">first</a></div>';

/** Pastes plain text into the focused editor as the browser does (see pasteHtml). */
async function pasteText(page: Page, text: string): Promise<void> {
  await paste(page, { 'text/plain': text });
}

/** Pastes HTML into the focused editor as the browser does, with the HTML and its text on the clipboard. */
async function pasteHtml(page: Page, html: string): Promise<void> {
  await paste(page, { 'text/html': html, 'text/plain': html.replace(/<[^>]*>/g, '') });
}

/**
 * A paste event with this clipboard on the focused element; resolves once the editor has changed. The editor reads
 * the clipboard asynchronously, so a key pressed at once would land before the pasted text: a person cannot be
 * that quick, a test can.
 */
async function paste(page: Page, clipboard: Record<string, string>): Promise<void> {
  await page.evaluate(
    (items) =>
      new Promise<void>((resolve) => {
        const target = document.activeElement!;
        const changed = new MutationObserver(() => {
          changed.disconnect();
          resolve();
        });
        changed.observe(target, { childList: true, characterData: true, subtree: true });
        const data = new DataTransfer();
        for (const [type, value] of Object.entries(items)) data.setData(type, value);
        target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }),
    clipboard,
  );
}
