import { ApplicationLogProjection, stockChanged, testMetadata, type EventStoreFixture, useEventStoreFixture } from '../../test/support/event-store-fixtures';
import { START } from './checkpoint';
import type { AppendResult } from './event-store.types';
import { ProjectionRegistry } from './projection-registry';
import { ProjectionRunner } from './projection-runner';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An append whose transaction stays open after its insert until `commit()` is called. */
function slowAppend(fixture: EventStoreFixture, streamId: string) {
  let commit!: () => void;
  const held = new Promise<void>((resolve) => (commit = resolve));
  let signalInserted!: () => void;
  const inserted = new Promise<void>((resolve) => (signalInserted = resolve));
  const done: Promise<AppendResult> = fixture.store.append(streamId, 'any', [stockChanged(streamId, 1)], testMetadata(), {
    inTransaction: async () => {
      signalInserted();
      await held;
    },
  });
  return { inserted, commit, done };
}

describe('global order', () => {
  let fixture: EventStoreFixture;
  useEventStoreFixture('global_order', 'each', (opened) => (fixture = opened));

  it('readAll stops before a transaction still in flight, and returns its events ahead of later ones once it commits', async () => {
    const early = await fixture.store.append('s-early', 'any', [stockChanged('early', 1)], testMetadata());
    const slow = slowAppend(fixture, 's-slow');
    await slow.inserted;
    const later = await fixture.store.append('s-later', 'any', [stockChanged('later', 1)], testMetadata());

    const whileHeld = await fixture.store.readAll({ after: START, limit: 100 });
    slow.commit();
    const slowResult = await slow.done;
    const afterCommit = await fixture.store.readAll({ after: START, limit: 100 });

    expect(whileHeld.map((event) => event.id)).toEqual([early.events[0].id]);
    expect(afterCommit.map((event) => event.id)).toEqual([early.events[0].id, slowResult.events[0].id, later.events[0].id]);
    // The slow event has the lower position but became visible last: reading by position alone would skip it.
    expect(slowResult.events[0].globalPosition).toBeLessThan(later.events[0].globalPosition);
  });

  it('readAll orders positions as numbers, not as text, across digit boundaries', async () => {
    const written = await fixture.store.append('s-many', 'any', Array.from({ length: 120 }, (_, n) => stockChanged('many', n)), testMetadata());

    const firstPage = await fixture.store.readAll({ after: START, limit: 15 });
    const last = firstPage[firstPage.length - 1];
    const rest = await fixture.store.readAll({ after: { transactionId: last.transactionId, position: last.globalPosition }, limit: 200 });

    expect([...firstPage, ...rest].map((event) => event.id)).toEqual(written.events.map((event) => event.id));
  });

  it('readAll filters by type and continues after a checkpoint', async () => {
    await fixture.store.append('s-1', 'any', [stockChanged('a', 1), { type: 'Other', data: {} }, stockChanged('a', 2)], testMetadata());
    const first = await fixture.store.readAll({ after: START, limit: 1, types: ['StockChanged'] });

    const rest = await fixture.store.readAll({
      after: { transactionId: first[0].transactionId, position: first[0].globalPosition },
      limit: 10,
      types: ['StockChanged'],
    });

    expect(first.map((event) => event.streamPosition)).toEqual([1]);
    expect(rest.map((event) => event.streamPosition)).toEqual([3]);
  });

  it('delivers an event committed late by a slow transaction to a caught-up subscription, in order, exactly once', async () => {
    const projection = await ApplicationLogProjection.create(fixture.dataSource, 'late-log');
    const registry = new ProjectionRegistry();
    registry.register(projection);
    const runner = new ProjectionRunner(fixture.dataSource, registry, { pollIntervalMs: 50 });
    await runner.start();
    try {
      const early = await fixture.store.append('s-early', 'any', [stockChanged('early', 1)], testMetadata());
      await runner.waitUntilCaughtUp(5_000);

      const slow = slowAppend(fixture, 's-slow');
      await slow.inserted;
      const later = await fixture.store.append('s-later', 'any', [stockChanged('later', 1), stockChanged('later', 2)], testMetadata());
      await sleep(300);
      const appliedWhileHeld = projection.applied.map((event) => event.id);
      slow.commit();
      const slowResult = await slow.done;
      await runner.waitUntilCaughtUp(5_000);

      expect(appliedWhileHeld).toEqual([early.events[0].id]);
      const rows = await projection.rows(fixture.dataSource);
      expect(rows.map((row) => row.event_id)).toEqual([
        early.events[0].id,
        slowResult.events[0].id,
        ...later.events.map((event) => event.id),
      ]);
      expect(rows.every((row) => row.applications === 1)).toBe(true);
    } finally {
      await runner.stop();
    }
  });
});
