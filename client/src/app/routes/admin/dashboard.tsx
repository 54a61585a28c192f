import { ConsolePage } from '../../../features/console-kit/console-layout';
import { useStaffSession } from '../../../features/console-kit/staff-session-context';
import { PayoutTiles } from '../../../features/payouts/components/payout-tiles';
import { FirstRunChecklist } from '../../../features/store-dashboard/components/first-run-checklist';
import { StoreDashboard } from '../../../features/store-dashboard/components/store-dashboard';
import { payoutsMessages } from '../../../lib/i18n/messages/payouts';
import { returnsMessages } from '../../../lib/i18n/messages/returns';
import { ReturnsDashboard } from '../../../features/returns-console/components/returns-dashboard';
import { setupMessages } from '../../../lib/i18n/messages/setup';
import { sourcesMessages } from '../../../lib/i18n/messages/sources';
import { useMessages } from '../../../lib/i18n/locale';

export function DashboardRoute() {
  useMessages(setupMessages, payoutsMessages, sourcesMessages, returnsMessages);
  const { staffRole } = useStaffSession();
  return (
    <ConsolePage id="dashboard" title="Dashboard">
      <FirstRunChecklist admin={staffRole === 'admin'} />
      <PayoutTiles />
      <StoreDashboard />
      <ReturnsDashboard />
    </ConsolePage>
  );
}
