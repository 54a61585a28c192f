import { InstantOrderForm } from '../../../features/care-orders/components/instant-order-form';
import { ConsolePage } from '../../../features/console-kit/console-layout';

export function InstantOrderRoute() {
  return (
    <ConsolePage id="instant" title="Instant order" heading="Instant (phone) order" className="admin-narrow">
      <InstantOrderForm />
    </ConsolePage>
  );
}
