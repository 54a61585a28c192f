import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export interface EventTypeCount {
  type: string;
  count: number;
}

export function getEventTypes({ signal }: { signal?: AbortSignal } = {}) {
  return apiGet<{ data: EventTypeCount[] }>('/admin/events/types', { signal });
}

export function eventTypesQueryOptions() {
  return queryOptions({ queryKey: adminKeys.eventTypes(), queryFn: ({ signal }) => getEventTypes({ signal }), staleTime: 60_000 });
}

export function useEventTypes() {
  return useQuery(eventTypesQueryOptions());
}
