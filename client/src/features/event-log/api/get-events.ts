import type { EventPage } from '../../../../../contracts/events';
import { useConsoleQuery } from '../../console-kit/console-query';
import { eventLogKeys } from './event-log-keys';

export interface EventFilters {
  type?: string;
  /** A stream id, or a prefix ending in "-" (order-, sku-). */
  stream?: string;
  from?: string;
  to?: string;
  before?: string;
  limit?: number;
}

/** datetime-local gives local wall time without a zone; the server wants an instant (a bad value goes as typed, for the server to name). */
function toIso(value?: string): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}

/** `GET /admin/events`: the global log, newest first, paged backwards by position. */
export function useEvents(filters: EventFilters) {
  const { type, stream, from, to, before, limit } = filters;
  return useConsoleQuery<EventPage>(eventLogKeys.list(filters), '/admin/events', {
    params: { type: type || undefined, stream: stream || undefined, from: toIso(from), to: toIso(to), before, limit },
    staleTime: 5_000,
    list: true,
  });
}
