import type { Paginated } from '../../../../../contracts/paginated';
import type { StockRow } from '../../../../../contracts/stock';
import { useConsoleQuery } from '../../console-kit/console-query';
import { careOrdersKeys } from './care-orders-keys';

/**
 * `GET /admin/stock?search=<name>`: the sizes of one product with their stock (issue 31), so care picks a line's
 * new size from those the shop has instead of typing one. Rows of other products the search also finds are left out.
 */
export function useProductStock(product: { id: number; name: string } | null) {
  const query = useConsoleQuery<Paginated<StockRow>>(careOrdersKeys.stock(product?.id ?? 0), '/admin/stock', {
    params: { search: product?.name ?? '', page: 1 },
    staleTime: 10_000,
    enabled: Boolean(product),
  });
  return { ...query, sizes: (query.data?.data ?? []).filter((row) => row.productId === product?.id) };
}
