import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import type { EventRow } from './get-events';

export function getEventStream(streamId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet<{ data: EventRow[] }>(`/admin/events/streams/${encodeURIComponent(streamId)}`, { signal });
}

export function eventStreamQueryOptions(streamId: string) {
  return queryOptions({
    queryKey: adminKeys.eventStream(streamId),
    queryFn: ({ signal }) => getEventStream(streamId, { signal }),
    staleTime: 5_000,
  });
}

export function useEventStream(streamId: string) {
  return useQuery({ ...eventStreamQueryOptions(streamId), enabled: streamId !== '' });
}
