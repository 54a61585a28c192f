/** A paged list (Laravel's paginator field names, as the storefront's grid reads them). */
export interface Paginated<T> {
  data: T[];
  current_page: number;
  last_page: number;
  total: number;
  per_page: number;
}

/** A list answer without paging. */
export interface DataList<T> {
  data: T[];
}
