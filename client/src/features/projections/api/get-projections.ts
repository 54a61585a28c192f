import type { DataList } from '../../../../../contracts/paginated';
import type { ProjectionRow } from '../../../../../contracts/projections';
import { useConsoleQuery } from '../../console-kit/console-query';
import { projectionsKeys } from './projections-keys';

/** `GET /admin/projections`; polls every 500 ms while a rebuild runs, every 10 s otherwise, so progress shows live. */
export function useProjections() {
  return useConsoleQuery<DataList<ProjectionRow>>(projectionsKeys.all, '/admin/projections', {
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.data.some((row) => row.job?.state === 'running') ? 500 : 10_000),
  });
}
