import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEVICES, itOn, openPage, saveScreenshot, useBrowserStore, type DemoTee } from '../support/browser';
import { findInNewestFiles, smsCodeTo } from '../support/data-files';
import type { TestServer } from '../support/test-server';

const PASSWORD = 'Tee-Bazaar-Pass-2026';
const NEW_PASSWORD = 'Another-Strong-Pass-77';

/** Register, login, dashboard, order details, profile, password, logout, recovery: spec §2, §4, §8. */
describe('customer account screens in a real browser', () => {
  let server: TestServer, browser: Browser, tee: DemoTee;
  const store = useBrowserStore();
  beforeAll(() => void ({ server, browser, tee } = store));

  /** The newest mail's link to `path`, read from the .eml files the server writes without SMTP. */
  async function mailedLink(to: string, path: string): Promise<string> {
    const dir = join(server.dataDir, 'mail');
    const link = await findInNewestFiles(dir, '.eml', 50, (eml) => {
      // Quoted-printable: join soft line breaks, then decode =XX.
      const text = eml
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return text.includes(to) ? text.match(new RegExp(`https?://[^\\s"<>]*${path}/[^\\s"<>]+`))?.[0] : undefined;
    });
    if (link) return link;
    throw new Error(`No mail to ${to} with a ${path} link in ${dir}`);
  }

  describe.each(DEVICES)('on a $name', ({ name, newContext }) => {
    const email = `karim.${name}@gmail.com`;
    const phone = name === 'phone' ? '01755000001' : '01855000002';

    const setup = (path: string) => openPage(newContext, browser, `${server.baseUrl}${path}`);

    async function login(page: Page, password: string) {
      await page.goto(`${server.baseUrl}/login`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL('**/dashboard');
    }

    const session = (page: Page, key: string) => page.evaluate(`sessionStorage.getItem(${JSON.stringify(key)})`) as Promise<string | null>;

    it('registers from a referral link, lands on the dashboard, sees an order and its details', async () => {
      const { page, errors, close } = await setup('/referral?code=FRIEND42');
      try {
        await page.getByRole('heading', { level: 1, name: 'Create an account' }).waitFor();
        expect(await page.getByLabel('Invite code (optional)').inputValue()).toBe('FRIEND42');
        await page.getByLabel('Name').fill('Karim Ahmed');
        await page.getByLabel('Email').fill('not-an-email');
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Register' }).click();
        await page.getByText('Invalid email format').waitFor();
        await page.getByLabel('Email').fill(email);
        await saveScreenshot(page, `register-${name}`);
        await page.getByRole('button', { name: 'Register' }).click();
        await page.waitForURL('**/dashboard');
        await page.getByText('Hello, Karim Ahmed welcome to your dashboard!').waitFor();
        await page.getByText('You have not placed any orders yet.').waitFor();
        const token = await session(page, 'token');
        expect(token).toBeTruthy();
        expect(JSON.parse((await session(page, 'user')) ?? '{}')).toEqual(expect.objectContaining({ name: 'Karim Ahmed', email }));
        await page.getByRole('banner').getByRole('link', { name: 'My Account' }).waitFor();

        // An order placed while logged in belongs to the customer.
        const placed = await fetch(`${server.baseUrl}/api/public/confirm-order`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': `e2e-account-${name}` },
          body: JSON.stringify({
            cart: [{ id: tee.id, size: 'L', qty: 2 }],
            data: { name: 'Karim Ahmed', phone, address: 'Mirpur 10, Dhaka', shipping_phone: phone, devliery_charge: 70, paymentMethod: 'cash' },
          }),
        });
        expect(placed.status).toBe(201);
        const orderId = ((await placed.json()) as { order_id: string }).order_id;

        await page.reload();
        const row = page.getByRole('row', { name: new RegExp(orderId) });
        await row.waitFor();
        for (const column of ['Order', 'Date', 'Order Status', 'Order Type', 'Total', 'Action']) {
          expect(await page.getByRole('columnheader', { name: column, exact: true }).count()).toBe(1);
        }
        expect(await row.innerText()).toContain('Online Order');
        expect(await row.innerText()).toContain(`৳ ${(tee.price * 2 + 70).toFixed(2)}`);
        await saveScreenshot(page, `dashboard-${name}`);

        await row.getByRole('link', { name: `Invoice for order ${orderId}` }).click();
        await page.getByRole('heading', { level: 1, name: `Order Details [${orderId}]` }).waitFor();
        await page.getByRole('heading', { name: 'Billing Information' }).waitFor();
        expect(await page.getByRole('link', { name: 'Back to Order List' }).getAttribute('href')).toBe('/dashboard');
        const summary = page.locator('.order-lines');
        await summary.getByText(tee.name).waitFor();
        const text = await summary.innerText();
        expect(text).toContain(`৳ ${(tee.price * 2).toFixed(2)}`);
        expect(text).toContain('Delivery Charge');
        expect(text).toContain('Cash on Delivery');
        expect(text).not.toContain('Transaction ID');
        await saveScreenshot(page, `order-details-${name}`);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    itOn('desktop', name)('updates the profile name, changes the password, logs out and logs back in', async () => {
      const { page, errors, close } = await setup('/');
      try {
        await login(page, PASSWORD);
        await page.getByRole('link', { name: 'My Profile' }).click();
        await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
        expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
        expect(await page.getByLabel('Phone number').getAttribute('readonly')).not.toBeNull();
        await page.getByLabel('Name').fill('Karim Uddin Ahmed');
        await page.getByRole('button', { name: 'Update Profile' }).click();
        await page.getByText('Has been successfully update').waitFor();
        await saveScreenshot(page, `profile-${name}`);

        await page.getByRole('link', { name: 'Changes Password' }).click();
        await page.getByLabel('New Password').fill(NEW_PASSWORD);
        await page.getByLabel('Confirm Password').fill('something-else-entirely');
        await page.getByRole('button', { name: 'Change Password' }).click();
        const validation = page.getByRole('alertdialog', { name: 'Validation Errors' });
        await validation.waitFor();
        await validation.getByRole('button', { name: 'OK' }).click();
        await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
        await page.getByRole('button', { name: 'Change Password' }).click();
        await page.getByText('Your password has been changed.').waitFor();
        // The session survives the change (the server issues a new token).
        await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
        await page.getByText('Hello, Karim Uddin Ahmed welcome to your dashboard!').waitFor();
        await page.getByRole('row').nth(1).waitFor();

        await page.getByRole('button', { name: 'Log Out' }).click();
        await page.waitForURL('**/login');
        expect(await session(page, 'token')).toBeNull();
        // A signed-out visit to an account page goes to /login and comes back after it (issue 16).
        await page.goto(`${server.baseUrl}/users/profile`);
        await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/users/profile');
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await page.getByRole('button', { name: 'Show password' }).click();
        expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
        await page.getByRole('button', { name: 'Login' }).click();
        await page.getByText('Invalid username or password.').waitFor();
        await saveScreenshot(page, `login-${name}`);

        // A refusal by the rate limit says so, not "Invalid username or password.".
        const tooMany = 'Too many attempts. Please wait 15 minutes and try again.';
        await page.route('**/api/auth/userLogin', (route) => route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ success: false, message: tooMany }) }));
        await page.getByRole('button', { name: 'Login' }).click();
        await page.getByText(tooMany).waitFor();
        expect(await page.getByText('Invalid username or password.').count()).toBe(0);
        await page.unroute('**/api/auth/userLogin');

        await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
        await page.getByRole('button', { name: 'Login' }).click();
        await page.waitForURL('**/users/profile');
        await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
        await page.getByRole('button', { name: 'Log Out' }).click();
        await page.waitForURL('**/login');
        await login(page, NEW_PASSWORD);
        expect(errors.filter((e) => !/status of (401|422|429)/.test(e))).toEqual([]);
      } finally {
        await close();
      }
    });

    itOn('phone', name)('sends a reset mail, resets the password from its link, and refuses bad recovery input', async () => {
      const { page, close } = await setup('/login');
      try {
        await page.getByRole('link', { name: 'Forgot password?' }).click();
        await page.getByRole('heading', { level: 1, name: 'Forget Password' }).waitFor();
        await page.getByLabel('Email').fill(`  ${email}  `);
        await page.getByRole('button', { name: 'Send Mail' }).click();
        const sent = page.getByRole('alertdialog');
        await sent.waitFor();
        await sent.getByRole('button', { name: 'OK' }).click();
        await page.waitForURL('**/login');

        const link = new URL(await mailedLink(email, 'forget-password-recover-email'));
        await page.goto(`${server.baseUrl}${link.pathname}`);
        await page.getByRole('heading', { level: 1, name: 'Reset Password' }).waitFor();
        await page.getByLabel('New Password').fill('short');
        await page.getByLabel('Confirm Password').fill('different');
        await page.getByRole('button', { name: 'Submit' }).click();
        const validation = page.getByRole('alertdialog', { name: 'Validation Errors' });
        await validation.waitFor();
        await validation.getByRole('button', { name: 'OK' }).click();
        expect(await page.locator('.field__error').count()).toBe(2);
        await saveScreenshot(page, `reset-password-${name}`);
        await page.getByLabel('New Password').fill(PASSWORD);
        await page.getByLabel('Confirm Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Submit' }).click();
        await page.waitForURL('**/login');
        await login(page, PASSWORD);

        // The same link a second time: what happened, and the way to a new one.
        await page.goto(`${server.baseUrl}${link.pathname}`);
        await page.getByLabel('New Password').fill(NEW_PASSWORD);
        await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
        await page.getByRole('button', { name: 'Submit' }).click();
        await page.getByRole('heading', { name: 'This link has expired or was already used' }).waitFor();
        await saveScreenshot(page, `reset-link-used-${name}`);
        await page.getByRole('link', { name: 'Request a new link' }).click();
        await page.waitForURL('**/forget-password');
        await page.getByRole('heading', { level: 1, name: 'Forget Password' }).waitFor();

        await page.goto(`${server.baseUrl}/find-account-using-phone`);
        await page.getByLabel('Phone number').fill('01900000000');
        await page.getByRole('button', { name: 'Find Account' }).click();
        const notFound = page.getByRole('alertdialog', { name: 'Account not found.' });
        await notFound.waitFor();
        await notFound.getByRole('button', { name: 'OK' }).click();
        await saveScreenshot(page, `find-account-${name}`);

        await page.goto(`${server.baseUrl}/verify-email/not-a-real-token`);
        await page.getByRole('heading', { level: 1, name: 'Update your email' }).waitFor();
        await page.getByLabel('Email').fill(email);
        await page.getByRole('button', { name: 'Update Email' }).click();
        await page.getByRole('heading', { name: 'This link has expired or was already used' }).waitFor();
        expect(await page.getByRole('link', { name: 'Send a new verification e-mail' }).getAttribute('href')).toBe('/find-account-using-phone');
      } finally {
        await close();
      }
    });

    itOn('phone', name)('finds an account by phone and sends the verification mail', async () => {
      const { page, close } = await setup('/');
      try {
        // Give the account a phone number (the profile screen shows it read-only).
        await login(page, PASSWORD);
        const token = await session(page, 'token');
        const form = new FormData();
        form.append('name', 'Karim Uddin Ahmed');
        form.append('phone_number', phone);
        const updated = await fetch(`${server.baseUrl}/api/user/updateUserFrontend`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
        expect(updated.status).toBe(200);
        // Typed, the number finds nothing yet (ADR 057); the profile says so and proves it with a code by SMS.
        await page.goto(`${server.baseUrl}/users/profile`);
        await page.getByText(`${phone} · not verified yet`).waitFor();
        const verification = page.getByRole('region', { name: 'Verify your phone' });
        await verification.getByRole('button', { name: 'Send code by SMS' }).click();
        await verification.getByLabel('Code from the SMS').fill(await smsCodeTo(server.dataDir, phone));
        await verification.getByRole('button', { name: 'Verify phone' }).click();
        await verification.getByText(`${phone} · Your phone number is verified.`).waitFor();

        await page.goto(`${server.baseUrl}/find-account-using-phone`);
        // Typed in Bengali digits, as a Bengali keyboard gives them.
        const bengali = phone.replace(/\d/g, (digit) => String.fromCharCode(0x09e6 + Number(digit)));
        await page.getByLabel('Phone number').fill(bengali);
        await page.getByRole('button', { name: 'Find Account' }).click();
        await page.getByText('Account found!').waitFor();
        await page.getByLabel('Email').fill(email);
        await page.getByRole('button', { name: 'Send verification mail' }).click();
        const sent = page.getByRole('alertdialog');
        await sent.getByText("We've sent a verification email. Please check your inbox or spam folder.").waitFor();
        await sent.getByRole('button', { name: 'OK' }).click();
        await page.waitForURL('**/login');
      } finally {
        await close();
      }
    });
  });
});
