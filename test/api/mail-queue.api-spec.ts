import { randomUUID } from 'node:crypto';
import IORedis from 'ioredis';
import { provideRedis, redisValueAsText, TestRedis } from '../support/redis';
import { query } from '../support/sql-query';
import { startSmtpCapture, SmtpCapture } from '../support/smtp-capture';
import { startTestServer, useTestServer, type TestServer } from '../support/test-server';
import { outboxSettled } from '../support/outbox-settled';

/**
 * Mail through BullMQ on a real Redis: the job id is the event id and the job holds no token; Redis going
 * away and coming back loses no mail and sends none twice; SMTP refusing twice still delivers once.
 *
 * Redis: see test/support/redis.ts (a private redis-server, or a relay to REDIS_URL; neither: the suite FAILS).
 */
async function post(server: TestServer, path: string, body: unknown) {
  const response = await fetch(`${server.baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 250) + 1}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function registerAndAskReset(server: TestServer, email: string) {
  expect((await post(server, 'auth/register', { name: 'Farhana Akter', email, password: 'hilsa-curry-sunday-3' })).status).toBe(201);
  expect((await post(server, 'public/send-verifymail-forgetpassword', { email })).status).toBe(200);
}

async function until(what: string, done: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !(await done()); await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

describe('mail through BullMQ on Redis', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await provideRedis();
  });
  afterAll(() => redis?.close());

  describe('with a working SMTP server', () => {
    let smtp: SmtpCapture;
    beforeAll(async () => {
      smtp = await startSmtpCapture();
    });
    const server = useTestServer(() => ({ env: { SEED_DEMO: 'false', SMTP_URL: smtp.url, REDIS_URL: redis.url } }));
    afterAll(() => smtp?.stop());

    it('adds a job on queue "mail" whose id is the event id and whose data holds no token', async () => {
      const email = `queue.${randomUUID().slice(0, 8)}@example.com`;
      await registerAndAskReset(server, email);
      const mail = await smtp.waitFor((m) => m.to.includes(email));
      const token = /forget-password-recover-email\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
      const [event] = await query<{ event_id: string }>(
        server.databaseUrl,
        `SELECT event_id FROM events WHERE type = 'PasswordResetRequested' AND data->>'userId' = (SELECT id::text FROM users WHERE email = $1)`,
        [email],
      );
      const client = new IORedis(redis.url);
      try {
        const job = await client.hgetall(`bull:mail:${event.event_id}`);
        expect(JSON.parse(job.data)).toEqual({ eventId: event.event_id, eventType: 'PasswordResetRequested' });
        expect(job.name).toBe('PasswordResetRequested');
        // Nothing anywhere in Redis carries the token.
        const keys = await client.keys('*');
        for (const key of keys) {
          const dump = await redisValueAsText(client, key);
          expect(dump).not.toContain(token);
        }
      } finally {
        client.disconnect();
      }
    });

    it('loses no mail while Redis is down and sends it exactly once when Redis is back', async () => {
      const email = `outage.${randomUUID().slice(0, 8)}@example.com`;
      expect((await post(server, 'auth/register', { name: 'Farhana Akter', email, password: 'hilsa-curry-sunday-3' })).status).toBe(201);
      await redis.stop();
      try {
        // The request itself does not depend on Redis: the event is in PostgreSQL.
        expect((await post(server, 'public/send-verifymail-forgetpassword', { email })).status).toBe(200);
        // The mail subscription has tried to hand the mail to Redis and failed (its batch rolled back, the event
        // stays in the log): only then is "nothing sent" a fact rather than "nothing sent yet".
        await until('the mail subscription to fail on Redis', async () => {
          const [checkpoint] = await query<{ status: string }>(server.databaseUrl, `SELECT status FROM projection_checkpoints WHERE name = 'mail-subscription'`);
          return checkpoint.status === 'failing';
        });
        expect(smtp.mailsTo(email)).toHaveLength(0);
      } finally {
        await redis.start();
      }
      const mail = await smtp.waitFor((m) => m.to.includes(email), 30_000);
      expect(mail.subject).toMatch(/Reset your/);
      await outboxSettled(server, 'mail', { redisUrl: redis.url });
      expect(smtp.mailsTo(email)).toHaveLength(1);
      const rows = await query(server.databaseUrl, `SELECT d.status, d.attempts FROM mail_deliveries d JOIN events e USING (event_id) WHERE e.type = 'PasswordResetRequested' AND e.data->>'userId' = (SELECT id::text FROM users WHERE email = $1)`, [email]);
      expect(rows).toEqual([{ status: 'sent', attempts: 1 }]);
    });
  });

  it('retries when the SMTP server refuses the first two tries, and the mail arrives once', async () => {
    const smtp = await startSmtpCapture({ failFirst: 2 });
    const server = await startTestServer({ env: { SEED_DEMO: 'false', SMTP_URL: smtp.url, REDIS_URL: redis.url, LOG_LEVEL: process.env.DEBUG_LOG ?? 'error' } });
    try {
      const email = `flaky.${randomUUID().slice(0, 8)}@example.com`;
      await registerAndAskReset(server, email);
      await smtp.waitFor((m) => m.to.includes(email), 30_000);
      expect(smtp.refused).toBe(2);
      await outboxSettled(server, 'mail', { redisUrl: redis.url });
      expect(smtp.mailsTo(email)).toHaveLength(1);
      const rows = await query(server.databaseUrl, `SELECT status, attempts FROM mail_deliveries WHERE event_type = 'PasswordResetRequested'`);
      expect(rows).toEqual([{ status: 'sent', attempts: 3 }]);
    } finally {
      await server.stop();
      await smtp.stop();
    }
  });
});
