import type { AppendRequest, EventMetadata } from './event-store.types';

/**
 * Programming errors in an append, caught before a transaction is opened. They are plain `Error`s (a 500):
 * no user input should ever reach them unchecked.
 */
export function assertValidAppend(requests: AppendRequest[], metadata: EventMetadata): void {
  if (requests.length === 0) throw new Error('append needs at least one stream');
  const seen = new Set<string>();
  for (const request of requests) {
    if (!request.streamId) throw new Error('append needs a stream id');
    if (seen.has(request.streamId)) throw new Error(`stream ${request.streamId} is given twice in one append`);
    seen.add(request.streamId);
    if (request.events.length === 0) throw new Error(`append to ${request.streamId} has no events`);
    const expected = request.expectedVersion;
    if (typeof expected === 'number' && (!Number.isInteger(expected) || expected < 0)) {
      throw new Error(`expected version of ${request.streamId} must be a whole number >= 0`);
    }
    for (const event of request.events) {
      if (!event.type) throw new Error(`an event for ${request.streamId} has no type`);
      if (event.metadata) assertValidMetadata(event.metadata);
    }
  }
  assertValidMetadata(metadata);
}

function assertValidMetadata(metadata: EventMetadata): void {
  if (!metadata?.correlationId) throw new Error('event metadata needs a correlationId');
  if (metadata.causationId === undefined) throw new Error('event metadata needs a causationId (null for a first cause)');
  if (!metadata.actor?.id || !metadata.actor.role) throw new Error('event metadata needs an actor with id and role');
}
