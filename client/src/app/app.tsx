import { getProductsByShopQueryOptions } from '../features/catalog/api/get-products-by-shop';
import { productRowQueryOptions } from '../features/catalog/api/get-product-row';
import { trendingProductsQueryOptions } from '../features/catalog/api/get-trending-products';
import { settingRowQueryOptions } from '../features/settings/api/get-setting-row';
import { createQueryClient } from '../lib/query-client';
import { AppProvider } from './provider';
import { AppRouter } from './router';

const queryClient = createQueryClient();
// Every page's header needs the settings: ask for them before React renders, in parallel with page chunks.
void queryClient.prefetchQuery(settingRowQueryOptions());
prefetchLandingData(window.location);

/**
 * The landing pages' data is requested while their code downloads, not after: on Slow 4G that saves a round
 * trip before the first product image can load. The keys match what the pages ask for.
 */
function prefetchLandingData({ pathname, search }: Location) {
  const params = new URLSearchParams(search);
  if (pathname === '/') {
    void queryClient.prefetchQuery(trendingProductsQueryOptions());
  } else if (pathname === '/shop') {
    const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
    void queryClient.prefetchQuery(getProductsByShopQueryOptions({ page, search: params.get('search') ?? '' }));
  } else {
    const product = /^\/product-details\/([^/]+)$/.exec(pathname);
    if (product?.[1]) void queryClient.prefetchQuery(productRowQueryOptions(decodeURIComponent(product[1])));
  }
}

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <AppRouter />
    </AppProvider>
  );
}
