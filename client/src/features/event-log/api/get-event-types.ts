import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventTypeCount } from '../../../../../contracts/events';
import type { DataList } from '../../../../../contracts/paginated';
import { apiGet } from '../../../lib/api-client';
import { eventLogKeys } from './event-log-keys';

export function getEventTypes({ signal }: { signal?: AbortSignal } = {}) {
  return apiGet<DataList<EventTypeCount>>('/admin/events/types', { signal });
}

export function eventTypesQueryOptions() {
  return queryOptions({ queryKey: eventLogKeys.types(), queryFn: ({ signal }) => getEventTypes({ signal }), staleTime: 60_000 });
}

export function useEventTypes() {
  return useQuery(eventTypesQueryOptions());
}
