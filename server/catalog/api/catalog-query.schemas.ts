import { z } from 'zod';
import { absentAsUndefined, pageParameter } from '../../common/validation/query-parameters';
import { says } from '../../common/validation/rule-message';

/**
 * Query-string rules of the public catalog calls. Query values arrive as strings (or arrays when a name is
 * repeated, which every rule here refuses); a bad value is a 422 naming the parameter, never a 500.
 */
const text = (name: string, max: number, required = says('field-missing', { field: name })) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required : says('field-not-text', { field: name })) })
    .trim()
    .max(max, says('field-too-long', { field: name, max }));

const page = pageParameter;

const search = z.preprocess(absentAsUndefined, text('search', 100).optional());

const slug = (name: string) => z.preprocess(absentAsUndefined, text(name, 200).min(1, says('field-missing', { field: name })));

const positiveId = (name: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? says('field-missing', { field: name }) : says('field-whole-number', { field: name })) })
    .regex(/^\d{1,9}$/, says('field-whole-number', { field: name }))
    .transform(Number);

export const shopPageQuery = z.object({ page, search });

export const categoryPageQuery = z.object({ page, search, categlorySlug: slug('categlorySlug') });

export const slugQuery = z.object({ slug: slug('slug') });

export const searchProductsQuery = z.object({
  q: z.preprocess((value) => value ?? '', text('q', 100)),
  category_id: z.preprocess(
    (value) => absentAsUndefined(value) ?? 'all',
    z.union([z.literal('all'), positiveId('category_id')], { error: says('category-filter-invalid') }),
  ),
});

/** `?q=`: the search that found nothing (issue 32). */
export const searchSuggestionsQuery = z.object({ q: z.preprocess((value) => value ?? '', text('q', 100)) });

/** `?q=`: the typed text of the address picker; fewer than two letters find nothing (ADR 059). */
export const areasQuery = z.object({ q: z.preprocess((value) => value ?? '', text('q', 100)) });

export const checkProductAttributeQuery = z
  .object({
    product_id: z.preprocess(absentAsUndefined, positiveId('product_id').optional()),
    slug: z.preprocess(absentAsUndefined, text('slug', 200).optional()),
    size: z.preprocess(
      absentAsUndefined,
      text('size', 10, says('size-required')).transform((value) => value.toUpperCase()),
    ),
    qty: z.preprocess(
      (value) => absentAsUndefined(value) ?? '1',
      z
        .string({ error: says('quantity-whole') })
        .regex(/^\d{1,4}$/, says('quantity-whole'))
        .transform(Number)
        .refine((value) => value >= 1, says('quantity-whole')),
    ),
  })
  .refine((query) => query.product_id !== undefined || query.slug !== undefined, {
    message: says('product-id-or-slug'),
    path: ['product_id'],
  });

export const postQuery = z.object({
  category_id: z.preprocess(absentAsUndefined, positiveId('category_id')),
});
