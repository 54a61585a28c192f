import { t } from '../../../lib/i18n/locale';
import { useLiveOrders } from '../live-orders';

/** The menu's dot beside "Orders" while an order newer than the agent's mark waits (issue 31). */
export function NewOrdersBadge() {
  const live = useLiveOrders();
  if (!live.hasNew) return null;
  return (
    <span className="care-nav-badge" role="status" aria-label={t('care.live.navBadge')}>
      {t('care.live.newBadge')}
    </span>
  );
}
