import { ConsolePage } from '../../../features/console-kit/console-layout';
import { ProjectionTable } from '../../../features/projections/components/projection-table';
import { QueueTable } from '../../../features/projections/components/queue-table';

export function ProjectionsRoute() {
  return (
    <ConsolePage id="projections" title="Projections">
      <ProjectionTable />
      <QueueTable />
    </ConsolePage>
  );
}
