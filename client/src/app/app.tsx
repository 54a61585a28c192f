import { useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { getProductsByShopQueryOptions } from '../features/catalog/api/get-products-by-shop';
import { productRowQueryOptions } from '../features/catalog/api/get-product-row';
import { trendingProductsQueryOptions } from '../features/catalog/api/get-trending-products';
import { settingRowQueryOptions } from '../features/settings/api/get-setting-row';
import { LOCALE_CHANGED_EVENT, getLocale } from '../lib/i18n/locale';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/**
 * The data the landing pages show first: requested while their code downloads (browser), or loaded before the
 * first HTML is rendered (the server's renderer, issue 33). The keys match what the pages ask for.
 */
export function prefetchLandingData(queryClient: QueryClient, { pathname, search }: { pathname: string; search: string }): Promise<unknown> {
  const params = new URLSearchParams(search);
  const loads: Array<Promise<unknown>> = [queryClient.prefetchQuery(settingRowQueryOptions())];
  if (pathname === '/') {
    loads.push(queryClient.prefetchQuery(trendingProductsQueryOptions()));
  } else if (pathname === '/shop') {
    const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
    loads.push(queryClient.prefetchQuery(getProductsByShopQueryOptions({ page, search: params.get('search') ?? '' })));
  } else {
    const product = /^\/product-details\/([^/]+)$/.exec(pathname);
    if (product?.[1]) loads.push(queryClient.prefetchQuery(productRowQueryOptions(decodeURIComponent(product[1]))));
  }
  return Promise.all(loads);
}

/** The router around the pages: the browser's history, or the server's one address (entry-server.tsx). */
export type RouterShell = ComponentType<{ children: ReactNode }>;

export function App({ queryClient, Router }: { queryClient: QueryClient; Router: RouterShell }) {
  return (
    <AppProvider queryClient={queryClient}>
      <LocaleRoot Router={Router} />
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
 * are kept; a half-typed form is not, which a language switch may cost). The server renders in the language
 * it was asked for, and the browser hydrates in that same one, so the server's snapshot is the current one too.
 */
function LocaleRoot({ Router }: { Router: RouterShell }) {
  const locale = useSyncExternalStore(subscribeLocale, getLocale, getLocale);
  return (
    <Router key={locale}>
      <AppRoutes />
    </Router>
  );
}
