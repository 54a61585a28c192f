import { setupEventStore, testMetadata, type EventStoreFixture } from '../../test/support/event-store-fixtures';
import { START } from './checkpoint';
import type { GlobalCheckpoint, RecordedEvent } from './event-store.types';
import { EventWindow } from './event-window';
import { readCommittedHead, readSafeBatch, readSafeHead } from './global-order';

/** Waits until every committed event is safe to read (other tests' databases share the cluster's snapshot). */
async function settledHead(fixture: EventStoreFixture): Promise<GlobalCheckpoint> {
  const committed = await readCommittedHead(fixture.dataSource.manager);
  for (let waited = 0; waited < 10_000; waited += 20) {
    const safe = await readSafeHead(fixture.dataSource.manager);
    if (safe && committed && safe.transactionId === committed.transactionId && safe.position === committed.position) return safe;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the safe head did not reach the committed head in 10 s');
}

const ids = (events: RecordedEvent[]) => events.map((event) => event.id);

describe("the window of the log shared by a process's live batches", () => {
  let fixture: EventStoreFixture;

  beforeEach(async () => {
    fixture = await setupEventStore('event_window');
  });

  afterEach(async () => {
    await fixture.close();
  });

  async function appendMixed(count: number): Promise<void> {
    for (let index = 0; index < count; index += 1) {
      await fixture.store.append(`thing-${index % 4}`, 'any', [{ type: index % 3 === 0 ? 'StockAdjusted' : 'PageViewed', data: { index } }], testMetadata());
    }
  }

  it('reads each event once for every projection, and answers each exactly as the log does', async () => {
    await appendMixed(30);
    const head = await settledHead(fixture);
    const window = new EventWindow({ readSize: 1_000, keep: 1_000, freeze: true });
    const manager = fixture.dataSource.manager;
    const queries = [
      { after: START, head, limit: 1_000 },
      { after: START, head, limit: 1_000, types: ['StockAdjusted'] },
      { after: START, head, limit: 4, types: ['PageViewed'] },
      { after: START, head, limit: 7 },
    ];
    for (const query of queries) {
      const fromWindow = await window.readBatch(manager, query);
      const fromLog = await readSafeBatch(manager, query);
      expect(ids(fromWindow.events)).toEqual(ids(fromLog.events));
      expect(fromWindow.scannedTo).toEqual(fromLog.scannedTo);
      expect(fromWindow.events.map((event) => event.data)).toEqual(fromLog.events.map((event) => event.data));
    }
    expect(window.counts.read).toBe(30);
    expect(window.counts.direct).toBe(0);

    // A batch that continues where a short one stopped gets the rest, still from memory.
    const first = await window.readBatch(manager, { after: START, head, limit: 4, types: ['PageViewed'] });
    const rest = await window.readBatch(manager, { after: first.scannedTo, head, limit: 1_000, types: ['PageViewed'] });
    const all = await readSafeBatch(manager, { after: START, head, limit: 1_000, types: ['PageViewed'] });
    expect([...ids(first.events), ...ids(rest.events)]).toEqual(ids(all.events));
    expect(rest.scannedTo).toEqual(head);
    expect(window.counts.read).toBe(30);
  });

  it('reads only what is new when the head moves on, and a projection behind what it keeps reads the log itself', async () => {
    await appendMixed(10);
    const firstHead = await settledHead(fixture);
    const window = new EventWindow({ readSize: 1_000, keep: 12, freeze: true });
    const manager = fixture.dataSource.manager;
    const early = await window.readBatch(manager, { after: START, head: firstHead, limit: 1_000 });
    expect(early.events).toHaveLength(10);

    await appendMixed(10);
    const secondHead = await settledHead(fixture);
    const later = await window.readBatch(manager, { after: early.scannedTo, head: secondHead, limit: 1_000 });
    expect(later.events).toHaveLength(10);
    expect(window.counts.read).toBe(20);

    // Twelve kept: a projection still at the start is behind them and is answered by the log, in full.
    const behind = await window.readBatch(manager, { after: START, head: secondHead, limit: 1_000 });
    expect(window.counts.direct).toBe(1);
    expect(ids(behind.events)).toEqual(ids((await readSafeBatch(manager, { after: START, head: secondHead, limit: 1_000 })).events));
  });

  it('reads at most its size at a time and says the batch is short of the head, so the projection runs again', async () => {
    await appendMixed(9);
    const head = await settledHead(fixture);
    const window = new EventWindow({ readSize: 3, keep: 100, freeze: true });
    const manager = fixture.dataSource.manager;
    const batches: RecordedEvent[][] = [];
    let after = START;
    for (let turn = 0; turn < 9 && (turn === 0 || after.position !== head.position); turn += 1) {
      const batch = await window.readBatch(manager, { after, head, limit: 1_000 });
      expect(batch.events.length).toBeLessThanOrEqual(6);
      if (batch.scannedTo.position !== head.position) expect(batch.scannedTo).toEqual({ transactionId: batch.events.at(-1)!.transactionId, position: batch.events.at(-1)!.globalPosition });
      batches.push(batch.events);
      after = batch.scannedTo;
    }
    expect(batches.length).toBeGreaterThan(1);
    expect(ids(batches.flat())).toEqual(ids((await readSafeBatch(manager, { after: START, head, limit: 1_000 })).events));
    expect(window.counts.read).toBe(9);
  });

  it('hands out events no projection can change, since every projection of the process shares them', async () => {
    await appendMixed(3);
    const head = await settledHead(fixture);
    const window = new EventWindow({ readSize: 100, keep: 100, freeze: true });
    const [event] = (await window.readBatch(fixture.dataSource.manager, { after: START, head, limit: 1 })).events;
    expect(() => {
      (event.data as { index: number }).index = 99;
    }).toThrow(TypeError);
    expect(() => {
      (event as { type: string }).type = 'Changed';
    }).toThrow(TypeError);
  });
});
