import { ConsolePage } from '../../../features/console-kit/console-layout';
import { SystemNav } from '../../../features/console-kit/system-nav';
import { EventLog } from '../../../features/event-log/components/event-log';

export function EventsRoute() {
  return (
    <ConsolePage id="events" title="Events">
      <SystemNav />
      <EventLog />
    </ConsolePage>
  );
}
