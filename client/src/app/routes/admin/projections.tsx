import { ConsolePage } from '../../../features/console-kit/console-layout';
import { ProjectionTable } from '../../../features/projections/components/projection-table';

export function ProjectionsRoute() {
  return (
    <ConsolePage id="projections" title="Projections">
      <ProjectionTable />
    </ConsolePage>
  );
}
