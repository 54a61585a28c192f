import { ConsolePage } from '../../../features/console-kit/console-layout';
import { SystemNav } from '../../../features/console-kit/system-nav';
import { ProjectionTable } from '../../../features/projections/components/projection-table';
import { QueueTable } from '../../../features/projections/components/queue-table';

export function ProjectionsRoute() {
  return (
    <ConsolePage id="projections" title="Projections">
      <SystemNav />
      <ProjectionTable />
      <QueueTable />
    </ConsolePage>
  );
}
