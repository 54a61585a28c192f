import { NotFoundError } from '../../common/errors/domain-error';
import type { BrandEvent } from './catalog.events';

export interface BrandState {
  exists: boolean;
  brandId: number;
  name: string;
  description: string;
  status: 0 | 1;
}

export type SaveBrand = { type: 'SaveBrand'; data: { brandId: number; name: string; description: string; status: 0 | 1; create: boolean } };
export type DeleteBrand = { type: 'DeleteBrand' };
export type BrandCommand = SaveBrand | DeleteBrand;

export const brandDecider = {
  initialState(): BrandState {
    return { exists: false, brandId: 0, name: '', description: '', status: 1 };
  },
  evolve(state: BrandState, event: BrandEvent): BrandState {
    switch (event.type) {
      case 'BrandSaved':
        return { exists: true, ...event.data };
      case 'BrandDeleted':
        return { ...state, exists: false };
    }
  },
  decide(command: BrandCommand, state: BrandState): BrandEvent[] {
    if (command.type === 'DeleteBrand') {
      if (!state.exists) throw new NotFoundError('brand-not-found');
      return [{ type: 'BrandDeleted', data: { brandId: state.brandId } }];
    }
    if (!command.data.create && !state.exists) throw new NotFoundError('brand-not-found');
    const { create: _create, ...data } = command.data;
    return [{ type: 'BrandSaved', data }];
  },
};
