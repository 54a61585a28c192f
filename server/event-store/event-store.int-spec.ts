import { Client } from 'pg';
import type { EntityManager } from 'typeorm';
import { stockChanged, testMetadata, type EventStoreFixture, useEventStoreFixture } from '../../test/support/event-store-fixtures';
import { ConcurrencyError, DuplicateEventError } from './concurrency-error';
import { EVENTS_CHANNEL } from './event-store';
import type { AppendResult } from './event-store.types';

describe('EventStore', () => {
  let fixture: EventStoreFixture;
  useEventStoreFixture('event_store', 'all', (opened) => (fixture = opened));

  it('accepts exactly one of 50 concurrent appends made at the same expected version', async () => {
    const attempts = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        fixture.store.append('sku-race', 0, [stockChanged('race', index)], testMetadata()),
      ),
    );

    const succeeded = attempts.filter((attempt) => attempt.status === 'fulfilled');
    const rejected = attempts.flatMap((attempt) => (attempt.status === 'rejected' ? [attempt.reason] : []));
    expect(succeeded).toHaveLength(1);
    expect(rejected).toHaveLength(49);
    for (const error of rejected) {
      expect(error).toBeInstanceOf(ConcurrencyError);
      expect(error).toMatchObject({ streamId: 'sku-race', expected: 0, actual: 1 });
    }
    expect(await fixture.store.streamVersion('sku-race')).toBe(1);
  });

  it('writes nothing of a multi-stream append when one stream is not at its expected version', async () => {
    await fixture.store.append('sku-a', 'no-stream', [stockChanged('a', 5)], testMetadata());

    const attempt = fixture.store.appendToStreams(
      [
        { streamId: 'order-1', expectedVersion: 'no-stream', events: [{ type: 'OrderPlaced', data: {} }] },
        { streamId: 'sku-a', expectedVersion: 0, events: [stockChanged('a', -1)] },
      ],
      testMetadata(),
    );

    await expect(attempt).rejects.toMatchObject({ streamId: 'sku-a', expected: 0, actual: 1 });
    expect(await fixture.store.readStream('order-1')).toEqual([]);
    expect(await fixture.store.streamVersion('sku-a')).toBe(1);
  });

  it('appends to several streams in one transaction and reports each new version', async () => {
    const result = await fixture.store.appendToStreams(
      [
        { streamId: 'sku-m1', expectedVersion: 'any', events: [stockChanged('m1', 1), stockChanged('m1', 2)] },
        { streamId: 'sku-m2', expectedVersion: 0, events: [stockChanged('m2', 3)] },
      ],
      testMetadata(),
    );

    expect(result.streams).toEqual([
      { streamId: 'sku-m1', version: 2 },
      { streamId: 'sku-m2', version: 1 },
    ]);
    expect(result.events.map((event) => event.globalPosition)).toEqual(
      [...result.events.map((event) => event.globalPosition)].sort((a, b) => (a < b ? -1 : 1)),
    );
    expect(new Set(result.events.map((event) => event.transactionId)).size).toBe(1);
  });

  it('reads a stream in stream-position order, and only the events after a given version', async () => {
    for (let version = 0; version < 5; version += 1) {
      await fixture.store.append('sku-read', version, [stockChanged('read', version + 1)], testMetadata());
    }

    const all = await fixture.store.readStream('sku-read');
    const later = await fixture.store.readStream('sku-read', { fromVersion: 3 });

    expect(all.map((event) => event.streamPosition)).toEqual([1, 2, 3, 4, 5]);
    expect(all.map((event) => (event.data as { quantity: number }).quantity)).toEqual([1, 2, 3, 4, 5]);
    expect(later.map((event) => event.streamPosition)).toEqual([4, 5]);
    expect(await fixture.store.readStream('sku-none')).toEqual([]);
    expect(await fixture.store.streamVersion('sku-none')).toBe(0);
  });

  it('records metadata, a uuid, bigint positions and the schema version on every event', async () => {
    const metadata = testMetadata({ correlationId: 'c-42', causationId: 'cause-1', actor: { id: 'u1', role: 'customer' } });
    const given = '0b3c6a36-3b8e-4d55-9f5b-1b1f0e5e2a11';
    await fixture.store.append(
      'sku-meta',
      'no-stream',
      [{ ...stockChanged('meta', 1), id: given, schemaVersion: 2 }, stockChanged('meta', 2)],
      metadata,
    );

    const [first, second] = await fixture.store.readStream('sku-meta');

    expect(first).toMatchObject({ id: given, schemaVersion: 2, metadata, streamId: 'sku-meta', type: 'StockChanged' });
    expect(second.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second.schemaVersion).toBe(1);
    expect(typeof first.globalPosition).toBe('bigint');
    expect(typeof first.transactionId).toBe('bigint');
    expect(second.globalPosition).toBe(first.globalPosition + 1n);
    expect(first.recordedAt).toBeInstanceOf(Date);
  });

  it('records the metadata an event brings instead of the append metadata, on every stream of the append', async () => {
    const batch = testMetadata({ correlationId: 'batch', actor: { id: 'checkout', role: 'system' } });
    const rahim = testMetadata({ correlationId: 'c-rahim', requestId: 'r-rahim', actor: { id: 'u-rahim', role: 'customer' } });
    const karim = testMetadata({ correlationId: 'c-karim', requestId: 'r-karim', actor: { id: 'guest', role: 'guest' } });
    const result = await fixture.store.appendToStreams(
      [
        { streamId: 'sku-own-1', expectedVersion: 0, events: [{ ...stockChanged('own', 1), metadata: rahim }, { ...stockChanged('own', 2), metadata: karim }] },
        { streamId: 'sku-own-2', expectedVersion: 0, events: [{ ...stockChanged('own', 3), metadata: karim }, stockChanged('own', 4)] },
      ],
      batch,
    );

    const stored = [...(await fixture.store.readStream('sku-own-1')), ...(await fixture.store.readStream('sku-own-2'))];
    expect(stored.map((event) => event.metadata)).toEqual([rahim, karim, karim, batch]);
    expect(result.events.map((event) => event.metadata)).toEqual([rahim, karim, karim, batch]);
    await expect(
      fixture.store.append('sku-own-3', 0, [{ ...stockChanged('own', 5), metadata: { ...rahim, actor: undefined } as never }], batch),
    ).rejects.toThrow(/actor/);
  });

  it('refuses an event without correlation id or actor', async () => {
    const noCorrelation = { ...testMetadata(), correlationId: '' };
    const noActor = { ...testMetadata(), actor: undefined } as unknown as ReturnType<typeof testMetadata>;

    await expect(fixture.store.append('sku-x', 'any', [stockChanged('x', 1)], noCorrelation)).rejects.toThrow(/correlationId/);
    await expect(fixture.store.append('sku-x', 'any', [stockChanged('x', 1)], noActor)).rejects.toThrow(/actor/);
    expect(await fixture.store.streamVersion('sku-x')).toBe(0);
  });

  it('names a retried append that reuses a recorded event id', async () => {
    const event = { ...stockChanged('dup', 1), id: 'a1b2c3d4-0000-4000-8000-000000000001' };
    await fixture.store.append('sku-dup', 'any', [event], testMetadata());

    await expect(fixture.store.append('sku-dup', 'any', [event], testMetadata())).rejects.toBeInstanceOf(DuplicateEventError);
  });

  it('commits the inTransaction work with the events, and neither when it fails', async () => {
    await fixture.dataSource.query('CREATE TABLE confirmations (stream_id text PRIMARY KEY, version int NOT NULL)');
    const confirm = {
      inTransaction: async (manager: EntityManager, result: AppendResult) => {
        await manager.query('INSERT INTO confirmations VALUES ($1, $2)', [result.streams[0].streamId, result.streams[0].version]);
      },
    };

    await fixture.store.append('order-ok', 'no-stream', [{ type: 'OrderPlaced', data: {} }], testMetadata(), confirm);
    const failing = fixture.store.append('order-bad', 'no-stream', [{ type: 'OrderPlaced', data: {} }], testMetadata(), {
      inTransaction: async () => {
        throw new Error('inline read model failed');
      },
    });

    await expect(failing).rejects.toThrow('inline read model failed');
    expect(await fixture.dataSource.query('SELECT * FROM confirmations')).toEqual([{ stream_id: 'order-ok', version: 1 }]);
    expect(await fixture.store.streamVersion('order-bad')).toBe(0);
  });

  it('does not deadlock when concurrent appends take the same streams in opposite orders', async () => {
    const streams = ['sku-d1', 'sku-d2', 'sku-d3'];
    const appends = Array.from({ length: 40 }, (_, index) => {
      const order = index % 2 === 0 ? streams : [...streams].reverse();
      return fixture.store.appendToStreams(
        order.map((streamId) => ({ streamId, expectedVersion: 'any' as const, events: [stockChanged(streamId, 1)] })),
        testMetadata(),
      );
    });

    await Promise.all(appends);

    for (const streamId of streams) {
      const events = await fixture.store.readStream(streamId);
      expect(events.map((event) => event.streamPosition)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    }
  });

  it('notifies listeners on the events channel once the append commits, naming its event types', async () => {
    const listener = new Client({ connectionString: fixture.database.url });
    await listener.connect();
    try {
      await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
      const notified = new Promise<string | undefined>((resolve) => listener.once('notification', (message) => resolve(message.payload)));

      const result = await fixture.store.append('sku-notify', 'any', [stockChanged('notify', 1)], testMetadata());

      expect(JSON.parse((await notified)!)).toEqual({ position: result.events[0].globalPosition.toString(), types: ['StockChanged'] });
    } finally {
      await listener.end();
    }
  });
});
