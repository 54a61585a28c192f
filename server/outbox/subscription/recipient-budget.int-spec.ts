import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { useEventStoreFixture, type EventStoreFixture } from '../../../test/support/event-store-fixtures';
import type { RecordedEvent } from '../../event-store/event-store.types';
import type { OutboxChannel, OutboxJobData } from '../outbox-channel';
import type { OutboxQueue } from '../queue/outbox-queue';
import { OutboxSubscriptionProjection } from './outbox-subscription.projection';
import type { BudgetedJob, RecipientCaps } from './recipient-budget';

const CHANNEL: OutboxChannel = { name: 'test', queue: 'test', table: 'sms_deliveries', maxAttempts: 3, backoffBaseMs: 1_000, workerConcurrency: 5 };
const T0 = new Date('2026-11-28T10:00:00.000Z').getTime();
const minutes = (n: number) => new Date(T0 + n * 60_000);

/** A channel whose events name their phone and who caused them, so the test reads nothing but the budget. */
class TestSubscription extends OutboxSubscriptionProjection {
  readonly name = 'test-subscription';
  readonly eventTypes = ['Texted'];
  protected readonly channel = CHANNEL;
  caps: RecipientCaps = { perHour: 3, perDay: 10 };

  protected async jobsFor(events: RecordedEvent[]): Promise<BudgetedJob[]> {
    return events.map((event) => {
      const { phone, byShopper } = event.data as { phone: string; byShopper: boolean };
      const job = { eventId: event.id, eventType: event.type };
      return byShopper ? { ...job, budgeted: { kind: 'phone' as const, address: phone, at: event.recordedAt, shown: 'masked' } } : job;
    });
  }

  protected async recipientCaps(): Promise<RecipientCaps> {
    return this.caps;
  }
}

function texted(phone: string, at: Date, byShopper = true): RecordedEvent {
  return {
    id: randomUUID(),
    globalPosition: 0n,
    streamId: `order-${randomUUID()}`,
    streamPosition: 1,
    type: 'Texted',
    schemaVersion: 1,
    data: { phone, byShopper },
    metadata: { correlationId: 'c', causationId: null, actor: byShopper ? { id: 'guest', role: 'guest' } : { id: 'care-1', role: 'care', name: 'Care' } },
    recordedAt: at,
    transactionId: 0n,
  };
}

/**
 * Issue 27: messages a shopper's own actions cause are capped per recipient, decided in the subscription's
 * transaction and recorded with the delivery row, so a replayed or retried batch decides nothing again.
 */
describe('the per-recipient budget of a message subscription', () => {
  let fixture: EventStoreFixture;
  useEventStoreFixture('recipient_budget', 'each', (created) => (fixture = created));

  const setup = () => {
    const queued: OutboxJobData[] = [];
    const queue: OutboxQueue = { mode: 'in-process', enqueue: async (jobs) => void queued.push(...jobs), startWorker: () => undefined, stop: async () => undefined };
    const subscription = new TestSubscription(queue);
    const apply = (events: RecordedEvent[]) => fixture.dataSource.transaction((manager: EntityManager) => subscription.apply(events, { manager }));
    const rows = async (events: RecordedEvent[]) =>
      (
        (await fixture.dataSource.query(`SELECT event_id, status, capped, last_error, recipient, budget_key FROM sms_deliveries WHERE event_id = ANY($1::uuid[])`, [
          events.map((event) => event.id),
        ])) as Array<{ event_id: string; status: string; capped: boolean; last_error: string | null; recipient: string | null; budget_key: string | null }>
      ).sort((a, b) => events.findIndex((event) => event.id === a.event_id) - events.findIndex((event) => event.id === b.event_id));
    return { subscription, queued, apply, rows };
  };

  it('sends a phone 3 shopper-caused messages an hour, records the rest as skipped, and never caps staff or another phone', async () => {
    const { queued, apply, rows } = setup();
    const victim = [0, 1, 2, 3, 4, 5].map((n) => texted('01711111111', minutes(n)));
    const staff = texted('01711111111', minutes(6), false);
    const other = [texted('01822222222', minutes(3)), texted('01822222222', minutes(4))];
    const batch = [...victim.slice(0, 4), other[0], ...victim.slice(4), staff, other[1]];
    await apply(batch);

    expect(queued.map((job) => job.eventId).sort()).toEqual([...victim.slice(0, 3), staff, ...other].map((event) => event.id).sort());
    expect(queued.every((job) => Object.keys(job).every((key) => ['eventId', 'eventType'].includes(key)))).toBe(true);
    const victimRows = await rows(victim);
    expect(victimRows.map((row) => [row.status, row.capped])).toEqual([
      ['pending', false],
      ['pending', false],
      ['pending', false],
      ['skipped', true],
      ['skipped', true],
      ['skipped', true],
    ]);
    expect(victimRows[3]).toMatchObject({ last_error: 'not sent: over the cap of 3 order messages an hour to this recipient', recipient: 'masked' });
    // The row counts the phone under a keyed name, never the number.
    expect(victimRows.every((row) => row.budget_key?.startsWith('phone:') && !row.budget_key.includes('01711111111'))).toBe(true);
    expect((await rows([staff]))[0]).toMatchObject({ status: 'pending', capped: false, budget_key: null });
  });

  it('decides a replayed batch as recorded, even after the caps changed, and counts nothing twice', async () => {
    const { subscription, queued, apply, rows } = setup();
    const first = [0, 1, 2, 3].map((n) => texted('01711111111', minutes(n)));
    await apply(first);
    const before = await rows(first);

    // The checkpoint moved back (a restart before the commit, an operator's reset): the same events again.
    subscription.caps = { perHour: 100, perDay: 100 };
    queued.length = 0;
    await apply(first);
    expect(await rows(first)).toEqual(before);
    expect(queued.map((job) => job.eventId)).toEqual(first.slice(0, 3).map((event) => event.id));

    // Three counted, not six: under a cap of 4, one more message of the hour goes out and the next does not.
    subscription.caps = { perHour: 4, perDay: 100 };
    const later = [texted('01711111111', minutes(10)), texted('01711111111', minutes(11))];
    await apply(later);
    expect((await rows(later)).map((row) => row.capped)).toEqual([false, true]);
  });

  it('counts the last hour and the last day up to each message, by the time its event was recorded', async () => {
    const { apply, rows } = setup();
    // Hour: 3 at 0-2 minutes; at 30 minutes capped; at 61 minutes only the one at 2 minutes is within the hour.
    const hour = [minutes(0), minutes(1), minutes(2), minutes(30), minutes(61)].map((at) => texted('01933333333', at));
    await apply(hour);
    expect((await rows(hour)).map((row) => row.capped)).toEqual([false, false, false, true, false]);

    // Day: one message every two hours passes the hourly cap every time, up to ten in a day; a minute after the
    // first message's day is over, nine count and one more goes out.
    const day = [...Array.from({ length: 11 }, (_, n) => minutes(n * 120)), minutes(24 * 60 + 1)].map((at) => texted('01644444444', at));
    for (const event of day) await apply([event]);
    expect((await rows(day)).map((row) => row.capped)).toEqual([false, false, false, false, false, false, false, false, false, false, true, false]);
    expect((await rows(day))[10].last_error).toBe('not sent: over the cap of 10 order messages a day to this recipient');
  });

  it('caps nothing when the settings say 0', async () => {
    const { subscription, queued, apply } = setup();
    subscription.caps = { perHour: 0, perDay: 0 };
    const many = Array.from({ length: 8 }, (_, n) => texted('01555555555', minutes(n)));
    await apply(many);
    expect(queued).toHaveLength(8);
  });
});
