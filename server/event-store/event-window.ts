import type { DataSource, EntityManager } from 'typeorm';
import { compareCheckpoints } from './checkpoint';
import type { GlobalCheckpoint, RecordedEvent } from './event-store.types';
import { readEventsBetween, readSafeBatch, SafeBatch } from './global-order';

export interface WindowOptions {
  /** Events read from the log per extension of the window, of every type. */
  readSize: number;
  /** Events kept; the oldest go first. A projection behind them reads the log itself. */
  keep: number;
  /** Freeze what the window hands out, so a projection that changes an event it was given fails (tests). */
  freeze: boolean;
}

const DEFAULTS: WindowOptions = { readSize: 2_000, keep: 10_000, freeze: process.env.NODE_ENV === 'test' };

/**
 * The recent stretch of the log, read once for all the live projections and subscriptions of a process
 * (ADR 070). Each of them used to read its own batch of the log: under a burst of checkouts every event was
 * read, parsed and its personal data opened about nine times, the largest single cost of the worker and of
 * the database behind it. Now the first batch to need an event reads it with every event after the
 * window's end up to its safe head, whatever their types, and the others take their events from memory.
 *
 * Sound because the window holds only events at or below a safe head, which are final: no event can still
 * appear among them and none changes. Personal data is opened as it is read: a person erased after that is
 * no risk, since the erasure rebuilds every projection that reads personal data from a head beyond the
 * window (a head read after the erasure), and a message is composed from the log at the time it is sent.
 * A projection behind the window (catching up, rebuilt from further back) reads the log itself, with its
 * type filter, as before. Projections must not change the events they are given: in tests they are frozen.
 */
export class EventWindow {
  private events: RecordedEvent[] = [];
  /** The window holds every event after `from` up to and including `to`; both null while it is empty. */
  private from: GlobalCheckpoint | null = null;
  private to: GlobalCheckpoint | null = null;
  private extending: Promise<void> | null = null;
  private readonly options: WindowOptions;
  /** Events handed out from memory and read from the log, for tests and the benchmark's account of the savings. */
  readonly counts = { served: 0, read: 0, direct: 0 };

  constructor(options: Partial<WindowOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  /**
   * A projection's next batch: its events after `after` up to `head` (a safe head), at most `limit`, of
   * `types` when given. `scannedTo` is where its checkpoint may go.
   */
  async readBatch(
    manager: EntityManager,
    query: { after: GlobalCheckpoint; head: GlobalCheckpoint; limit: number; types?: readonly string[] },
  ): Promise<SafeBatch> {
    const { after, head, limit, types } = query;
    if (compareCheckpoints(head, after) <= 0) return { events: [], scannedTo: after };
    if (this.from === null || this.to === null) this.reset(after);
    // Ahead of the window (after a rebuild, or a read of its own): the window moves to it, unless a read
    // under way is about to reach it.
    if (compareCheckpoints(after, this.to!) > 0 && this.extending) await this.extending;
    if (compareCheckpoints(after, this.to!) > 0) this.reset(after);
    // A read under way may stop short of this head (it was asked for an earlier one): then one more.
    for (let tries = 0; tries < 2 && compareCheckpoints(this.to!, head) < 0 && this.within(after); tries += 1) await this.extend(manager, head);
    if (!this.within(after)) {
      // Behind the window (catching up), or left behind while this batch waited: the log itself answers.
      this.counts.direct += 1;
      return readSafeBatch(manager, query);
    }
    const end = compareCheckpoints(this.to!, head) < 0 ? this.to! : head;
    const wanted = types ? new Set(types) : null;
    const events: RecordedEvent[] = [];
    for (let index = this.firstAfter(after); index < this.events.length && events.length < limit; index += 1) {
      const event = this.events[index];
      if (compareCheckpoints(checkpointOf(event), end) > 0) break;
      if (!wanted || wanted.has(event.type)) events.push(event);
    }
    this.counts.served += events.length;
    const last = events[events.length - 1];
    return { events, scannedTo: events.length === limit ? checkpointOf(last) : end };
  }

  /** Reads the log after the window's end up to `head`, once for every batch waiting on it. */
  private extend(manager: EntityManager, head: GlobalCheckpoint): Promise<void> {
    this.extending ??= (async () => {
      try {
        const from = this.to!;
        const read = await readEventsBetween(manager, from, head, this.options.readSize);
        // Reset meanwhile by a batch ahead of the window: this read no longer joins it.
        if (this.to === null || compareCheckpoints(this.to, from) !== 0) return;
        if (this.options.freeze) for (const event of read) deepFreeze(event);
        this.events.push(...read);
        this.counts.read += read.length;
        this.to = read.length === this.options.readSize ? checkpointOf(read[read.length - 1]) : head;
        this.trim();
      } finally {
        this.extending = null;
      }
    })();
    return this.extending;
  }

  private within(after: GlobalCheckpoint): boolean {
    return compareCheckpoints(after, this.from!) >= 0 && compareCheckpoints(after, this.to!) <= 0;
  }

  private reset(at: GlobalCheckpoint): void {
    this.events = [];
    this.from = at;
    this.to = at;
  }

  private trim(): void {
    const excess = this.events.length - this.options.keep;
    if (excess <= 0) return;
    this.from = checkpointOf(this.events[excess - 1]);
    this.events = this.events.slice(excess);
  }

  /** The index of the first event after `after` (binary search: the window is in the safe order). */
  private firstAfter(after: GlobalCheckpoint): number {
    let low = 0;
    let high = this.events.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareCheckpoints(checkpointOf(this.events[middle]), after) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

function checkpointOf(event: RecordedEvent): GlobalCheckpoint {
  return { transactionId: event.transactionId, position: event.globalPosition };
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

const windows = new WeakMap<DataSource, EventWindow>();

/** The window of the live batches run on `dataSource` in this process: one per process and database. */
export function eventWindowOf(dataSource: DataSource): EventWindow {
  let window = windows.get(dataSource);
  if (!window) windows.set(dataSource, (window = new EventWindow()));
  return window;
}
