import { OrdersList } from '../../../features/care-orders/components/orders-list';
import { ConsolePage } from '../../../features/console-kit/console-layout';
import { useMessages } from '../../../lib/i18n/locale';
import { parcelMessages } from '../../../lib/i18n/messages/parcel';

export function OrdersRoute() {
  useMessages(parcelMessages);
  return (
    <ConsolePage id="orders" title="Orders">
      <OrdersList />
    </ConsolePage>
  );
}
