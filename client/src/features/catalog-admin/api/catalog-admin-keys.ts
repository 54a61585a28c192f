import { consoleKeys } from '../../console-kit/console-keys';

/** Query keys of the catalog screens (products, categories, settings, info pages). */
export const catalogAdminKeys = {
  all: [...consoleKeys.all, 'catalog'] as const,
  products: () => [...catalogAdminKeys.all, 'products'] as const,
  productList: (filters: object) => [...catalogAdminKeys.products(), 'list', filters] as const,
  product: (id: number) => [...catalogAdminKeys.products(), 'one', id] as const,
  history: (id: number) => [...catalogAdminKeys.products(), 'history', id] as const,
  categories: () => [...catalogAdminKeys.all, 'categories'] as const,
  settings: () => [...catalogAdminKeys.all, 'settings'] as const,
  post: (slug: string) => [...catalogAdminKeys.all, 'post', slug] as const,
};
