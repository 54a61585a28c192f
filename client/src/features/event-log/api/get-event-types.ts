import type { EventTypeCount } from '../../../../../contracts/events';
import type { DataList } from '../../../../../contracts/paginated';
import { useConsoleQuery } from '../../console-kit/console-query';
import { eventLogKeys } from './event-log-keys';

/** `GET /admin/events/types`: every event type in the log with its count. */
export function useEventTypes() {
  return useConsoleQuery<DataList<EventTypeCount>>(eventLogKeys.types(), '/admin/events/types', { staleTime: 60_000 });
}
