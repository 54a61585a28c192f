import type { Paginated } from '../../contracts/paginated';

export type { Paginated };

/** A page of a list, in the shape every paged answer has. */
export function paginated<T>(data: T[], page: number, total: number, perPage: number): Paginated<T> {
  return { data, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), total, per_page: perPage };
}
