import { OrdersList } from '../../../features/care-orders/components/orders-list';
import { ConsolePage } from '../../../features/console-kit/console-layout';

export function OrdersRoute() {
  return (
    <ConsolePage id="orders" title="Orders">
      <OrdersList />
    </ConsolePage>
  );
}
