import type { AdminCategory, AdminCategoryList, AdminPost, AdminSettings } from '../../../../../contracts/catalog-admin';
import { useConsoleMutation, useConsoleQuery } from '../../console-kit/console-query';
import { catalogAdminKeys } from './catalog-admin-keys';

export function useAdminCategories() {
  return useConsoleQuery<AdminCategoryList>(catalogAdminKeys.categories(), '/admin/categories');
}

export type CategoryInput = { name?: string; name_bn?: string | null; slug?: string; parent_id?: number | null; position?: number; version?: number };

export function useCreateCategory() {
  return useConsoleMutation<CategoryInput, AdminCategory>(() => '/admin/categories', (input) => input, () => [catalogAdminKeys.categories()]);
}

export function useChangeCategory() {
  return useConsoleMutation<CategoryInput & { id: number }, AdminCategory>(
    ({ id }) => `/admin/categories/${id}`,
    ({ id: _id, ...input }) => input,
    () => [catalogAdminKeys.categories()],
    { method: 'PATCH' },
  );
}

export function useAdminSettings() {
  return useConsoleQuery<AdminSettings>(catalogAdminKeys.settings(), '/admin/settings');
}

export function useSaveSettings() {
  return useConsoleMutation<Record<string, unknown>, AdminSettings>(() => '/admin/settings', (input) => input, () => [catalogAdminKeys.settings()], {
    method: 'PUT',
  });
}

export function useAdminPost(slug: string) {
  return useConsoleQuery<AdminPost>(catalogAdminKeys.post(slug), `/admin/posts/${slug}`);
}

export function useSavePost(slug: string) {
  return useConsoleMutation<{ name: string; html: string; version: number }, AdminPost>(
    () => `/admin/posts/${slug}`,
    (input) => input,
    () => [catalogAdminKeys.post(slug)],
    { method: 'PUT' },
  );
}
