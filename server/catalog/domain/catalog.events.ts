/**
 * Facts about the catalog. Streams: `product-<id>`, `category-<id>`, `settings`, `post-<slug>`, `brand-<id>`;
 * uniqueness of slugs and SKUs is held by one-event reservation streams (`product-slug-<slug>`,
 * `product-sku-<sku>`, `category-slug-<slug>`) appended in the same transaction with expected version 0.
 * Money is integer paisa. Every event's metadata names the staff member (or the seed) who made it.
 */
export interface ProductImage {
  /** Zoom size (product page). */
  img: string;
  /** Thumbnail size (gallery strip, cart). */
  thumb: string;
  /** Card size (product grids); demo pictures use one file for every size. */
  card?: string;
}

export interface ProductDetails {
  slug: string;
  sku: string;
  name: string;
  fullname: string;
  categoryId: number;
  descriptionHtml: string;
  badge: string | null;
  /**
   * The Bengali name and sanitized description (issue 18), shown in Bengali mode with the English ones as
   * fallback. Optional: events recorded before them, and products without them, read as null (none).
   */
  nameBn?: string | null;
  descriptionBnHtml?: string | null;
  /** The badge in Bengali (issue 31); optional like the Bengali texts above. */
  badgeBn?: string | null;
}

export interface ProductCreated {
  type: 'ProductCreated';
  data: ProductDetails & {
    productId: number;
    pricePaisa: number;
    oldPricePaisa: number | null;
    sizes: string[];
    images: ProductImage[];
    /** When the product first appears in "newest first" lists; the seed spaces its products a minute apart. */
    createdAt: string | null;
  };
}

/** Only the fields that changed, with what they were, so the history can say who changed what. */
export interface ProductDetailsChanged {
  type: 'ProductDetailsChanged';
  data: { productId: number; changes: Partial<ProductDetails>; previous: Partial<ProductDetails> };
}

export interface ProductPriceChanged {
  type: 'ProductPriceChanged';
  data: { productId: number; pricePaisa: number; oldPricePaisa: number | null; previousPricePaisa: number; previousOldPricePaisa: number | null };
}

export interface ProductSizesChanged {
  type: 'ProductSizesChanged';
  data: { productId: number; sizes: string[]; previous: string[] };
}

export interface ProductImagesChanged {
  type: 'ProductImagesChanged';
  data: { productId: number; images: ProductImage[]; previous: ProductImage[] };
}

export interface ProductPublished {
  type: 'ProductPublished';
  data: { productId: number };
}

export interface ProductUnpublished {
  type: 'ProductUnpublished';
  data: { productId: number };
}

export type ProductEvent =
  | ProductCreated
  | ProductDetailsChanged
  | ProductPriceChanged
  | ProductSizesChanged
  | ProductImagesChanged
  | ProductPublished
  | ProductUnpublished;

export interface CategoryFields {
  name: string;
  slug: string;
  parentId: number | null;
  position: number;
  /** The name in Bengali (issue 31), shown in Bengali mode; absent on events recorded before it, null for none. */
  nameBn?: string | null;
}

export interface CategoryCreated {
  type: 'CategoryCreated';
  data: CategoryFields & { categoryId: number };
}

export interface CategoryChanged {
  type: 'CategoryChanged';
  data: { categoryId: number; changes: Partial<CategoryFields>; previous: Partial<CategoryFields> };
}

export type CategoryEvent = CategoryCreated | CategoryChanged;

/** The whole settings row after the change (column names as stored), and the fields that changed. */
export interface SettingsChanged {
  type: 'SettingsChanged';
  data: { settings: Record<string, string | number>; changed: string[] };
}

/** An info page (about, terms, privacy, return); `html` is sanitized before it is recorded. */
export interface PostChanged {
  type: 'PostChanged';
  data: { slug: string; categoryId: number; name: string; html: string };
}

export interface BrandSaved {
  type: 'BrandSaved';
  /** `createdAt`: only on a brand recorded by the catalog migration (its row's own creation time). */
  data: { brandId: number; name: string; description: string; status: 0 | 1; createdAt?: string };
}

export interface BrandDeleted {
  type: 'BrandDeleted';
  data: { brandId: number };
}

export type BrandEvent = BrandSaved | BrandDeleted;

export type CatalogEvent = ProductEvent | CategoryEvent | SettingsChanged | PostChanged | BrandEvent;

export const CATALOG_EVENT_TYPES: CatalogEvent['type'][] = [
  'ProductCreated',
  'ProductDetailsChanged',
  'ProductPriceChanged',
  'ProductSizesChanged',
  'ProductImagesChanged',
  'ProductPublished',
  'ProductUnpublished',
  'CategoryCreated',
  'CategoryChanged',
  'SettingsChanged',
  'PostChanged',
  'BrandSaved',
  'BrandDeleted',
];

/** A reservation of a unique name (slug or SKU); its stream exists once, so a second claim conflicts. */
export interface NameReserved {
  type: 'NameReserved';
  data: { kind: 'product-slug' | 'product-sku' | 'category-slug'; value: string; ownerId: number };
}

/**
 * A category was placed in the tree (created under a parent, or moved): recorded on the one `category-tree`
 * stream, at the version read, so tree changes happen one at a time and each is checked against the last.
 */
export interface CategoryPlaced {
  type: 'CategoryPlaced';
  data: { categoryId: number; parentId: number | null };
}

export const CATEGORY_TREE_STREAM = 'category-tree';

/** The `category-tree` stream is only ever appended at its version; its events carry no state to fold. */
export const categoryTreeFold = { initialState: (): null => null, evolve: (state: null): null => state };

/** A reservation stream's state: who holds the name (null while nobody does). */
export interface NameHolder {
  ownerId: number | null;
}

/** The fold of a reservation stream: the owner of its last reservation. */
export const nameHolderFold = {
  initialState: (): NameHolder => ({ ownerId: null }),
  evolve: (state: NameHolder, event: { type: string; data: unknown }): NameHolder =>
    event.type === 'NameReserved' ? { ownerId: (event.data as NameReserved['data']).ownerId } : state,
};

export const productStreamId = (id: number) => `product-${id}`;
export const categoryStreamId = (id: number) => `category-${id}`;
export const SETTINGS_STREAM = 'settings';
export const postStreamId = (slug: string) => `post-${slug}`;
export const brandStreamId = (id: number) => `brand-${id}`;
export const reservationStreamId = (kind: NameReserved['data']['kind'], value: string) => `${kind}-${value.toLowerCase()}`;

/** The specification's info pages by slug, with the page key the storefront asks for (1 about, 2 terms, 4 privacy, 5 return). */
export const POST_PAGES: Record<string, { categoryId: number; defaultName: string }> = {
  about: { categoryId: 1, defaultName: 'About Us' },
  terms: { categoryId: 2, defaultName: 'Terms & Conditions' },
  privacy: { categoryId: 4, defaultName: 'Privacy Policy' },
  return: { categoryId: 5, defaultName: 'Return Policy' },
};
