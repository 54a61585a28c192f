import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { apiGet, apiPost, apiSend, type QueryParams } from '../../lib/api-client';

type ConsoleQueryOptions<T> = Omit<UseQueryOptions<T, Error, T, QueryKey>, 'queryKey' | 'queryFn' | 'placeholderData'> & {
  params?: QueryParams;
  /** A paged or filtered list: the previous answer stays on screen while the next one loads. */
  list?: boolean;
};

/** One console GET, cached under its feature's key. */
export function useConsoleQuery<T>(queryKey: QueryKey, path: string, { params, list = false, ...options }: ConsoleQueryOptions<T> = {}) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => apiGet<T>(path, { signal, params }),
    placeholderData: list ? keepPreviousData : undefined,
    ...options,
  });
}

/**
 * One console POST. Afterwards the queries under the keys `invalidates` names (from the feature's key factory)
 * are refetched: after success, or with `always`, after a failure too (a refused step may mean the order moved).
 */
export function useConsoleMutation<Input, Answer>(
  path: (input: Input) => string,
  body: (input: Input) => unknown,
  invalidates: (input: Input) => QueryKey[],
  { always = false, method = 'POST' }: { always?: boolean; method?: 'POST' | 'PUT' | 'PATCH' } = {},
) {
  const queryClient = useQueryClient();
  const refresh = (input: Input) => Promise.all(invalidates(input).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn: (input: Input) => (method === 'POST' ? apiPost<Answer>(path(input), body(input)) : apiSend<Answer>(method, path(input), body(input))),
    onSuccess: always ? undefined : (_answer: Answer, input: Input) => refresh(input),
    onSettled: always ? (_answer: Answer | undefined, _error: Error | null, input: Input) => refresh(input) : undefined,
  });
}
