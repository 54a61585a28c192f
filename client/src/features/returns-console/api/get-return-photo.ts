import type { ReturnPhotoResponse } from '../../../../../contracts/returns';
import { useConsoleQuery } from '../../console-kit/console-query';
import { returnsConsoleKeys } from './returns-console-keys';

/** `GET /admin/returns/{id}/photo`: the shopper's photo as a data URL, read only when care opens it. */
export function useReturnPhoto(returnId: string, enabled: boolean) {
  return useConsoleQuery<ReturnPhotoResponse>(returnsConsoleKeys.photo(returnId), `/admin/returns/${encodeURIComponent(returnId)}/photo`, { enabled, staleTime: Infinity });
}
