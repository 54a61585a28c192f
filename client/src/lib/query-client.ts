import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Catalog data (settings, categories, products) changes rarely; refetching it costs shoppers data. */
export const CATALOG_STALE_TIME = 5 * 60_000;

const MAX_RETRIES = 2;

/** Retries network failures and 5xx a couple of times; a 4xx will not change by asking again. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CATALOG_STALE_TIME,
        gcTime: 30 * 60_000,
        retry: shouldRetry,
        // On phones, tab switches are frequent and data is expensive: refresh on navigation, not focus.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
