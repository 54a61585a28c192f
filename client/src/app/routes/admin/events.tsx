import { ConsolePage } from '../../../features/console-kit/console-layout';
import { EventLog } from '../../../features/event-log/components/event-log';

export function EventsRoute() {
  return (
    <ConsolePage id="events" title="Events">
      <EventLog />
    </ConsolePage>
  );
}
