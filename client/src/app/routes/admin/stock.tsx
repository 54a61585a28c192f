import { ConsolePage } from '../../../features/console-kit/console-layout';
import { StockList } from '../../../features/stock/components/stock-list';

export function StockRoute() {
  return (
    <ConsolePage id="stock" title="Stock">
      <StockList />
    </ConsolePage>
  );
}
