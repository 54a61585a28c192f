import { getProductsByShopQueryOptions } from '../features/catalog/api/get-products-by-shop';
import { productRowQueryOptions } from '../features/catalog/api/get-product-row';
import { trendingProductsQueryOptions } from '../features/catalog/api/get-trending-products';
import { settingRowQueryOptions } from '../features/settings/api/get-setting-row';
import { LOCALE_CHANGED_EVENT, getLocale } from '../lib/i18n/locale';
import { createQueryClient } from '../lib/query-client';
import { AppProvider } from './provider';
import { AppRouter } from './router';
import { useSyncExternalStore } from 'react';

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
      <LocaleRoot />
    </AppProvider>
  );
}

function subscribeLocale(onChange: () => void) {
  window.addEventListener(LOCALE_CHANGED_EVENT, onChange);
  return () => window.removeEventListener(LOCALE_CHANGED_EVENT, onChange);
}

/**
 * The pages, remounted when the shopper switches language: every text and number is read from the current
 * catalog during render, so one remount repaints them all (the address, the cached data and the stored cart
 * are kept; a half-typed form is not, which a language switch may cost).
 */
function LocaleRoot() {
  const locale = useSyncExternalStore(subscribeLocale, getLocale, () => 'en' as const);
  return <AppRouter key={locale} />;
}
