/// <reference lib="dom" />
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEMO_STAFF_ACCOUNTS } from '../../server/seed/demo-accounts';
import { apiCaller } from '../support/api-caller';
import { newPhoneContext, openPage, signInToConsole, useBrowserStore } from '../support/browser';
import type { TestServer } from '../support/test-server';

const ADMIN = DEMO_STAFF_ACCOUNTS.find((account) => account.role === 'admin')!;
const SHOTS = process.env.STAFF_SHOTS_DIR;
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/**
 * Staff accounts as staff expect them (issue 31): an invited care member sets a password from the mail's link
 * on the console's own page and lands in /admin, signed in; a second tab is signed in too; a wrong password
 * shows the server's message in the console's language. STAFF_SHOTS_DIR=<folder> keeps screenshots of each
 * screen at 360 px and on a desktop, in English and Bengali.
 */
describe('staff invitation in a real browser', () => {
  let server: TestServer, browser: Browser;
  const store = useBrowserStore();
  beforeAll(() => void ({ server, browser } = store));
  const caller = apiCaller(() => server.baseUrl);

  /** The newest mailed link to `email`, pointed at the test server (the mail names the store's own origin). */
  async function mailedLink(email: string): Promise<string> {
    const folder = join(server.dataDir, 'mail');
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
      let files: string[] = [];
      try {
        files = readdirSync(folder).filter((name) => name.endsWith('.eml')).sort();
      } catch {
        files = [];
      }
      const mail = files.map((name) => readFileSync(join(folder, name), 'utf8').replace(/=\r?\n/g, '')).reverse().find((text) => text.includes(`To: ${email}`));
      const path = mail && /https?:\/\/[^/\s]+(\/admin\/invitation\/[A-Za-z0-9_-]{43})/.exec(mail)?.[1];
      if (path) return `${server.baseUrl}${path}`;
    }
    throw new Error(`no invitation mail to ${email}`);
  }

  async function shots(page: Page, name: string) {
    if (!SHOTS) return;
    mkdirSync(SHOTS, { recursive: true });
    for (const [label, size] of [['360', PHONE], ['desktop', DESKTOP]] as const) {
      await page.setViewportSize(size);
      await page.screenshot({ path: join(SHOTS, `${name}-${label}.png`), fullPage: true });
    }
    await page.setViewportSize(PHONE);
  }

  it('lets an invited care member set a password from the mail and land in /admin, signed in in a new tab too', async () => {
    const admin = (await caller.login(ADMIN.email, ADMIN.password)).access_token;
    const email = `mitu.care.${Date.now()}@teebazaar.test`;
    expect((await caller.call('POST', '/api/admin/staff', admin, { name: 'Mitu Akter', email, role: 'care' })).status).toBe(201);
    const link = await mailedLink(email);
    if (SHOTS) {
      // The admin's staff list: the new member invited until when, with resend and withdraw (screenshots only).
      const admin = await openPage(newPhoneContext, browser, `${server.baseUrl}/admin?lang=en`);
      await signInToConsole(admin.page, ADMIN);
      for (const lang of ['en', 'bn'] as const) {
        await admin.page.goto(`${server.baseUrl}/admin/staff?lang=${lang}`);
        await admin.page.getByRole('cell', { name: 'Mitu Akter' }).waitFor();
        await shots(admin.page, `staff-list-${lang}`);
      }
      await admin.close();
    }

    const { page, errors, close } = await openPage(newPhoneContext, browser);
    try {
      await page.setViewportSize(PHONE);
      if (SHOTS) {
        await page.goto(`${link}?lang=bn`);
        await page.getByText('স্বাগতম, Mitu Akter').waitFor();
        await shots(page, 'invitation-bn');
      }
      await page.goto(`${link}?lang=en`);
      await page.getByText('Welcome, Mitu Akter. You are invited to run the shop as customer care.').waitFor();
      await page.getByText(`Your sign-in e-mail: ${email}`).waitFor();
      await shots(page, 'invitation-en');
      await page.getByLabel('New password').fill('shapla-square-2026');
      await page.getByLabel('The same password again').fill('shapla-square-2026');
      await page.getByRole('button', { name: 'Set password and open the console' }).click();
      await page.getByRole('navigation', { name: 'Console' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin');
      await page.getByText('Mitu Akter').first().waitFor();
      await shots(page, 'signed-in-en');

      // A new tab (a link opened from a message): signed in by the session cookie, no login form.
      const tab = await page.context().newPage();
      await tab.goto(`${server.baseUrl}/admin/orders`);
      await tab.getByRole('navigation', { name: 'Console' }).waitFor();
      // Logging out there ends the session: the first tab's token is refused on its next call.
      await tab.getByRole('button', { name: 'Log out' }).click();
      await tab.getByRole('heading', { level: 1, name: 'Staff only' }).waitFor();
      const token = await page.evaluate(() => window.sessionStorage.getItem('token'));
      let status = 0;
      for (const deadline = Date.now() + 5_000; status !== 401 && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
        status = (await caller.call('GET', '/api/admin/orders', token ?? '')).status;
      }
      expect(status).toBe(401);
      // The used link says it is dead.
      await page.goto(link);
      await page.getByRole('heading', { level: 1, name: 'This invitation link cannot be used any more' }).waitFor();
      expect(errors.filter((error) => !/401|Unauthorized|400|Bad Request/.test(error))).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows a wrong staff password as the server says it, in English and in Bengali', async () => {
    const { page, close } = await openPage(newPhoneContext, browser);
    try {
      await page.setViewportSize(PHONE);
      for (const [lang, heading, email, password, button, message] of [
        ['en', 'Staff only', 'Email', 'Password', 'Log in', 'Invalid username or password.'],
        ['bn', 'শুধু কর্মীদের জন্য', 'ইমেইল', 'পাসওয়ার্ড', 'লগইন', 'ইউজারনেম বা পাসওয়ার্ড সঠিক নয়।'],
      ] as const) {
        await page.goto(`${server.baseUrl}/admin?lang=${lang}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.getByLabel(email, { exact: true }).fill(ADMIN.email);
        await page.getByLabel(password, { exact: true }).fill('not-the-password');
        await page.getByRole('button', { name: button, exact: true }).click();
        await page.getByRole('alert').filter({ hasText: message }).waitFor();
        expect(await page.getByRole('button', { name: button, exact: true }).isEnabled()).toBe(true);
        await shots(page, `login-error-${lang}`);
      }
    } finally {
      await close();
    }
  });
});
