import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export interface EventFilters {
  type?: string;
  /** A stream id, or a prefix ending in "-" (order-, sku-). */
  stream?: string;
  from?: string;
  to?: string;
  before?: string;
  limit?: number;
}

export interface EventRow {
  position: string;
  id: string;
  streamId: string;
  streamPosition: number;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: unknown;
  recordedAt: string;
}

export interface EventPage {
  data: EventRow[];
  next_before: string | null;
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
    queryKey: adminKeys.events(filters),
    queryFn: ({ signal }) => getEvents(filters, { signal }),
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });
}

export function useEvents(filters: EventFilters) {
  return useQuery(eventsQueryOptions(filters));
}
