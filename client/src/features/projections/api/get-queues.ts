import type { DataList } from '../../../../../contracts/paginated';
import type { QueueRow } from '../../../../../contracts/projections';
import { useConsoleQuery } from '../../console-kit/console-query';
import { projectionsKeys } from './projections-keys';

/** `GET /admin/queues`: mail and SMS queue depths and failures, every 10 s. */
export function useQueues() {
  return useConsoleQuery<DataList<QueueRow>>(projectionsKeys.queues, '/admin/queues', { staleTime: 0, refetchInterval: 10_000 });
}
