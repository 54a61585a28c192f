import type { EventRow } from '../../../../../contracts/events';
import type { DataList } from '../../../../../contracts/paginated';
import { useConsoleQuery } from '../../console-kit/console-query';
import { eventLogKeys } from './event-log-keys';

/** `GET /admin/events/streams/{id}`: one stream from its first event; nothing is asked for an empty id. */
export function useEventStream(streamId: string) {
  return useConsoleQuery<DataList<EventRow>>(eventLogKeys.stream(streamId), `/admin/events/streams/${encodeURIComponent(streamId)}`, {
    staleTime: 5_000,
    enabled: streamId !== '',
  });
}
