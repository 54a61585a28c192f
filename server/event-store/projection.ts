import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from './event-store.types';

/**
 * A read model kept current from the log. `apply` receives a batch in the safe global order (so each
 * stream's events arrive in stream-position order) and must batch its writes: one multi-row statement per
 * table per batch, not one per event. It must write only through `context.table(...)`, which is how a
 * rebuild redirects it to fresh copies of its tables.
 *
 * Tables named in `tables` are swapped by rebuild: they must not be referenced by foreign keys or views,
 * and should use identity columns rather than `serial` (a copy shares a serial's sequence).
 */
export interface Projection {
  /** Unique, stable: it names the checkpoint row and the lock. */
  readonly name: string;
  /** Logical names of the tables this projection owns (unquoted, in the search path). */
  readonly tables: string[];
  /**
   * When given, only these event types are read, which keeps catch-up of a narrow projection cheap; only an
   * append of one of them wakes it, and other events move its checkpoint without a transaction.
   */
  readonly eventTypes?: string[];
  apply(events: RecordedEvent[], context: ProjectionContext): Promise<void>;
}

export interface ProjectionContext {
  /** The transaction the checkpoint is moved in: writes through it commit or roll back with the checkpoint. */
  manager: EntityManager;
  /** The quoted identifier to write for a logical table: the live table, or its fresh copy during a rebuild. */
  table(name: string): string;
}

/** Suffix of the copies a rebuild fills before swapping them in. */
export const REBUILD_SUFFIX = '__rebuild';

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A context whose tables are the projection's own, each with `suffix` appended ('' for the live ones). */
export function projectionContext(manager: EntityManager, projection: Projection, suffix = ''): ProjectionContext {
  const owned = new Set(projection.tables);
  return {
    manager,
    table(name: string): string {
      // A write to a table the projection does not declare would escape the rebuild's copy and swap.
      if (!owned.has(name)) throw new Error(`projection ${projection.name} does not own table ${name}`);
      return quoteIdentifier(name + suffix);
    },
  };
}
