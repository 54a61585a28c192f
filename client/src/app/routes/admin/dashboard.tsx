import { ConsolePage } from '../../../features/console-kit/console-layout';
import { StoreDashboard } from '../../../features/store-dashboard/components/store-dashboard';

export function DashboardRoute() {
  return (
    <ConsolePage id="dashboard" title="Dashboard">
      <StoreDashboard />
    </ConsolePage>
  );
}
