import type { RecordedEvent } from './event-store.types';

/** Channel on which every append announces itself once it commits. */
export const EVENTS_CHANNEL = 'events';

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; a longer list of types is left out. */
const MAX_PAYLOAD = 7_900;

/**
 * The payload of an append's notification: the last global position written and the distinct event types,
 * so a listener wakes only the subscriptions that handle one of them. Without `types` (a very long list),
 * every subscription must look.
 */
export function appendNotification(events: RecordedEvent[]): string {
  const position = events[events.length - 1].globalPosition.toString();
  const payload = JSON.stringify({ position, types: [...new Set(events.map((event) => event.type))] });
  return payload.length < MAX_PAYLOAD ? payload : JSON.stringify({ position });
}

/** The event types an events-channel payload names; `null` when it names none (anything may have changed). */
export function typesInNotification(payload: string | undefined): ReadonlySet<string> | null {
  if (!payload) return null;
  try {
    const parsed = JSON.parse(payload) as { types?: unknown };
    return Array.isArray(parsed.types) && parsed.types.every((type) => typeof type === 'string') ? new Set(parsed.types) : null;
  } catch {
    return null;
  }
}

/** Whether a subscription to `eventTypes` (all types when undefined) must look after a notification naming `types`. */
export function concerns(eventTypes: readonly string[] | undefined, types: ReadonlySet<string> | null): boolean {
  return !eventTypes || !types || eventTypes.some((type) => types.has(type));
}
