/** Query keys of the catalog feature: one factory, so hooks and cache calls agree. */
export const catalogKeys = {
  all: ['catalog'] as const,
  categoryTree: () => [...catalogKeys.all, 'category-tree'] as const,
  subCategories: () => [...catalogKeys.all, 'sub-categories'] as const,
  trending: () => [...catalogKeys.all, 'trending'] as const,
  list: (kind: 'shop' | 'category' | 'main-category', params: { page: number; slug?: string; search?: string }) =>
    [...catalogKeys.all, 'list', kind, params] as const,
  search: (q: string, categoryId: string) => [...catalogKeys.all, 'search', q, categoryId] as const,
  suggestions: (q: string) => [...catalogKeys.all, 'suggestions', q] as const,
  product: (slug: string) => [...catalogKeys.all, 'product', slug] as const,
  related: (slug: string) => [...catalogKeys.all, 'related', slug] as const,
};
