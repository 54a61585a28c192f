/** The paged answer the storefront's grid reads (Laravel's paginator field names). */
export interface Paginated<T> {
  data: T[];
  current_page: number;
  last_page: number;
  total: number;
  per_page: number;
}

export function paginated<T>(data: T[], page: number, total: number, perPage: number): Paginated<T> {
  return { data, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), total, per_page: perPage };
}
