import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { CATALOG_STALE_TIME } from '../../../lib/query-client';

/** Post categories of the info pages (spec §7). */
export const POST_CATEGORY = { about: 1, terms: 2, privacy: 4, return: 5 } as const;

export interface Post {
  name: string;
  description_full: string;
}

/** `GET /public/getPostData?category_id`: the page's title and sanitized HTML body. */
export async function getPostData(categoryId: number, { signal }: { signal?: AbortSignal } = {}): Promise<Post> {
  const response = await apiGet<{ data: Post }>('/public/getPostData', { signal, params: { category_id: categoryId } });
  if (!response?.data) throw new Error('The post answer has no data.');
  return response.data;
}

export function postDataQueryOptions(categoryId: number) {
  return queryOptions({ queryKey: ['info', 'post', categoryId] as const, queryFn: ({ signal }) => getPostData(categoryId, { signal }), staleTime: CATALOG_STALE_TIME });
}

export function usePostData(categoryId: number) {
  return useQuery(postDataQueryOptions(categoryId));
}
