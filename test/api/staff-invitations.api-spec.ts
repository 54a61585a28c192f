import { withClient } from '../support/sql-query';
import { Client } from 'pg';
import { DEMO_STAFF_ACCOUNTS } from '../../server/seed/demo-accounts';
import { apiCaller, type Json } from '../support/api-caller';
import { CapturedMail, startSmtpCapture, SmtpCapture } from '../support/smtp-capture';
import { useTestServer } from '../support/test-server';

/**
 * Staff accounts as staff expect them (issue 31, ADR 066): a real invitation mailed with a week-long link to the
 * console's set-password page, resent and withdrawn by an admin, members listed by their real state; and
 * sessions that outlive a tab: an httpOnly refresh cookie beside the spec's bearer token, rotated, ended by
 * signing out or by disabling the member.
 */
const ORIGIN = 'https://shop.example.com';
const admin = DEMO_STAFF_ACCOUNTS.find((account) => account.role === 'admin')!;

describe('staff invitations and sessions API', () => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  const server = useTestServer(() => ({ env: { SMTP_URL: smtp.url, APP_ORIGINS: ORIGIN } }));
  afterAll(async () => smtp?.stop());
  const { call, login } = apiCaller(() => server.baseUrl);
  let adminToken = '';
  let adminId = '';
  let ip = 0;

  beforeAll(async () => {
    const signedIn = await login(admin.email, admin.password);
    adminToken = signedIn.access_token;
    adminId = signedIn.user.id;
  });

  /** A call with cookies as a browser keeps them: the answer's Set-Cookie lines come back with it. */
  async function raw(method: string, path: string, options: { body?: unknown; cookie?: string; token?: string; language?: string } = {}) {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        'x-forwarded-for': `198.51.100.${(ip = (ip % 250) + 1)}`,
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    const setCookies = response.headers.getSetCookie();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Json, setCookies, cookie: cookieOf(setCookies) };
  }

  const database = <T>(work: (db: Client) => Promise<T>): Promise<T> => withClient(server.databaseUrl, work);

  const eventsOf = (streamId: string) =>
    database(async (db) => (await db.query<{ type: string; data: Json; actor: Json }>(`SELECT type, data, metadata->'actor' AS actor FROM events WHERE stream_id = $1 ORDER BY stream_position`, [streamId])).rows);

  async function invite(name: string, email: string, role: 'care' | 'admin' = 'care', locale?: 'en' | 'bn') {
    const added = await call('POST', '/api/admin/staff', adminToken, { name, email, role, ...(locale ? { locale } : {}) });
    expect(added.status).toBe(201);
    return added.body;
  }

  function linkIn(mail: CapturedMail): string {
    const match = /https:\/\/shop\.example\.com\/admin\/invitation\/([A-Za-z0-9_-]{43})/.exec(mail.text);
    expect(match).not.toBeNull();
    expect(mail.html).toContain(match![0]);
    return match![1];
  }

  const mailTo = (email: string, count = 1) =>
    smtp.waitFor(() => smtp.mailsTo(email).length >= count, 20_000).then(() => smtp.mailsTo(email)[count - 1]);

  it('invites a care member by mail, whose link sets the password once and signs them in with a session cookie', async () => {
    const member = await invite('Nusrat Jahan', 'nusrat.care@teebazaar.test');
    expect(member).toMatchObject({ status: 'invited', role: 'care' });
    const week = Date.parse(member.invitation_expires_at) - Date.now();
    expect(week).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(week).toBeLessThanOrEqual(7 * 24 * 3600_000);

    const mail = await mailTo('nusrat.care@teebazaar.test');
    expect(mail.subject).toMatch(/^You're invited to run .+ as care$/);
    expect(mail.text).toContain('Store Admin invited you');
    expect(mail.text).not.toMatch(/reset|did not ask/i);
    const token = linkIn(mail);

    const info = await raw('GET', `/api/public/staff-invitations/${token}`);
    expect(info.body).toEqual({ name: 'Nusrat Jahan', email: 'nusrat.care@teebazaar.test', role: 'care', expires_at: member.invitation_expires_at });
    const mismatch = await raw('POST', '/api/public/staff-invitations/accept', { body: { token, password: 'jamdani-weave-2026', password_confirmation: 'other' } });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual({ password_confirmation: ['The password confirmation does not match.'] });

    const accepted = await raw('POST', '/api/public/staff-invitations/accept', { body: { token, password: 'jamdani-weave-2026', password_confirmation: 'jamdani-weave-2026' } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ success: true, token_type: 'Bearer', user: { email: 'nusrat.care@teebazaar.test', role: 'care' } });
    expect((await call('GET', '/api/admin/orders', accepted.body.access_token)).status).toBe(200);
    const refreshCookie = accepted.setCookies.find((line) => line.startsWith('tb_refresh='))!;
    expect(refreshCookie).toMatch(/; Path=\/api\/auth; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    expect(accepted.setCookies.find((line) => line.startsWith('tb_session=1'))).toMatch(/; Path=\/;/);

    // Once: the same link is dead now, and the member is listed as working.
    const again = await raw('POST', '/api/public/staff-invitations/accept', { body: { token, password: 'another-pass-2026', password_confirmation: 'another-pass-2026' } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'invitation-expired', message: 'This invitation link has expired or was withdrawn. Ask an administrator to send it again.' });
    const listed = (await call('GET', '/api/admin/staff', adminToken)).body.data.find((m: Json) => m.id === member.id);
    expect(listed).toMatchObject({ status: 'active', invitation_expires_at: null });
    // The seeded members, who set their passwords at creation, are working members too.
    expect((await call('GET', '/api/admin/staff', adminToken)).body.data.filter((m: Json) => m.email.endsWith('@teebazaar.test') && m.status === 'invited')).toEqual([]);

    const events = await eventsOf(`user-${member.id}`);
    expect(events.map((event) => event.type)).toEqual(['StaffMemberAdded', 'StaffInvitationSent', 'StaffPasswordSet']);
    expect(events[1].actor.id).toBe(adminId);
    expect(events[2].actor).toMatchObject({ id: member.id, role: 'care' });
    expect(JSON.stringify(events)).not.toContain(token);
    const [session] = await database(async (db) => (await db.query(`SELECT stream_id, type, data FROM events WHERE type = 'SessionStarted' AND data->>'userId' = $1`, [member.id])).rows);
    expect(session.data).toMatchObject({ via: 'invitation' });
  });

  it('sends a Bengali invitation when asked; a resend kills the older link, a revoke the newest; an expired link is refused', async () => {
    const member = await invite('Rahim Mia', 'rahim.care@teebazaar.test', 'care', 'bn');
    const first = await mailTo('rahim.care@teebazaar.test');
    expect(first.subject).toContain('কাস্টমার কেয়ার');
    expect(first.html).toContain('lang="bn"');
    const oldToken = linkIn(first);

    const resent = await call('POST', `/api/admin/staff/${member.id}/resend-invitation`, adminToken, { locale: 'en' });
    expect(resent.status).toBe(200);
    expect(resent.body.status).toBe('invited');
    const second = await mailTo('rahim.care@teebazaar.test', 2);
    expect(second.subject).toMatch(/as care$/);
    const newToken = linkIn(second);
    expect(newToken).not.toBe(oldToken);
    expect((await raw('GET', `/api/public/staff-invitations/${oldToken}`)).body.code).toBe('invitation-expired');
    expect((await raw('GET', `/api/public/staff-invitations/${newToken}`)).status).toBe(200);

    // Past its week the link is refused, and the list says so.
    await database((db) => db.query(`UPDATE account_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1 AND used_at IS NULL`, [member.id]));
    expect((await raw('POST', '/api/public/staff-invitations/accept', { body: { token: newToken, password: 'padma-bridge-2026', password_confirmation: 'padma-bridge-2026' } })).status).toBe(400);
    const listed = (await call('GET', '/api/admin/staff', adminToken)).body.data.find((m: Json) => m.id === member.id);
    expect(listed.status).toBe('invited');
    expect(Date.parse(listed.invitation_expires_at)).toBeLessThan(Date.now());

    // A care member may not resend or revoke; the admin withdraws it: the link dies and the address is free again.
    const care = await login(DEMO_STAFF_ACCOUNTS[1].email, DEMO_STAFF_ACCOUNTS[1].password);
    expect((await call('POST', `/api/admin/staff/${member.id}/revoke-invitation`, care.access_token, {})).status).toBe(403);
    await call('POST', `/api/admin/staff/${member.id}/resend-invitation`, adminToken, {});
    const third = linkIn(await mailTo('rahim.care@teebazaar.test', 3));
    const revoked = await call('POST', `/api/admin/staff/${member.id}/revoke-invitation`, adminToken, {});
    expect(revoked.body).toEqual({ success: true, message: 'The invitation was withdrawn.' });
    expect((await raw('POST', '/api/public/staff-invitations/accept', { body: { token: third, password: 'padma-bridge-2026', password_confirmation: 'padma-bridge-2026' } })).body.code).toBe('invitation-expired');
    expect((await call('GET', '/api/admin/staff', adminToken)).body.data.some((m: Json) => m.id === member.id)).toBe(false);
    expect((await eventsOf(`user-${member.id}`)).map((event) => event.type)).toEqual([
      'StaffMemberAdded', 'StaffInvitationSent', 'StaffInvitationResent', 'StaffInvitationResent', 'StaffInvitationRevoked',
    ]);
    expect((await call('POST', '/api/admin/staff', adminToken, { name: 'Rahim Mia', email: 'rahim.care@teebazaar.test', role: 'care' })).status).toBe(201);
    // A working member has no invitation to resend.
    expect((await call('POST', `/api/admin/staff/${adminId}/resend-invitation`, adminToken, {})).body.fields).toEqual({ id: ['staff-not-invited'] });
  });

  it('refuses a wrong password with the message to show, in English and by its code', async () => {
    const wrong = await raw('POST', '/api/auth/userLogin', { body: { email: admin.email, password: 'not-the-password' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'login-failed', message: 'Invalid username or password.', errors: { account: ['Invalid username or password.'] } });
    expect(wrong.setCookies).toEqual([]);
  });

  it('keeps a member signed in across tabs with the cookie alone, rotates it, and ends it on sign-out or when the member is disabled', async () => {
    const member = await invite('Sadia Islam', 'sadia.care@teebazaar.test');
    const token = linkIn(await mailTo('sadia.care@teebazaar.test'));
    const accepted = await raw('POST', '/api/public/staff-invitations/accept', { body: { token, password: 'hilsa-season-2026', password_confirmation: 'hilsa-season-2026' } });
    const firstTab = accepted.body.access_token as string;

    // A new tab: no token, only the cookie. It gets a token of its own and the cookie is rotated.
    const newTab = await raw('POST', '/api/auth/refresh', { cookie: accepted.cookie });
    expect(newTab.status).toBe(200);
    expect(newTab.body).toMatchObject({ success: true, token_type: 'Bearer', user: { id: member.id, role: 'care' } });
    expect((await call('GET', '/api/admin/orders', newTab.body.access_token)).status).toBe(200);
    expect(newTab.cookie).not.toBe(accepted.cookie);
    // Two tabs refreshing at once present the same old cookie: the second still gets a token (within a minute).
    const raced = await raw('POST', '/api/auth/refresh', { cookie: accepted.cookie });
    expect(raced.status).toBe(200);
    expect(raced.setCookies.some((line) => line.startsWith('tb_refresh='))).toBe(false);
    const thirdTab = await raw('POST', '/api/auth/refresh', { cookie: newTab.cookie });
    expect(thirdTab.status).toBe(200);

    // Signing out in one tab ends the session: every tab's token and the cookie.
    const out = await raw('POST', '/api/auth/logout', { cookie: thirdTab.cookie, token: thirdTab.body.access_token });
    expect(out.body).toEqual({ success: true, message: 'Signed out.' });
    expect(out.setCookies.find((line) => line.startsWith('tb_refresh='))).toMatch(/^tb_refresh=; Path=\/api\/auth; Max-Age=0/);
    for (const bearer of [firstTab, newTab.body.access_token, thirdTab.body.access_token]) expect((await call('GET', '/api/admin/orders', bearer)).status).toBe(401);
    const afterOut = await raw('POST', '/api/auth/refresh', { cookie: thirdTab.cookie });
    expect(afterOut.status).toBe(401);
    expect(afterOut.body).toMatchObject({ code: 'session-ended', message: 'Your session has ended. Please log in again.' });
    const ended = await database(async (db) => (await db.query(`SELECT type, data, metadata->'actor' AS actor FROM events WHERE type = 'SessionEnded' AND data->>'userId' = $1`, [member.id])).rows);
    expect(ended).toEqual([expect.objectContaining({ data: expect.objectContaining({ reason: 'signed-out' }), actor: expect.objectContaining({ id: member.id }) })]);

    // A fresh sign-in, then the admin disables the member: the cookie no longer signs anyone in.
    const again = await raw('POST', '/api/auth/userLogin', { body: { email: 'sadia.care@teebazaar.test', password: 'hilsa-season-2026' } });
    expect((await raw('POST', '/api/auth/refresh', { cookie: again.cookie })).status).toBe(200);
    const later = await raw('POST', '/api/auth/refresh', { cookie: again.cookie });
    expect(later.status).toBe(200); // the replaced secret within its minute of grace
    const current = (await raw('POST', '/api/auth/refresh', { cookie: again.cookie })).cookie || again.cookie;
    expect((await call('POST', `/api/admin/staff/${member.id}/disable`, adminToken, {})).status).toBe(200);
    expect((await raw('POST', '/api/auth/refresh', { cookie: current })).status).toBe(401);
    expect(await database(async (db) => (await db.query(`SELECT count(*)::int AS open FROM account_sessions WHERE user_id = $1 AND revoked_at IS NULL`, [member.id])).rows[0].open)).toBe(0);
  });

  it('keeps a customer signed in across tabs too, and a reused old cookie ends the session', async () => {
    const email = `shopper-${Date.now()}@gmail.com`;
    const registered = await raw('POST', '/api/auth/register', { body: { name: 'Rahim Uddin', email, password: 'a long shopper passphrase' } });
    expect(registered.status).toBe(201);
    expect(registered.body.access_token).toEqual(expect.any(String));
    const tab = await raw('POST', '/api/auth/refresh', { cookie: registered.cookie });
    expect(tab.body.user).toMatchObject({ email, role: 'customer' });
    expect((await call('GET', '/api/user/checkCurrentUser', tab.body.access_token)).status).toBe(200);
    // The old secret a minute and more after its rotation: a copy, so the session ends.
    await database((db) => db.query(`UPDATE account_sessions SET rotated_at = now() - interval '2 minutes' WHERE user_id = $1`, [registered.body.user.id]));
    expect((await raw('POST', '/api/auth/refresh', { cookie: registered.cookie })).status).toBe(401);
    expect((await raw('POST', '/api/auth/refresh', { cookie: tab.cookie })).status).toBe(401);
    expect((await call('GET', '/api/user/checkCurrentUser', tab.body.access_token)).status).toBe(401);
    // No cookie at all: 401, and nothing else happens.
    expect((await raw('POST', '/api/auth/refresh')).status).toBe(401);
  });
});

/** The Cookie header a browser would send to /api/auth after these Set-Cookie lines (the refresh cookie only). */
function cookieOf(setCookies: string[]): string {
  const line = setCookies.find((candidate) => candidate.startsWith('tb_refresh='));
  return line ? line.split(';')[0] : '';
}
