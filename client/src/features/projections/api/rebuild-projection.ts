import type { RebuildStartedResponse } from '../../../../../contracts/projections';
import { useConsoleMutation } from '../../console-kit/console-query';
import { projectionsKeys } from './projections-keys';

/**
 * `POST /admin/projections/{name}/rebuild`. Refetching the list at once, whatever the answer, turns its polling
 * on (500 ms) as soon as the job shows as running.
 */
export function useRebuildProjection() {
  return useConsoleMutation<string, RebuildStartedResponse>((name) => `/admin/projections/${encodeURIComponent(name)}/rebuild`, () => undefined, () => [projectionsKeys.all], { always: true });
}
