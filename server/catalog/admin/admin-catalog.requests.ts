import { z } from 'zod';
import { absentAsUndefined, pageParameter } from '../../common/validation/query-parameters';
import { ValidationFailedError } from '../../common/errors/domain-error';
import { says } from '../../common/validation/rule-message';

export const STORE_SIZES = ['S', 'M', 'L', 'XL', 'XXL'] as const;

const text = (label: string, max: number) =>
  z.string({ error: says('field-not-text', { field: label }) }).trim().max(max, says('field-too-long', { field: label, max }));
const requiredText = (label: string, max: number) =>
  z
    .string({ error: says('field-required', { field: label }) })
    .trim()
    .min(1, says('field-required', { field: label }))
    .max(max, says('field-too-long', { field: label, max }));

const numberish = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);

/** Taka as the storefront shows it: more than 0, at most two decimals, below ৳1,000,000. */
const taka = (label: string) =>
  z.preprocess(
    numberish,
    z
      .number({ error: says('amount-taka', { field: label }) })
      .positive(says('amount-positive', { field: label }))
      .max(999_999, says('amount-below-million', { field: label }))
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, says('amount-two-decimals-example', { field: label })),
  );

const id = (label: string) =>
  z.preprocess(
    numberish,
    z
      .number({ error: says('field-whole-number', { field: label }) })
      .int(says('field-whole-number', { field: label }))
      .positive(says('field-whole-number', { field: label }))
      .max(2_147_483_647, says('field-unknown-id', { field: label })),
  );

/** A whole number in a query string (text on the wire). */
const queryId = (label: string) =>
  z.string({ error: says('field-whole-number', { field: label }) }).regex(/^[1-9]\d{0,8}$/, says('field-whole-number', { field: label })).transform(Number);

const sizes = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').map((size) => size.trim()).filter(Boolean) : value),
  z
    .array(z.string({ error: says('size-unknown') }).trim().toUpperCase().pipe(z.enum(STORE_SIZES, { error: says('size-unknown') })), {
      error: says('sizes-not-list'),
    })
    .min(1, says('sizes-required'))
    .refine((list) => new Set(list).size === list.length, says('sizes-repeated'))
    // Always in the store's size order, whatever order they were ticked in.
    .transform((list) => STORE_SIZES.filter((size) => list.includes(size))),
);

const slug = z
  .string({ error: says('field-not-text', { field: 'slug' }) })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, says('slug-invalid'))
  .max(120, says('field-too-long', { field: 'slug', max: 120 }));

const nullableText = (label: string, max: number) => z.preprocess((value) => (value === '' ? null : value), text(label, max).nullable());

const productFields = {
  name: requiredText('name', 150),
  fullname: text('full name', 300),
  category_id: id('category'),
  price: taka('price'),
  old_price: z.preprocess((value) => (value === '' || value === 0 || value === '0' ? null : value), taka('old price').nullable()),
  sizes,
  description: text('description', 20_000),
  /** Optional Bengali texts (issue 18): empty or null removes them, and the shop shows the English ones. */
  name_bn: nullableText('Bengali name', 150),
  description_bn: nullableText('Bengali description', 20_000),
  badge: nullableText('badge', 30),
  /** Issue 31: the badge in Bengali; empty or null: the English badge in Bengali mode too. */
  badge_bn: nullableText('Bengali badge', 30),
  sku: z.string({ error: says('field-not-text', { field: 'SKU' }) }).trim().toUpperCase().regex(/^[A-Z0-9][A-Z0-9-]{0,39}$/, says('sku-invalid')),
  slug,
};

/** A new product needs a name, a category, a price and sizes; the rest may come later. */
export const createProductRequest = z
  .object(productFields)
  .partial({ fullname: true, old_price: true, description: true, name_bn: true, description_bn: true, badge: true, badge_bn: true, sku: true, slug: true })
  .extend({ publish: z.boolean({ error: says('publish-invalid') }).optional() });

const versionNumber = says('field-whole-number', { field: 'version' });
const version = z.preprocess(numberish, z.number({ error: versionNumber }).int(versionNumber).min(0, versionNumber));

/** Any of the product's fields, its pictures in a new order, and the version the change was made against. */
export const changeProductRequest = z
  .object(productFields)
  .partial()
  .extend({
    /** The pictures in their new order: each an `img` URL (or the picture object) the product already has. */
    images: z.array(z.union([z.string(), z.object({ img: z.string() }).transform((image) => image.img)]), { error: says('images-not-list') }).max(20, says('pictures-too-many')).optional(),
    version: version.optional(),
  });

export const listProductsRequest = z.object({
  page: pageParameter,
  search: z.preprocess(absentAsUndefined, text('search', 100).optional()),
  category: z.preprocess(absentAsUndefined, queryId('category').optional()),
  category_id: z.preprocess(absentAsUndefined, queryId('category').optional()),
  status: z.preprocess(absentAsUndefined, z.enum(['draft', 'published', 'all'], { error: says('product-status-invalid') }).optional()),
});

export const versionOnlyRequest = z.object({ version: version.optional() });

export const createCategoryRequest = z.object({
  name: requiredText('name', 100),
  /** Issue 31: the name in Bengali; empty or null: the English name in Bengali mode too. */
  name_bn: nullableText('Bengali name', 100).optional(),
  slug: slug.optional(),
  parent_id: z.preprocess((value) => (value === '' || value === 0 ? null : value), id('parent category').nullable()).optional(),
  position: z
    .preprocess(
      numberish,
      z
        .number({ error: says('field-whole-number', { field: 'position' }) })
        .int(says('field-whole-number', { field: 'position' }))
        .min(0, says('field-not-negative', { field: 'position' }))
        .max(10_000, says('field-at-most', { field: 'position', max: 10_000 })),
    )
    .optional(),
});

export const changeCategoryRequest = createCategoryRequest.partial().extend({ version: version.optional() });

export const postRequest = z.object({
  name: requiredText('title', 150).optional(),
  html: z.string({ error: says('page-text-required') }).max(100_000, says('page-text-too-long')).optional(),
  description_full: z.string({ error: says('field-not-text', { field: 'page text' }) }).max(100_000, says('page-text-too-long')).optional(),
  version: version.optional(),
});

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/g, '');
}

/** `If-Match: "3"`, `W/"3"` or `3`: the version the client decided against; undefined when absent; a 422 when unreadable. */
export function versionFromIfMatch(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '' || header.trim() === '*') return undefined;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header.trim());
  if (!match) throw ValidationFailedError.field('If-Match', 'if-match-invalid');
  return Number(match[1]);
}
