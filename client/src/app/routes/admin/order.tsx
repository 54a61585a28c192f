import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { CareOrder } from '../../../features/care-orders/components/order-view';
import { dashboardKeys } from '../../../features/store-dashboard/api/dashboard-keys';

/** One order for care; a recorded step also makes the dashboard's figures stale. */
export function OrderRoute() {
  const { orderId = '' } = useParams();
  const queryClient = useQueryClient();
  return (
    <section aria-labelledby="order-title">
      <title>{`Order ${orderId} · Operations`}</title>
      <p>
        <Link to="/admin/orders">← Orders</Link>
      </p>
      <CareOrder orderId={orderId} onChanged={() => queryClient.invalidateQueries({ queryKey: dashboardKeys.all })} />
    </section>
  );
}
