import { ConflictError, NotFoundError } from '../../common/errors/domain-error';
import type { CategoryEvent, CategoryFields } from './catalog.events';

export interface CategoryState extends CategoryFields {
  exists: boolean;
  categoryId: number;
}

export type CreateCategory = { type: 'CreateCategory'; data: CategoryFields & { categoryId: number } };
export type ChangeCategory = { type: 'ChangeCategory'; data: Partial<CategoryFields> };
export type CategoryCommand = CreateCategory | ChangeCategory;

const FIELDS: Array<keyof CategoryFields> = ['name', 'slug', 'parentId', 'position', 'nameBn'];

export const categoryDecider = {
  initialState(): CategoryState {
    return { exists: false, categoryId: 0, name: '', slug: '', parentId: null, position: 0, nameBn: null };
  },

  evolve(state: CategoryState, event: CategoryEvent): CategoryState {
    switch (event.type) {
      case 'CategoryCreated':
        return { exists: true, nameBn: null, ...event.data };
      case 'CategoryChanged':
        return { ...state, ...event.data.changes };
    }
  },

  /** Tree rules that need other categories (parent exists, no cycles) are checked by the caller first. */
  decide(command: CategoryCommand, state: CategoryState): CategoryEvent[] {
    if (command.type === 'CreateCategory') {
      if (state.exists) throw new ConflictError('category-exists');
      return [{ type: 'CategoryCreated', data: { ...command.data } }];
    }
    if (!state.exists) throw new NotFoundError('category-not-found');
    const changes: Partial<CategoryFields> = {};
    const previous: Partial<CategoryFields> = {};
    for (const field of FIELDS) {
      const next = command.data[field];
      if (next === undefined || next === (state[field] ?? null)) continue;
      (changes as Record<string, unknown>)[field] = next;
      (previous as Record<string, unknown>)[field] = state[field];
    }
    return Object.keys(changes).length === 0 ? [] : [{ type: 'CategoryChanged', data: { categoryId: state.categoryId, changes, previous } }];
  },
};
