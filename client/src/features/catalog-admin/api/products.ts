import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, ProductHistoryEntry } from '../../../../../contracts/catalog-admin';
import type { Paginated } from '../../../../../contracts/paginated';
import { apiPost } from '../../../lib/api-client';
import { useConsoleMutation, useConsoleQuery } from '../../console-kit/console-query';
import { catalogAdminKeys } from './catalog-admin-keys';

export interface ProductFilters {
  page: number;
  search?: string;
  category?: string;
  status?: string;
}

/** `GET /admin/products`: drafts and published products, newest first, 20 a page. */
export function useAdminProducts(filters: ProductFilters) {
  return useConsoleQuery<Paginated<AdminProduct>>(catalogAdminKeys.productList(filters), '/admin/products', {
    params: { page: filters.page, search: filters.search || undefined, category: filters.category || undefined, status: filters.status || undefined },
    list: true,
  });
}

export function useAdminProduct(id: number) {
  return useConsoleQuery<AdminProduct>(catalogAdminKeys.product(id), `/admin/products/${id}`, { enabled: id > 0 });
}

export function useProductHistory(id: number) {
  return useConsoleQuery<{ data: ProductHistoryEntry[] }>(catalogAdminKeys.history(id), `/admin/products/${id}/history`);
}

export type ProductInput = {
  name: string;
  fullname?: string;
  category_id: number;
  price: number;
  old_price: number | null;
  sizes: string[];
  description: string;
  /** Optional Bengali texts (issue 18); null removes them. */
  name_bn: string | null;
  description_bn: string | null;
  badge: string | null;
  /** Issue 31: the badge in Bengali; null removes it. */
  badge_bn: string | null;
};

export function useCreateProduct() {
  return useConsoleMutation<ProductInput, AdminProduct>(
    () => '/admin/products',
    (input) => input,
    () => [catalogAdminKeys.products()],
  );
}

/** `PATCH /admin/products/{id}` with the version the form was loaded at: another admin's change meanwhile is a 409. */
export function useChangeProduct(id: number) {
  return useConsoleMutation<Partial<ProductInput> & { images?: string[]; version?: number }, AdminProduct>(
    () => `/admin/products/${id}`,
    (input) => input,
    () => [catalogAdminKeys.products()],
    { method: 'PATCH' },
  );
}

export function usePublishProduct(id: number) {
  return useConsoleMutation<{ publish: boolean }, AdminProduct>(
    ({ publish }) => `/admin/products/${id}/${publish ? 'publish' : 'unpublish'}`,
    () => ({}),
    () => [catalogAdminKeys.products()],
  );
}

/** `POST /admin/products/{id}/images`, multipart field `image`. */
export function useUploadPicture(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return apiPost<AdminProduct>(`/admin/products/${id}/images`, form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogAdminKeys.products() }),
  });
}
