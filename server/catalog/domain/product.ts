import { ConflictError, NotFoundError, ValidationFailedError } from '../../common/errors/domain-error';
import type { ProductCreated, ProductDetails, ProductEvent, ProductImage } from './catalog.events';

/** A product as its stream tells it. `published` products are the ones the shop lists. */
export interface ProductState {
  exists: boolean;
  productId: number;
  /** The Bengali fields are always present here: null when the product has none. */
  details: Required<ProductDetails>;
  pricePaisa: number;
  oldPricePaisa: number | null;
  sizes: string[];
  images: ProductImage[];
  published: boolean;
  createdAt: string | null;
}

/** Creating a product asks for exactly what ProductCreated records. */
export type CreateProduct = { type: 'CreateProduct'; data: ProductCreated['data'] };

/** Any subset of the product's fields; only what differs from the product as it is becomes an event. */
export type ChangeProduct = {
  type: 'ChangeProduct';
  data: Partial<ProductDetails> & { pricePaisa?: number; oldPricePaisa?: number | null; sizes?: string[]; images?: ProductImage[] };
};
export type PublishProduct = { type: 'PublishProduct' };
export type UnpublishProduct = { type: 'UnpublishProduct' };
export type ProductCommand = CreateProduct | ChangeProduct | PublishProduct | UnpublishProduct;

const DETAIL_FIELDS: Array<keyof ProductDetails> = ['slug', 'sku', 'name', 'fullname', 'categoryId', 'descriptionHtml', 'badge', 'nameBn', 'descriptionBnHtml', 'badgeBn'];

export const productDecider = {
  initialState(): ProductState {
    return {
      exists: false,
      productId: 0,
      details: { slug: '', sku: '', name: '', fullname: '', categoryId: 0, descriptionHtml: '', badge: null, nameBn: null, descriptionBnHtml: null, badgeBn: null },
      pricePaisa: 0,
      oldPricePaisa: null,
      sizes: [],
      images: [],
      published: false,
      createdAt: null,
    };
  },

  evolve(state: ProductState, event: ProductEvent): ProductState {
    switch (event.type) {
      case 'ProductCreated': {
        const { productId, pricePaisa, oldPricePaisa, sizes, images, createdAt, ...details } = event.data;
        return { exists: true, productId, details: withBengali(details), pricePaisa, oldPricePaisa, sizes, images, published: false, createdAt };
      }
      case 'ProductDetailsChanged':
        return { ...state, details: withBengali({ ...state.details, ...event.data.changes }) };
      case 'ProductPriceChanged':
        return { ...state, pricePaisa: event.data.pricePaisa, oldPricePaisa: event.data.oldPricePaisa };
      case 'ProductSizesChanged':
        return { ...state, sizes: event.data.sizes };
      case 'ProductImagesChanged':
        return { ...state, images: event.data.images };
      case 'ProductPublished':
        return { ...state, published: true };
      case 'ProductUnpublished':
        return { ...state, published: false };
    }
  },

  /** Pure rules of a product: prices positive, an old price above the price, at least one size, no duplicate sizes. */
  decide(command: ProductCommand, state: ProductState): ProductEvent[] {
    if (command.type === 'CreateProduct') {
      if (state.exists) throw new ConflictError('product-exists');
      const { data } = command;
      checkPrices(data.pricePaisa, data.oldPricePaisa);
      checkSizes(data.sizes);
      return [{ type: 'ProductCreated', data: { ...data, sizes: [...data.sizes] } }];
    }
    if (!state.exists) throw new NotFoundError('product-not-found');
    switch (command.type) {
      case 'PublishProduct':
        return state.published ? [] : [{ type: 'ProductPublished', data: { productId: state.productId } }];
      case 'UnpublishProduct':
        return state.published ? [{ type: 'ProductUnpublished', data: { productId: state.productId } }] : [];
      case 'ChangeProduct':
        return decideChange(command.data, state);
    }
  },
};

function decideChange(change: ChangeProduct['data'], state: ProductState): ProductEvent[] {
  const events: ProductEvent[] = [];
  const productId = state.productId;
  const changes: Partial<ProductDetails> = {};
  const previous: Partial<ProductDetails> = {};
  for (const field of DETAIL_FIELDS) {
    const next = change[field];
    if (next === undefined || next === state.details[field]) continue;
    (changes as Record<string, unknown>)[field] = next;
    (previous as Record<string, unknown>)[field] = state.details[field];
  }
  if (Object.keys(changes).length > 0) events.push({ type: 'ProductDetailsChanged', data: { productId, changes, previous } });

  const price = change.pricePaisa ?? state.pricePaisa;
  const oldPrice = change.oldPricePaisa === undefined ? state.oldPricePaisa : change.oldPricePaisa;
  if (price !== state.pricePaisa || oldPrice !== state.oldPricePaisa) {
    checkPrices(price, oldPrice);
    events.push({
      type: 'ProductPriceChanged',
      data: { productId, pricePaisa: price, oldPricePaisa: oldPrice, previousPricePaisa: state.pricePaisa, previousOldPricePaisa: state.oldPricePaisa },
    });
  }
  if (change.sizes && !sameList(change.sizes, state.sizes)) {
    checkSizes(change.sizes);
    events.push({ type: 'ProductSizesChanged', data: { productId, sizes: [...change.sizes], previous: state.sizes } });
  }
  if (change.images && JSON.stringify(change.images) !== JSON.stringify(state.images)) {
    events.push({ type: 'ProductImagesChanged', data: { productId, images: change.images, previous: state.images } });
  }
  return events;
}

/** A product recorded before Bengali texts existed has none: its absent fields read as null. */
function withBengali(details: ProductDetails): Required<ProductDetails> {
  return { ...details, nameBn: details.nameBn ?? null, descriptionBnHtml: details.descriptionBnHtml ?? null, badgeBn: details.badgeBn ?? null };
}

function checkPrices(price: number, oldPrice: number | null): void {
  if (!Number.isInteger(price) || price <= 0) throw ValidationFailedError.field('price', 'amount-positive', { field: 'price' });
  if (oldPrice !== null && oldPrice <= price) {
    throw ValidationFailedError.field('old_price', 'old-price-not-higher');
  }
}

function checkSizes(sizes: string[]): void {
  if (sizes.length === 0) throw ValidationFailedError.field('sizes', 'sizes-required');
  if (new Set(sizes).size !== sizes.length) throw ValidationFailedError.field('sizes', 'sizes-repeated');
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

export function foldProduct(events: Iterable<ProductEvent>): ProductState {
  let state = productDecider.initialState();
  for (const event of events) state = productDecider.evolve(state, event);
  return state;
}
