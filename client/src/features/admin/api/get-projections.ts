import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export interface RebuildJob {
  state: 'running' | 'done' | 'failed';
  phase: string;
  processed: number;
  percent: number;
  startedAt: string;
  finishedAt: string | null;
  eventsPerSecond: number | null;
  error: string | null;
}

export interface ProjectionRow {
  name: string;
  status: string;
  checkpoint: { position: string; transactionId?: string };
  lagEvents: number;
  lagSeconds: number;
  lastError: string | null;
  lastErrorAt: string | null;
  updatedAt: string;
  job: RebuildJob | null;
}

export function getProjections({ signal }: { signal?: AbortSignal } = {}) {
  return apiGet<{ data: ProjectionRow[] }>('/admin/projections', { signal });
}

/** Polls every 500 ms while a rebuild runs, every 10 s otherwise, so progress shows live. */
export function projectionsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.projections(),
    queryFn: ({ signal }) => getProjections({ signal }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.data.some((row) => row.job?.state === 'running') ? 500 : 10_000),
  });
}

export function useProjections() {
  return useQuery(projectionsQueryOptions());
}
