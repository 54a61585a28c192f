import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EventPage } from '../../../../../contracts/events';
import { apiGet } from '../../../lib/api-client';
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

/** datetime-local gives local wall time without a zone; the server wants an instant. */
const toIso = (value?: string) => (value ? new Date(value).toISOString() : undefined);

export function getEvents(filters: EventFilters, { signal }: { signal?: AbortSignal } = {}) {
  const { type, stream, from, to, before, limit } = filters;
  return apiGet<EventPage>('/admin/events', {
    signal,
    params: { type: type || undefined, stream: stream || undefined, from: toIso(from), to: toIso(to), before, limit },
  });
}

export function eventsQueryOptions(filters: EventFilters) {
  return queryOptions({
    queryKey: eventLogKeys.list(filters),
    queryFn: ({ signal }) => getEvents(filters, { signal }),
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });
}

export function useEvents(filters: EventFilters) {
  return useQuery(eventsQueryOptions(filters));
}
