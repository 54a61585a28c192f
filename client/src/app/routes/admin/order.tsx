import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { CareOrder } from '../../../features/care-orders/components/order-view';
import { OrderTokens } from '../../../features/lucky-draw/components/order-tokens';
import { luckyDrawKeys } from '../../../features/lucky-draw/api/lucky-draw-keys';
import { dashboardKeys } from '../../../features/store-dashboard/api/dashboard-keys';
import { t, useMessages } from '../../../lib/i18n/locale';
import { parcelMessages } from '../../../lib/i18n/messages/parcel';
import { returnsMessages } from '../../../lib/i18n/messages/returns';
import { ReturnsList } from '../../../features/returns-console/components/returns-list';
import { useReturnSteps } from '../../../features/returns-console/api/get-return-steps';

/** One order for care and its lucky-draw tokens; a recorded step also makes the dashboard's figures and the tokens stale. */
export function OrderRoute() {
  useMessages(parcelMessages, returnsMessages);
  const { orderId = '' } = useParams();
  const queryClient = useQueryClient();
  // Issue 35: the steps of the order's returns join its timeline (each return step refreshes them).
  const returnSteps = useReturnSteps(orderId);
  return (
    <section aria-labelledby="order-title">
      <title>{`Order ${orderId} · Operations`}</title>
      <p>
        <Link to="/admin/orders">← Orders</Link>
      </p>
      <CareOrder
        orderId={orderId}
        moreTimeline={returnSteps.data?.timeline}
        onChanged={() => Promise.all([queryClient.invalidateQueries({ queryKey: dashboardKeys.all }), queryClient.invalidateQueries({ queryKey: luckyDrawKeys.all })])}
      />
      <section className="card" aria-labelledby="order-returns-title">
        <h2 id="order-returns-title" className="section-title">
          {t('ret.console.title')}
        </h2>
        <ReturnsList orderId={orderId} showSteps />
      </section>
      <OrderTokens orderId={orderId} />
    </section>
  );
}
