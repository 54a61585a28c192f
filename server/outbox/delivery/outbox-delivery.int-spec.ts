import { Logger } from '@nestjs/common';
import { setupEventStore, testMetadata, type EventStoreFixture } from '../../../test/support/event-store-fixtures';
import type { OutboxChannel } from '../outbox-channel';
import { OutboxDelivery, SendFailedError, StoredEvent } from './outbox-delivery';

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
    // The worker that held it died mid-send: its lease ran out.
    await fixture.dataSource.query(`UPDATE sms_deliveries SET next_attempt_at = now() - interval '1 second' WHERE event_id = $1`, [ids.first]);
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
});
