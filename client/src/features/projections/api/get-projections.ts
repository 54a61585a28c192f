import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataList } from '../../../../../contracts/paginated';
import type { ProjectionRow } from '../../../../../contracts/projections';
import { apiGet } from '../../../lib/api-client';
import { projectionsKeys } from './projections-keys';

export function getProjections({ signal }: { signal?: AbortSignal } = {}) {
  return apiGet<DataList<ProjectionRow>>('/admin/projections', { signal });
}

/** Polls every 500 ms while a rebuild runs, every 10 s otherwise, so progress shows live. */
export function projectionsQueryOptions() {
  return queryOptions({
    queryKey: projectionsKeys.all,
    queryFn: ({ signal }) => getProjections({ signal }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.data.some((row) => row.job?.state === 'running') ? 500 : 10_000),
  });
}

export function useProjections() {
  return useQuery(projectionsQueryOptions());
}
