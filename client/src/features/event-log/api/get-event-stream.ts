import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventRow } from '../../../../../contracts/events';
import type { DataList } from '../../../../../contracts/paginated';
import { apiGet } from '../../../lib/api-client';
import { eventLogKeys } from './event-log-keys';

export function getEventStream(streamId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet<DataList<EventRow>>(`/admin/events/streams/${encodeURIComponent(streamId)}`, { signal });
}

export function eventStreamQueryOptions(streamId: string) {
  return queryOptions({
    queryKey: eventLogKeys.stream(streamId),
    queryFn: ({ signal }) => getEventStream(streamId, { signal }),
    staleTime: 5_000,
  });
}

export function useEventStream(streamId: string) {
  return useQuery({ ...eventStreamQueryOptions(streamId), enabled: streamId !== '' });
}
