import { openPersonalData } from '../personal-data/personal-data';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { StreamFolds } from './stream-folds';

export interface StreamState<S = unknown> {
  version: number;
  state: S;
}

const MAX_CACHED = 20_000;

/**
 * Current state of the streams a command decides on, folded from the log with the fold each context
 * registered for the stream type (`StreamFolds`), and cached per process with the stream version it reflects
 * (ADR 012). A load reads only the events after the cached version, for all asked streams in one query, so a
 * hot stream's long history is never re-read; the append's expected version still catches anything another
 * process wrote in between.
 */
@Injectable()
export class StreamStates {
  private readonly cache = new Map<string, StreamState>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly folds: StreamFolds,
  ) {}

  async load(streamIds: readonly string[]): Promise<Map<string, StreamState>> {
    const result = new Map<string, StreamState>();
    if (streamIds.length === 0) return result;
    const ids = [...new Set(streamIds)];
    for (const id of ids) result.set(id, this.cache.get(id) ?? { version: 0, state: this.folds.of(id).initialState() });
    const rows: Array<{ stream_id: string; stream_position: number; type: string; data: unknown }> = await this.dataSource.query(
      `SELECT e.stream_id, e.stream_position, e.type, e.data
         FROM unnest($1::text[], $2::int[]) AS s(id, version)
         JOIN events e ON e.stream_id = s.id AND e.stream_position > s.version
        ORDER BY e.stream_id, e.stream_position`,
      [ids, ids.map((id) => result.get(id)!.version)],
    );
    await openPersonalData(this.dataSource.manager, rows);
    for (const row of rows) {
      const current = result.get(row.stream_id)!;
      const state = this.folds.of(row.stream_id).evolve(current.state, { type: row.type, data: row.data });
      result.set(row.stream_id, { version: row.stream_position, state });
    }
    for (const [id, loaded] of result) this.remember(id, loaded);
    return result;
  }

  /** After a successful append at `expectedVersion`: the new state is the old one plus what was written. */
  advance(streamId: string, expectedVersion: number, events: ReadonlyArray<{ type: string; data: unknown }>): void {
    const cached = this.cache.get(streamId);
    const folding = this.folds.of(streamId);
    const base = cached ?? (expectedVersion === 0 ? { version: 0, state: folding.initialState() } : undefined);
    if (!base || base.version !== expectedVersion) {
      this.cache.delete(streamId);
      return;
    }
    let state = base.state;
    for (const event of events) state = folding.evolve(state, event);
    this.remember(streamId, { version: expectedVersion + events.length, state });
  }

  forget(streamId: string): void {
    this.cache.delete(streamId);
  }

  private remember(id: string, loaded: StreamState): void {
    // Map keeps insertion order: re-inserting marks the entry recent, the first key is the least recent.
    this.cache.delete(id);
    this.cache.set(id, loaded);
    if (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
  }
}
