import type { EventRow } from '../../../../../contracts/events';
import type { DataList } from '../../../../../contracts/paginated';
import { useConsoleQuery } from '../../console-kit/console-query';
import { stockKeys } from './stock-keys';

/** `GET /admin/stock/{productId}/{size}/stream`: one SKU's events, oldest first. */
export function useSkuStream(productId: number, size: string) {
  return useConsoleQuery<DataList<EventRow>>(stockKeys.stream(productId, size), `/admin/stock/${productId}/${encodeURIComponent(size)}/stream`, { staleTime: 5_000 });
}
