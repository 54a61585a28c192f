import { z } from 'zod';
import { absentAsUndefined, pageParameter } from '../../common/validation/query-parameters';

/**
 * Query-string rules of the public catalog calls. Query values arrive as strings (or arrays when a name is
 * repeated, which every rule here refuses); a bad value is a 422 naming the parameter, never a 500.
 */
const text = (name: string, max: number, required = `The ${name} is required.`) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required : `The ${name} must be text.`) })
    .trim()
    .max(max, `The ${name} may have at most ${max} characters.`);

const page = pageParameter;

const search = z.preprocess(absentAsUndefined, text('search', 100).optional());

const slug = (name: string) => z.preprocess(absentAsUndefined, text(name, 200).min(1, `The ${name} is required.`));

const positiveId = (name: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `The ${name} is required.` : `The ${name} must be a whole number.`) })
    .regex(/^\d{1,9}$/, `The ${name} must be a whole number.`)
    .transform(Number);

export const shopPageQuery = z.object({ page, search });

export const categoryPageQuery = z.object({ page, search, categlorySlug: slug('categlorySlug') });

export const slugQuery = z.object({ slug: slug('slug') });

export const searchProductsQuery = z.object({
  q: z.preprocess((value) => value ?? '', text('q', 100)),
  category_id: z.preprocess(
    (value) => absentAsUndefined(value) ?? 'all',
    z.union([z.literal('all'), positiveId('category_id')], { error: "The category_id must be 'all' or a category id." }),
  ),
});

export const checkProductAttributeQuery = z
  .object({
    product_id: z.preprocess(absentAsUndefined, positiveId('product_id').optional()),
    slug: z.preprocess(absentAsUndefined, text('slug', 200).optional()),
    size: z.preprocess(
      absentAsUndefined,
      text('size', 10, 'Please select a size before adding to cart.').transform((value) => value.toUpperCase()),
    ),
    qty: z.preprocess(
      (value) => absentAsUndefined(value) ?? '1',
      z
        .string({ error: 'The quantity must be a whole number of at least 1.' })
        .regex(/^\d{1,4}$/, 'The quantity must be a whole number of at least 1.')
        .transform(Number)
        .refine((value) => value >= 1, 'The quantity must be a whole number of at least 1.'),
    ),
  })
  .refine((query) => query.product_id !== undefined || query.slug !== undefined, {
    message: 'The product_id or slug is required.',
    path: ['product_id'],
  });

export const postQuery = z.object({
  category_id: z.preprocess(absentAsUndefined, positiveId('category_id')),
});
