/**
 * The contract of the event store that every bounded context writes through and every projection reads
 * from. Positions are bigint-valued; stream positions are 1-based, so a stream's version is the position of
 * its last event and an empty stream has version 0.
 */
export type ActorRole = 'system' | 'guest' | 'customer' | 'care' | 'admin';

export interface Actor {
  id: string;
  role: ActorRole;
  name?: string;
}

/** Written on every event: why it happened (correlation, causation) and who made it happen. */
export interface EventMetadata {
  correlationId: string;
  causationId: string | null;
  actor: Actor;
  requestId?: string | null;
  /** Free text a staff member gave with the action (cancel reason, care note). */
  note?: string | null;
}

/** What a caller hands to `append`: an event not yet recorded. */
export interface NewEvent<TType extends string = string, TData = unknown> {
  type: TType;
  data: TData;
  /** Event id (uuid). Generated when absent; give one to make a retried append recognisable. */
  id?: string;
  schemaVersion?: number;
  /**
   * This event's own metadata, instead of the append's: an append that records several requests' decisions
   * (a checkout batch, ADR 017) gives each event the metadata of the request it belongs to.
   */
  metadata?: EventMetadata;
}

export interface RecordedEvent<TType extends string = string, TData = unknown> {
  id: string;
  globalPosition: bigint;
  streamId: string;
  streamPosition: number;
  type: TType;
  schemaVersion: number;
  data: TData;
  metadata: EventMetadata;
  recordedAt: Date;
  transactionId: bigint;
}

/**
 * `number`: the stream must be at exactly this version (0 = must not exist yet).
 * `'any'`: no check. `'no-stream'` is the same as 0.
 */
export type ExpectedVersion = number | 'any' | 'no-stream';

export interface AppendRequest {
  streamId: string;
  expectedVersion: ExpectedVersion;
  events: NewEvent[];
}

export interface AppendResult {
  /** Version of each written stream after the append, in the order given. */
  streams: Array<{ streamId: string; version: number }>;
  /** Recorded events in the order they were written. */
  events: RecordedEvent[];
}

/** A point in the global order: (transaction id, global position). The start is (0, 0). */
export interface GlobalCheckpoint {
  transactionId: bigint;
  position: bigint;
}
