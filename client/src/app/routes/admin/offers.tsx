import { ConsolePage } from '../../../features/console-kit/console-layout';
import { OfferList } from '../../../features/lucky-draw/components/offer-list';

export function OffersRoute() {
  return (
    <ConsolePage id="offers" title="Lucky draw">
      <OfferList />
    </ConsolePage>
  );
}
