import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type QueryRunner } from 'typeorm';
import { ServiceUnavailableError } from '../../common/errors/domain-error';
import { ConcurrencyError } from '../concurrency-error';
import { EventStore } from '../event-store';
import type { AppendResult, EventMetadata, NewEvent } from '../event-store.types';
import type { StreamEvents } from './decider';
import { KeyedLock } from './keyed-lock';
import { Permits } from './permits';
import { StreamStates, type StreamState } from './stream-states';

const MAX_ATTEMPTS = 8;
/** How long a key that conflicted keeps being locked across processes. */
const CONTENDED_FOR_MS = 30_000;
/** Writes holding a database connection for their cross-process lock; well below the pool size (20). */
const CONCURRENT_WRITES = 8;

type InTransaction = (manager: EntityManager, result: AppendResult) => Promise<void>;

export interface WriteAttempt {
  /** Current state of the streams (cached fold plus the events after it; the initial state when empty). */
  load(streamIds: readonly string[]): Promise<Map<string, StreamState>>;
  /**
   * Appends every stream's events in one transaction, each at the version it was loaded at (0 for a stream
   * not loaded, which must then not exist yet).
   */
  append(streams: StreamEvents[], metadata: EventMetadata, inTransaction?: InTransaction): Promise<AppendResult>;
}

/** What a one-stream command recorded: the state it decided on, the events and the stream's version after them. */
export interface Handled<S, E> {
  decidedOn: S;
  events: E[];
  version: number;
}

/**
 * The command path of every write (ADR 012, ADR 041): serialise on the keys in this process (a keyed queue),
 * read the streams, fold them with the folds their contexts registered, decide, append with the expected
 * version of every stream read. A conflict means another process appended meanwhile: the stale state is
 * forgotten and the command decided again. Keys that conflicted recently are also locked across processes
 * (session advisory locks) before deciding, so processes sharing a hot SKU take turns instead of failing
 * each other's appends.
 *
 * - `handle`: one stream, one decision (stock receipts, coupon admin).
 * - `write`: several streams decided together (checkout batches, order steps that release stock).
 * - `appendAt`: state kept in a table with its stream version (accounts): append at that version, no retry.
 */
@Injectable()
export class CommandPath {
  private readonly locks = new KeyedLock();
  private readonly permits = new Permits(CONCURRENT_WRITES);
  /** Keys that saw a concurrency conflict, until when they are locked across processes. */
  private readonly contended = new Map<string, number>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly eventStore: EventStore,
    private readonly states: StreamStates,
  ) {}

  /**
   * Current state of the streams, outside any lock: to find which other streams a command will touch
   * before it is decided under their locks (an order's lines, for a cancel).
   */
  read(streamIds: readonly string[]): Promise<Map<string, StreamState>> {
    return this.states.load(streamIds);
  }

  /**
   * Drops what this process remembers of the streams' state, so the next load folds them from the log: for a
   * fold that reads a personal field, whose value an erasure in any process may have changed (ADR 053).
   */
  forget(streamIds: readonly string[]): void {
    for (const id of streamIds) this.states.forget(id);
  }

  /**
   * Folds the stream, asks `decide` for its events (it may throw a refusal) and appends them at the version
   * folded. Nothing is appended when `decide` returns no events.
   */
  async handle<S, E extends { type: string; data: unknown }>(
    streamId: string,
    decide: (state: S) => E[],
    metadata: EventMetadata,
    inTransaction?: InTransaction,
  ): Promise<Handled<S, E>> {
    return this.write([streamId], async (attempt) => {
      const { state, version } = (await attempt.load([streamId])).get(streamId)! as StreamState<S>;
      const events = decide(state);
      if (events.length === 0) return { decidedOn: state, events, version };
      const result = await attempt.append([{ streamId, events }], metadata, inTransaction);
      return { decidedOn: state, events, version: result.streams[0].version };
    });
  }

  /**
   * For state kept in a table that records its stream version (the users row): appends at exactly that
   * version, serialised with the other commands on the stream in this process. A conflict is not retried
   * (the caller decided on the row it read): it is the ConcurrencyError's 409.
   */
  async appendAt(streamId: string, expectedVersion: number, events: NewEvent[], metadata: EventMetadata, inTransaction?: InTransaction): Promise<AppendResult> {
    const release = await this.locks.acquire([streamId]);
    try {
      return await this.eventStore.append(streamId, expectedVersion, events, metadata, { inTransaction });
    } finally {
      release();
    }
  }

  async write<T>(keys: readonly string[], attempt: (context: WriteAttempt) => Promise<T>): Promise<T> {
    // Queue in memory first, so waiters on a hot SKU hold neither a permit nor a connection.
    const releaseLocal = await this.locks.acquire(keys);
    let shared: SharedLock | undefined;
    try {
      if (this.isContended(keys)) shared = await this.lockAcrossProcesses(keys);
      for (let round = 1; ; round++) {
        try {
          return await this.attempt(attempt);
        } catch (error) {
          if (!(error instanceof ConcurrencyError)) throw error;
          this.states.forget(error.streamId);
          if (round >= MAX_ATTEMPTS) throw new ServiceUnavailableError('busy');
          this.contended.set(error.streamId, Date.now() + CONTENDED_FOR_MS);
          shared ??= await this.lockAcrossProcesses(keys);
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * round));
        }
      }
    } finally {
      await shared?.release();
      releaseLocal();
    }
  }

  private attempt<T>(attempt: (context: WriteAttempt) => Promise<T>): Promise<T> {
    const versions = new Map<string, number>();
    return attempt({
      load: async (streamIds) => {
        const loaded = await this.states.load(streamIds);
        for (const [id, { version }] of loaded) versions.set(id, version);
        return loaded;
      },
      append: async (streams, metadata, inTransaction) => {
        const requests = streams
          .filter((stream) => stream.events.length > 0)
          .map((stream) => ({ streamId: stream.streamId, expectedVersion: versions.get(stream.streamId) ?? 0, events: stream.events }));
        const result = await this.eventStore.appendToStreams(requests, metadata, { inTransaction });
        for (const request of requests) this.states.advance(request.streamId, request.expectedVersion, request.events);
        return result;
      },
    });
  }

  private isContended(keys: readonly string[]): boolean {
    const now = Date.now();
    return keys.some((key) => {
      const until = this.contended.get(key);
      if (until !== undefined && until < now) this.contended.delete(key);
      return until !== undefined && until >= now;
    });
  }

  /**
   * Session advisory locks on the keys (namespace 1, apart from the event store's own per-append locks), in
   * hash order like the event store's, on a connection held until the write ends; a closed connection frees
   * them too. A permit bounds how many connections such writes hold at once.
   */
  private async lockAcrossProcesses(keys: readonly string[]): Promise<SharedLock | undefined> {
    if (keys.length === 0) return undefined;
    const releasePermit = await this.permits.acquire();
    const runner = this.dataSource.createQueryRunner();
    const unique = [...new Set(keys)];
    try {
      await runner.connect();
      await runner.query(
        `SELECT pg_advisory_lock(key) FROM (SELECT DISTINCT hashtextextended(id, 1) AS key FROM unnest($1::text[]) AS id ORDER BY key) AS keys`,
        [unique],
      );
    } catch (error) {
      await runner.release();
      releasePermit();
      throw error;
    }
    return {
      release: async () => {
        try {
          await runner.query(`SELECT pg_advisory_unlock(hashtextextended(id, 1)) FROM unnest($1::text[]) AS id`, [unique]);
          await runner.release();
        } catch (error) {
          // A connection that may still hold the locks must never go back to the pool: closing it frees them.
          await discard(runner, error);
        } finally {
          releasePermit();
        }
      },
    };
  }
}

interface SharedLock {
  release(): Promise<void>;
}

async function discard(runner: QueryRunner, error: unknown): Promise<void> {
  const postgres = runner as QueryRunner & { releasePostgresConnection?: (error: Error) => Promise<void> };
  if (postgres.releasePostgresConnection) await postgres.releasePostgresConnection(error instanceof Error ? error : new Error(String(error)));
  else await runner.release();
}
