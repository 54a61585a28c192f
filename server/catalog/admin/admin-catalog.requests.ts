import { z } from 'zod';
import { absentAsUndefined, pageParameter } from '../../common/validation/query-parameters';
import { ValidationFailedError } from '../../common/errors/domain-error';

export const STORE_SIZES = ['S', 'M', 'L', 'XL', 'XXL'] as const;

const text = (label: string, max: number) =>
  z.string({ error: `The ${label} must be text.` }).trim().max(max, `The ${label} may have at most ${max} characters.`);
const requiredText = (label: string, max: number) =>
  z.string({ error: `The ${label} field is required.` }).trim().min(1, `The ${label} field is required.`).max(max, `The ${label} may have at most ${max} characters.`);

const numberish = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);

/** Taka as the storefront shows it: more than 0, at most two decimals, below ৳1,000,000. */
const taka = (label: string) =>
  z.preprocess(
    numberish,
    z
      .number({ error: `The ${label} must be an amount in Taka, such as 650 or 650.50.` })
      .positive(`The ${label} must be more than 0.`)
      .max(999_999, `The ${label} must be below ৳1,000,000.`)
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, `The ${label} may have at most two decimals, such as 650.50.`),
  );

const id = (label: string) =>
  z.preprocess(numberish, z.number({ error: `The ${label} must be a whole number.` }).int(`The ${label} must be a whole number.`).positive(`The ${label} must be a whole number.`).max(2_147_483_647, `The ${label} is not known.`));

/** A whole number in a query string (text on the wire). */
const queryId = (label: string) =>
  z.string({ error: `The ${label} must be a whole number.` }).regex(/^[1-9]\d{0,8}$/, `The ${label} must be a whole number.`).transform(Number);

const sizes = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').map((size) => size.trim()).filter(Boolean) : value),
  z
    .array(z.string({ error: 'Each size must be one of S, M, L, XL, XXL.' }).trim().toUpperCase().pipe(z.enum(STORE_SIZES, { error: 'Each size must be one of S, M, L, XL, XXL.' })), {
      error: 'The sizes must be a list such as ["M", "L"].',
    })
    .min(1, 'Choose at least one size.')
    .refine((list) => new Set(list).size === list.length, 'Each size may be listed once.')
    // Always in the store's size order, whatever order they were ticked in.
    .transform((list) => STORE_SIZES.filter((size) => list.includes(size))),
);

const slug = z
  .string({ error: 'The slug must be text.' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'The slug may have lower-case letters, digits and single dashes only.')
  .max(120, 'The slug may have at most 120 characters.');

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
  sku: z.string({ error: 'The SKU must be text.' }).trim().toUpperCase().regex(/^[A-Z0-9][A-Z0-9-]{0,39}$/, 'The SKU may have letters, digits and dashes (at most 40).'),
  slug,
};

/** A new product needs a name, a category, a price and sizes; the rest may come later. */
export const createProductRequest = z
  .object(productFields)
  .partial({ fullname: true, old_price: true, description: true, name_bn: true, description_bn: true, badge: true, sku: true, slug: true })
  .extend({ publish: z.boolean({ error: 'publish must be true or false.' }).optional() });

const version = z.preprocess(numberish, z.number({ error: 'The version must be a whole number.' }).int('The version must be a whole number.').min(0, 'The version must be a whole number.'));

/** Any of the product's fields, its pictures in a new order, and the version the change was made against. */
export const changeProductRequest = z
  .object(productFields)
  .partial()
  .extend({
    /** The pictures in their new order: each an `img` URL (or the picture object) the product already has. */
    images: z.array(z.union([z.string(), z.object({ img: z.string() }).transform((image) => image.img)]), { error: 'The images must be a list of the product\'s pictures.' }).max(20, 'A product may have at most 20 pictures.').optional(),
    version: version.optional(),
  });

export const listProductsRequest = z.object({
  page: pageParameter,
  search: z.preprocess(absentAsUndefined, text('search', 100).optional()),
  category: z.preprocess(absentAsUndefined, queryId('category').optional()),
  category_id: z.preprocess(absentAsUndefined, queryId('category').optional()),
  status: z.preprocess(absentAsUndefined, z.enum(['draft', 'published', 'all'], { error: 'The status must be draft, published or all.' }).optional()),
});

export const versionOnlyRequest = z.object({ version: version.optional() });

export const createCategoryRequest = z.object({
  name: requiredText('name', 100),
  slug: slug.optional(),
  parent_id: z.preprocess((value) => (value === '' || value === 0 ? null : value), id('parent category').nullable()).optional(),
  position: z.preprocess(numberish, z.number({ error: 'The position must be a whole number.' }).int('The position must be a whole number.').min(0, 'The position must be 0 or more.').max(10_000, 'The position must be at most 10000.')).optional(),
});

export const changeCategoryRequest = createCategoryRequest.partial().extend({ version: version.optional() });

export const postRequest = z.object({
  name: requiredText('title', 150).optional(),
  html: z.string({ error: 'The page text is required.' }).max(100_000, 'The page may have at most 100,000 characters.').optional(),
  description_full: z.string({ error: 'The page text must be text.' }).max(100_000, 'The page may have at most 100,000 characters.').optional(),
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
  if (!match) throw ValidationFailedError.field('If-Match', 'Send If-Match as the version you last saw, such as "3".');
  return Number(match[1]);
}
