import { Logger } from '@nestjs/common';
import { setupEventStore, testMetadata, type EventStoreFixture } from '../../../test/support/event-store-fixtures';
import type { OutboxChannel } from '../outbox-channel';
import { OutboxDelivery, SENDING_LEASE_SECONDS, SendFailedError, StoredEvent } from './outbox-delivery';

/** A channel over the SMS deliveries table, so the test needs no channel module. */
const CHANNEL: OutboxChannel = { name: 'test', queue: 'test', table: 'sms_deliveries', maxAttempts: 3, backoffBaseMs: 1_000, workerConcurrency: 5 };

describe('OutboxDelivery: deliveries asked for together', () => {
  let fixture: EventStoreFixture;
  let sent: string[];
  let delivery: OutboxDelivery<string>;
  const ids: Record<string, string> = {};

  beforeEach(async () => {
    fixture = await setupEventStore('outbox_delivery');
    sent = [];
    for (const name of ['first', 'poisoned', 'third']) {
      const { events } = await fixture.store.append(`note-${name}`, 'no-stream', [{ type: 'NoteWritten', data: { name } }], testMetadata());
      ids[name] = events[0].id;
    }
    delivery = new OutboxDelivery<string>(
      CHANNEL,
      fixture.dataSource,
      {
        compose: async (event: StoredEvent) => {
          if (event.data.name === 'poisoned') throw new Error('its envelope cannot be opened');
          return { message: String(event.data.name), recipient: `to ${String(event.data.name)}` };
        },
        send: async (message) => void sent.push(message),
      },
      new Logger('OutboxDeliveryTest'),
    );
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    await fixture.close();
  });

  const rows = async () =>
    new Map(
      (await fixture.dataSource.query(`SELECT event_id, status, attempts, recipient FROM sms_deliveries`)).map(
        (row: { event_id: string; status: string; attempts: number; recipient: string }) => [row.event_id, { status: row.status, attempts: row.attempts, recipient: row.recipient }],
      ),
    );

  it('sends each message once, even when asked twice at once, and a message that cannot be composed fails alone', async () => {
    const outcomes = await Promise.allSettled([
      delivery.deliver(ids.first),
      delivery.deliver(ids.poisoned),
      delivery.deliver(ids.third),
      delivery.deliver(ids.first),
    ]);
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : (outcome.reason as Error).message))).toEqual([
      'sent',
      'its envelope cannot be opened',
      'sent',
      'done-before',
    ]);
    expect(sent.sort()).toEqual(['first', 'third']);
    const after = await rows();
    expect(after.get(ids.first)).toEqual({ status: 'sent', attempts: 1, recipient: 'to first' });
    expect(after.get(ids.third)).toEqual({ status: 'sent', attempts: 1, recipient: 'to third' });
    expect(after.has(ids.poisoned)).toBe(false);
    // Asked again later: nothing is sent twice.
    expect(await delivery.deliver(ids.third)).toBe('done-before');
    expect(sent).toHaveLength(2);
  });

  it('leaves a delivery another worker holds under a live lease, and takes it over once the lease is over', async () => {
    await fixture.dataSource.query(
      `INSERT INTO sms_deliveries (event_id, event_type, status, attempts, next_attempt_at) VALUES ($1, 'NoteWritten', 'sending', 1, now() + interval '1 minute')`,
      [ids.first],
    );
    expect(await delivery.deliver(ids.first)).toBe('busy');
    expect(sent).toEqual([]);
    // The worker that held it died mid-send: its lease ran out (long before the database last started, so no
    // grace after a restart holds it: RESTART_GRACE_SECONDS).
    await fixture.dataSource.query(`UPDATE sms_deliveries SET next_attempt_at = pg_postmaster_start_time() - interval '2 hours' WHERE event_id = $1`, [ids.first]);
    expect(await delivery.deliver(ids.first)).toBe('sent');
    expect(sent).toEqual(['first']);
    expect((await rows()).get(ids.first)).toEqual({ status: 'sent', attempts: 2, recipient: 'to first' });
  });

  it('records a failed send with its backoff and rejects with SendFailedError', async () => {
    const failing = new OutboxDelivery<string>(
      CHANNEL,
      fixture.dataSource,
      { compose: async (event) => ({ message: String(event.data.name), recipient: 'someone' }), send: async () => Promise.reject(new Error('gateway said no')) },
      new Logger('OutboxDeliveryTest'),
    );
    await expect(failing.deliver(ids.third)).rejects.toBeInstanceOf(SendFailedError);
    const [row] = await fixture.dataSource.query(
      `SELECT status, attempts, last_error, next_attempt_at > now() AS later FROM sms_deliveries WHERE event_id = $1`,
      [ids.third],
    );
    expect(row).toEqual({ status: 'failed', attempts: 1, last_error: 'gateway said no', later: true });
  });

  describe('a send the gateway accepted whose record hits a database that is away', () => {
    /** The record of sends (`UPDATE … status = 'sent'`) fails `times` times as a dropped connection does. */
    const recordFails = (times: number) => {
      const query = fixture.dataSource.query.bind(fixture.dataSource);
      let failed = 0;
      return jest.spyOn(fixture.dataSource, 'query').mockImplementation(async (sql: string, parameters?: unknown[] | object) => {
        if (/SET status = 'sent'/.test(sql) && failed < times) {
          failed += 1;
          throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNREFUSED' });
        }
        return query(sql, parameters);
      });
    };

    it('is answered only once the record is written, retried until the database answers, and sent once', async () => {
      const warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      const spy = recordFails(4);
      let answered: string | undefined;
      const asked = delivery.deliver(ids.first).then((outcome) => (answered = outcome));
      // While the record is retried the message is out, but nobody has been told so: asked again, it is busy.
      for (const deadline = Date.now() + 10_000; sent.length === 0 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(sent).toEqual(['first']);
      expect(await delivery.deliver(ids.first)).toBe('busy');
      expect(answered).toBeUndefined();
      expect(await asked).toBe('sent');
      expect(spy.mock.calls.filter(([sql]) => /SET status = 'sent'/.test(sql)).length).toBe(5);
      expect((await rows()).get(ids.first)).toEqual({ status: 'sent', attempts: 1, recipient: 'to first' });
      expect(await delivery.deliver(ids.first)).toBe('done-before');
      expect(sent).toEqual(['first']);
      expect(warnings.mock.calls.map(([message]) => String(message))).toEqual([
        'test: 1 message(s) sent but not recorded yet (Connection terminated unexpectedly); retrying until the database answers',
      ]);
    });

    it('records only its own attempt: a delivery another worker took over in the meantime keeps that worker’s record', async () => {
      const warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      const query = fixture.dataSource.query.bind(fixture.dataSource);
      let tookOver = false;
      jest.spyOn(fixture.dataSource, 'query').mockImplementation(async (sql: string, parameters?: unknown[] | object) => {
        if (/SET status = 'sent'/.test(sql) && !tookOver) {
          // Its lease ran out and another worker claimed it (attempt 2) and is sending it now.
          await query(`UPDATE sms_deliveries SET attempts = 2, next_attempt_at = now() + interval '2 minutes' WHERE event_id = $1`, [ids.third]);
          tookOver = true;
          throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNREFUSED' });
        }
        return query(sql, parameters);
      });
      expect(await delivery.deliver(ids.third)).toBe('sent');
      const [row] = await query(`SELECT status, attempts FROM sms_deliveries WHERE event_id = $1`, [ids.third]);
      expect(row).toEqual({ status: 'sending', attempts: 2 });
      expect(warnings.mock.calls.map(([message]) => String(message))).toContain(
        `sent NoteWritten test for event ${ids.third} (attempt 1), but another worker had taken the delivery over meanwhile`,
      );
    });

    it('counts a record PostgreSQL committed before the connection broke as its own, not as a takeover', async () => {
      const warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      const query = fixture.dataSource.query.bind(fixture.dataSource);
      let broke = false;
      jest.spyOn(fixture.dataSource, 'query').mockImplementation(async (sql: string, parameters?: unknown[] | object) => {
        if (/SET status = 'sent'/.test(sql) && !broke) {
          broke = true;
          await query(sql, parameters); // committed ...
          throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' }); // ... the answer lost
        }
        return query(sql, parameters);
      });
      expect(await delivery.deliver(ids.first)).toBe('sent');
      expect((await rows()).get(ids.first)).toEqual({ status: 'sent', attempts: 1, recipient: 'to first' });
      expect(warnings.mock.calls.map(([message]) => String(message)).filter((message) => /taken the delivery over/.test(message))).toEqual([]);
    });
  });

  it('gives the sender the delivery id, the same on every attempt, to pass on as the idempotency key', async () => {
    const keys: string[] = [];
    let fail = true;
    const keyed = new OutboxDelivery<string>(
      CHANNEL,
      fixture.dataSource,
      {
        compose: async (event) => ({ message: String(event.data.name), recipient: 'someone' }),
        send: async (_message, deliveryId) => {
          keys.push(deliveryId);
          if (fail) throw new Error('gateway timed out');
        },
      },
      new Logger('OutboxDeliveryTest'),
    );
    await expect(keyed.deliver(ids.third)).rejects.toBeInstanceOf(SendFailedError);
    fail = false;
    await fixture.dataSource.query(`UPDATE sms_deliveries SET next_attempt_at = now() WHERE event_id = $1`, [ids.third]);
    expect(await keyed.deliver(ids.third)).toBe('sent');
    expect(keys).toEqual([ids.third, ids.third]);
  });

  it('takes many deliveries through the database together, and sends them the channel\'s concurrency at a time', async () => {
    const many: string[] = [];
    for (let index = 0; index < 30; index++) {
      const { events } = await fixture.store.append(`note-many-${index}`, 'no-stream', [{ type: 'NoteWritten', data: { name: `many ${index}` } }], testMetadata());
      many.push(events[0].id);
    }
    let sending = 0;
    let mostAtOnce = 0;
    const pooled = new OutboxDelivery<string>(
      CHANNEL,
      fixture.dataSource,
      {
        compose: async (event) => ({ message: String(event.data.name), recipient: 'someone' }),
        send: async (message) => {
          sending += 1;
          mostAtOnce = Math.max(mostAtOnce, sending);
          await new Promise((resolve) => setImmediate(resolve));
          sending -= 1;
          sent.push(message);
        },
      },
      new Logger('OutboxDeliveryTest'),
    );
    const claims = jest.spyOn(fixture.dataSource.manager, 'query');
    const outcomes = await Promise.all(many.map((id) => pooled.deliver(id)));

    expect(outcomes).toEqual(many.map(() => 'sent'));
    expect(sent.sort()).toEqual(many.map((_, index) => `many ${index}`).sort());
    // Five rounds of the channel's five sends go through the database together: two claims for thirty, and
    // never more sends at once than the channel allows.
    expect(claims.mock.calls.filter(([sql]) => /INSERT INTO sms_deliveries/.test(String(sql)))).toHaveLength(2);
    expect(mostAtOnce).toBe(CHANNEL.workerConcurrency);
    const leases: Array<{ event_id: string; status: string; lease_seconds: number }> = await fixture.dataSource.query(
      `SELECT event_id, status, round(extract(epoch FROM next_attempt_at - created_at))::int AS lease_seconds FROM sms_deliveries WHERE event_id = ANY($1::uuid[])`,
      [many],
    );
    expect(leases.map((row) => row.status)).toEqual(many.map(() => 'sent'));
    // A delivery waiting for its round was claimed for a lease per round, so no worker could take it over meanwhile.
    const byId = new Map(leases.map((row) => [row.event_id, row.lease_seconds]));
    const rounds = many.map((id) => Math.round(byId.get(id)! / SENDING_LEASE_SECONDS));
    expect(rounds).toEqual([...[1, 2, 3, 4, 5].flatMap((round) => Array(5).fill(round)), ...Array(5).fill(1)]);
  });
});
