import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { EventStore } from '../../server/event-store/event-store';
import { systemMetadata } from '../../server/common/request/request-metadata';
import { MailDelivery } from '../../server/mail/delivery/mail-delivery';
import { waitForFiles } from '../support/data-files';
import { orderPlaced } from '../support/order-events';
import { startSmtpCapture, SmtpCapture } from '../support/smtp-capture';
import { useTestServer, type TestServer } from '../support/test-server';
import { outboxSettled } from '../support/outbox-settled';

/**
 * Mail without Redis: the in-process queue (`mail_deliveries`), retries with backoff against a real SMTP
 * server that refuses at first, the once-per-event guarantee, order mails from order events, and `.eml`
 * files when there is no SMTP server at all.
 */
async function withDatabase<T>(url: string, work: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

async function register(server: TestServer, email: string) {
  const response = await fetch(`${server.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 200) + 1}` },
    body: JSON.stringify({ name: 'Sadia Islam', email, password: 'bogura-doi-sweet-7' }),
  });
  expect(response.status).toBe(201);
}

async function askReset(server: TestServer, email: string) {
  const response = await fetch(`${server.baseUrl}/api/public/send-verifymail-forgetpassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(response.status).toBe(200);
}

describe('mail without Redis (in-process queue)', () => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture({ failFirst: 2 });
  });
  const server = useTestServer(() => ({ env: { SEED_DEMO: 'false', SMTP_URL: smtp.url } }));
  afterAll(() => smtp?.stop());

  it('retries with backoff when the SMTP server refuses twice, and the mail arrives once', async () => {
    const email = `retry.${randomUUID().slice(0, 8)}@example.com`;
    await register(server, email);
    const started = Date.now();
    await askReset(server, email);
    const mail = await smtp.waitFor((m) => m.to.includes(email), 30_000);
    expect(smtp.refused).toBe(2);
    // Backoff of 1 s then 2 s between the three attempts.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    await outboxSettled(server, 'mail');
    expect(smtp.mailsTo(email)).toHaveLength(1);
    const row = await withDatabase(server.databaseUrl, (db) =>
      db.query(`SELECT status, attempts FROM mail_deliveries WHERE event_type = 'PasswordResetRequested'`),
    );
    expect(row.rows).toEqual([{ status: 'sent', attempts: 3 }]);
    // The Message-ID is the delivery's id: the same on every attempt, so a mailbox keeps one of any repeats.
    const delivery = await withDatabase(server.databaseUrl, (db) => db.query(`SELECT event_id FROM mail_deliveries WHERE event_type = 'PasswordResetRequested'`));
    expect(mail.messageId).toBe(`<${delivery.rows[0].event_id}@localhost>`);
    expect(smtp.byMessageId().get(mail.messageId)).toHaveLength(1);
  });

  it('sends a mail once however often and however concurrently its delivery is asked for', async () => {
    const email = `once.${randomUUID().slice(0, 8)}@example.com`;
    await register(server, email);
    await askReset(server, email);
    await smtp.waitFor((m) => m.to.includes(email));
    const eventId = await withDatabase(server.databaseUrl, async (db) => {
      const { rows } = await db.query(`SELECT event_id FROM events WHERE type = 'PasswordResetRequested' AND data->>'userId' = (SELECT id::text FROM users WHERE email = $1)`, [email]);
      return rows[0].event_id as string;
    });
    const delivery = server.app.get(MailDelivery);
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => delivery.deliver(eventId)));
    expect(outcomes.every((outcome) => outcome === 'done-before' || outcome === 'busy')).toBe(true);
    await outboxSettled(server, 'mail');
    expect(smtp.mailsTo(email)).toHaveLength(1);
  });

  it('mails an order placed with an e-mail and its status facts once care confirmed it, and nothing for an order without one', async () => {
    const store = server.app.get(EventStore);
    const email = `buyer.${randomUUID().slice(0, 8)}@example.com`;
    const orderId = `T${Date.now()}`;
    await store.append(`order-${orderId}`, 'no-stream', [orderPlaced(orderId, { email })], systemMetadata('test'));
    const placed = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes(orderId));
    expect(placed.subject).toBe(`Your Our store order ${orderId} is pending`);
    expect(placed.text).toContain('Rickshaw Art Tee (size M) × 2 — ৳1100.00');
    expect(placed.text).toContain('Total: ৳1160.00');

    await store.append(`order-${orderId}`, 1, [{ type: 'OrderConfirmed', data: { orderId, at: new Date().toISOString() } }], systemMetadata('test'));
    await smtp.waitFor((m) => m.to.includes(email) && /is confirmed/.test(m.subject));
    await store.append(`order-${orderId}`, 2, [{ type: 'OrderShipped', data: { orderId, at: new Date().toISOString(), courier: 'Pathao', trackingCode: 'PX-1' } }], systemMetadata('test'));
    const shipped = await smtp.waitFor((m) => m.to.includes(email) && /on its way/.test(m.subject));
    expect(shipped.text).toContain('Courier: Pathao, tracking code PX-1.');

    const silentId = `S${Date.now()}`;
    await store.append(`order-${silentId}`, 'no-stream', [orderPlaced(silentId, { email: null })], systemMetadata('test'));
    await store.append(`order-${silentId}`, 1, [{ type: 'OrderConfirmed', data: { orderId: silentId, at: new Date().toISOString() } }], systemMetadata('test'));
    // The mail subscription has passed both events: a mail for them would have its row by now, and be sent.
    await outboxSettled(server, 'mail');
    expect(smtp.mails.filter((m) => m.subject.includes(silentId))).toHaveLength(0);
    const rows = await withDatabase(server.databaseUrl, (db) =>
      db.query(`SELECT count(*)::int AS n FROM mail_deliveries d JOIN events e ON e.event_id = d.event_id WHERE e.stream_id = $1`, [`order-${silentId}`]),
    );
    expect(rows.rows[0].n).toBe(0);
  });

  it('gives an address typed into unconfirmed orders one "order received" mail, and no mail of their cancellation (issue 14)', async () => {
    const store = server.app.get(EventStore);
    const email = `victim.${randomUUID().slice(0, 8)}@example.com`;
    const first = `V${Date.now()}`;
    await store.append(`order-${first}`, 'no-stream', [orderPlaced(first, { email })], systemMetadata('test'));
    await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes(first));
    // The read model has the first order as pending before the next ones are placed (checkout writes it inline).
    await waitUntil(async () => (await withDatabase(server.databaseUrl, (db) => db.query(`SELECT 1 FROM order_details WHERE order_id = $1`, [first]))).rowCount === 1);
    const more = [`W${Date.now()}`, `X${Date.now()}`];
    for (const id of more) await store.append(`order-${id}`, 'no-stream', [orderPlaced(id, { email: email.toUpperCase() })], systemMetadata('test'));
    await store.append(`order-${first}`, 1, [{ type: 'OrderCancelled', data: { orderId: first, at: new Date().toISOString(), reason: 'fake' } }], systemMetadata('test'));
    await outboxSettled(server, 'mail');
    expect(smtp.mailsTo(email)).toHaveLength(1);
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  for (const started = Date.now(); Date.now() - started < timeoutMs; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (await check()) return;
  }
  throw new Error('condition not met in time');
}

describe('mail without SMTP_URL', () => {
  const server = useTestServer({ env: { SEED_DEMO: 'false' } });

  it('writes the mail as an .eml file under the data folder', async () => {
    const email = `files.${randomUUID().slice(0, 8)}@example.com`;
    await register(server, email);
    await askReset(server, email);
    const folder = join(server.dataDir, 'mail');
    const files = await waitForFiles(folder, '.eml', 15_000, 200);
    expect(files).toHaveLength(1);
    const raw = readFileSync(join(folder, files[0]), 'utf8');
    expect(raw).toContain(`To: ${email}`);
    expect(raw).toMatch(/forget-password-recover-email/);
  });
});
