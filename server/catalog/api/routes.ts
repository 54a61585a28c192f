import { z } from 'zod';
import type { ApiRoute } from '../../observability/openapi/api-route';
import { messageAnswer } from '../../observability/openapi/answer-schemas';
import { changeCategoryRequest, changeProductRequest, createCategoryRequest, createProductRequest, listProductsRequest, postRequest, versionOnlyRequest } from '../admin/admin-catalog.requests';
import { brandIdParameter, saveBrandRequest } from './brands.controller';
import { settingsRequest } from '../admin/settings-fields';
import {
  adminCategory,
  adminCategoryList,
  adminPost,
  adminProduct,
  adminProductPage,
  adminSettings,
  areasAnswer,
  brandAnswer,
  brandListAnswer,
  brandSavedAnswer,
  categoriesAnswer,
  postAnswer,
  productHistory,
  productListAnswer,
  productPageAnswer,
  productRowAnswer,
  searchAnswer,
  searchSuggestionsAnswer,
  settingAnswer,
  stockCheckAnswer,
} from './answers';
import { areasQuery, searchSuggestionsQuery, categoryPageQuery, checkProductAttributeQuery, postQuery, searchProductsQuery, shopPageQuery, slugQuery } from './catalog-query.schemas';

const productIdParam = { id: z.string().regex(/^[1-9]\d{0,8}$/).describe('The product id') };
const ifMatch = { 'if-match': { schema: z.string(), description: 'The version the change was decided against ("3"); a change made since is a 409' } };
const postSlug = { slug: z.enum(['about', 'terms', 'privacy', 'return']) };

/** The catalog's routes: the shop's public calls (spec §7), products, categories, settings, pages and brands in the console. */
export const CATALOG_ROUTES: ApiRoute[] = [
  {
    method: 'get', path: '/api/public/settingRow', tag: 'Catalog', summary: 'Store settings: name, contact, delivery charges', access: 'public', answer: settingAnswer,
    description: 'Beside the specification\'s fields: `hotline` (the WhatsApp number when none is set), the delivery times, `return_days`, `low_stock_threshold` and `bkash_checkout` (bKash orders pay through the gateway).',
  },
  { method: 'get', path: '/api/public/parentChildCategory', tag: 'Catalog', summary: 'Categories with their children', access: 'public', answer: categoriesAnswer },
  { method: 'get', path: '/api/public/parentCategory', tag: 'Catalog', summary: 'Top-level categories (the departments)', access: 'public', answer: categoriesAnswer },
  { method: 'get', path: '/api/public/subCategory', tag: 'Catalog', summary: 'Sub-categories', access: 'public', answer: categoriesAnswer },
  { method: 'get', path: '/api/public/getProducts', tag: 'Catalog', summary: 'Home page products (trending)', access: 'public', answer: productListAnswer },
  {
    method: 'get', path: '/api/public/getProductsByShop', tag: 'Catalog', summary: 'The shop: products, 20 a page, optionally searched', access: 'public', query: shopPageQuery, answer: productPageAnswer,
    description: 'Words of the English and the Bengali name are both searched.',
    example: () => ({ query: { page: '1', search: 'tee' } }),
  },
  {
    method: 'get', path: '/api/public/getProductsByShopBycategory', tag: 'Catalog', summary: 'Products of a sub-category, 20 a page', access: 'public', query: categoryPageQuery, answer: productPageAnswer,
    description: '404 for an unknown slug.',
    example: (s) => ({ query: { page: '1', categlorySlug: s.category.slug, search: 'tee' } }),
  },
  {
    method: 'get', path: '/api/public/shopByMainCategory', tag: 'Catalog', summary: 'Products of a department and all its sub-categories, 20 a page', access: 'public', query: categoryPageQuery, answer: productPageAnswer,
    example: (s) => ({ query: { page: '1', categlorySlug: s.category.parentSlug, search: 'tee' } }),
  },
  {
    method: 'get', path: '/api/public/search-products', tag: 'Catalog', summary: 'Search suggestions by name (2 characters or more), best match first', access: 'public', query: searchProductsQuery, answer: searchAnswer,
    description: 'Words of the English and the Bengali name are both searched; `name_bn` is there only on a product that has a Bengali name.',
    example: () => ({ query: { q: 'tee', category_id: 'all' } }),
  },
  {
    method: 'get', path: '/api/public/search-suggestions', tag: 'Catalog', summary: 'What to search for instead when a search finds nothing: the closest words of the catalog, best first, at most 5', access: 'public', query: searchSuggestionsQuery, answer: searchSuggestionsAnswer,
    description: 'Issue 32 (ADR 065). Each suggestion is a whole search text: the query with its first word that matches nothing replaced by a catalog word at most two edits from it (one for words under five letters), words that match nothing else left out; when every word matches something but no product has them all, each word alone. Synonyms of the settings (`search_synonyms`) count as matches. Cached like the catalog answers.',
    example: () => ({ query: { q: 'rikshaw hoodie' } }),
  },
  {
    method: 'get', path: '/api/public/areas', tag: 'Catalog', summary: 'Districts, upazilas and city thanas an order can go to, by typed English or Bengali text (2 characters or more), best match first, at most 20', access: 'public', query: areasQuery, answer: areasAnswer,
    description: 'Issue 30 (ADR 059). Bengali digits count as digits; case, accents and Bengali spelling variants are ignored. Each area names its delivery `zone` (charge for the first kilogram, `per_kg` for each further one, promised days). Fewer than 2 characters: `{data: []}`. Cached like the catalog answers.',
    example: () => ({ query: { q: 'dhan' } }),
  },
  {
    method: 'get', path: '/api/public/productRow', tag: 'Catalog', summary: 'One product page by slug', access: 'public', query: slugQuery, answer: productRowAnswer,
    description: 'One answer for both languages (issue 18): `name_bn` and `description_bn` are the Bengali texts or null, and the storefront picks.',
    example: (s) => ({ query: { slug: s.product.slug } }),
  },
  {
    method: 'get', path: '/api/public/relatedProducts', tag: 'Catalog', summary: 'Up to 10 products of the same department, sold-out last', access: 'public', query: slugQuery, answer: productListAnswer,
    example: (s) => ({ query: { slug: s.product.slug } }),
  },
  {
    method: 'get', path: '/api/public/checkProductAttribue', tag: 'Catalog', summary: 'Whether a size is in stock for a quantity', access: 'public', query: checkProductAttributeQuery, answer: stockCheckAnswer,
    description: '404 `{message}` "Only N left of … in size M." or "… is out of stock in size M."; 422 without a size. Never cached.',
    example: (s) => ({ query: { product_id: String(s.product.id), slug: s.product.slug, size: s.product.size, qty: '1' } }),
  },
  {
    method: 'get', path: '/api/public/getPostData', tag: 'Catalog', summary: 'An information page: 1 about, 2 terms, 4 privacy, 5 return', access: 'public', query: postQuery, answer: postAnswer,
    example: () => ({ query: { category_id: '1' } }),
  },

  // Store administration (issue 13): the catalog as events.
  {
    method: 'get', path: '/api/admin/products', tag: 'Staff: products, categories, settings, pages, staff', summary: 'Products, drafts too, 20 a page: search, category and status filters', access: 'care', query: listProductsRequest, answer: adminProductPage,
    example: (s) => ({ query: { page: '1', search: 'tee', category: String(s.category.id), status: 'draft' } }),
  },
  {
    method: 'post', path: '/api/admin/products', tag: 'Staff: products, categories, settings, pages, staff', summary: 'Create a product (a draft until published); money in Taka', access: 'admin', success: 201, body: createProductRequest, answer: adminProduct,
    description: '`name_bn` (up to 150 characters) and `description_bn` (sanitized like `description`) are optional; empty or null is none.',
    example: (s) => ({ body: { name: s.fresh('Rickshaw Art Tee'), category_id: s.category.id, price: 650, old_price: 800, sizes: ['M', 'L'], description: '<p>Soft cotton</p>', name_bn: 'রিকশা আর্ট টি-শার্ট', description_bn: '<p>নরম সুতি কাপড়</p>' } }),
  },
  {
    method: 'get', path: '/api/admin/products/:id', tag: 'Staff: products, categories, settings, pages, staff', summary: 'One product with its status and version', access: 'care', params: productIdParam, answer: adminProduct,
    example: (s) => ({ params: { id: String(s.draftProductId) } }),
  },
  {
    method: 'patch', path: '/api/admin/products/:id', tag: 'Staff: products, categories, settings, pages, staff', summary: 'Change any of a product\'s fields (the Bengali name and description too: empty removes them)', access: 'admin', params: productIdParam, body: changeProductRequest, headers: ifMatch, answer: adminProduct,
    description: '`version` (or If-Match) guards against overwriting another admin\'s change: 409 when someone changed it meanwhile.',
    example: (s) => ({ params: { id: String(s.draftProductId) }, body: { price: 599, sizes: ['S', 'M', 'L'], badge: 'Sale' } }),
  },
  {
    method: 'post', path: '/api/admin/products/:id/publish', tag: 'Staff: products, categories, settings, pages, staff', summary: 'Publish: the shop lists the product within a second', access: 'admin', params: productIdParam, body: versionOnlyRequest, headers: ifMatch, answer: adminProduct,
    example: (s) => ({ params: { id: String(s.draftProductId) }, body: {} }),
  },
  {
    method: 'post', path: '/api/admin/products/:id/unpublish', tag: 'Staff: products, categories, settings, pages, staff', summary: 'Unpublish: back to a draft, gone from the shop', access: 'admin', params: productIdParam, body: versionOnlyRequest, headers: ifMatch, answer: adminProduct,
    example: (s) => ({ params: { id: String(s.draftProductId) }, body: {} }),
  },
  {
    method: 'get', path: '/api/admin/products/:id/history', tag: 'Staff: products, categories, settings, pages, staff', summary: 'Who changed what on a product, and when', access: 'care', params: productIdParam, answer: productHistory,
    example: (s) => ({ params: { id: String(s.draftProductId) } }),
  },
  {
    method: 'post', path: '/api/admin/products/:id/images', tag: 'Staff: products, categories, settings, pages, staff', summary: 'Add a picture: JPEG, PNG or WebP up to 5 MB, stored in three sizes without metadata', access: 'admin', success: 201, params: productIdParam, answer: adminProduct,
    upload: { field: 'image', description: 'The picture (checked by its content, not its name)' },
    description: 'Re-encoded to thumbnail, card and zoom sizes with metadata stripped; anything else is a 422.',
    example: (s) => ({ params: { id: String(s.draftProductId) } }),
  },
  { method: 'get', path: '/api/admin/categories', tag: 'Staff: products, categories, settings, pages, staff', summary: 'Categories, flat and as a two-level tree', access: 'care', answer: adminCategoryList },
  {
    method: 'post', path: '/api/admin/categories', tag: 'Staff: products, categories, settings, pages, staff', summary: 'Create a category (top-level, or under a top-level one)', access: 'admin', success: 201, body: createCategoryRequest, answer: adminCategory,
    example: (s) => ({ body: { name: s.fresh('Henley Tees') } }),
  },
  {
    method: 'patch', path: '/api/admin/categories/:id', tag: 'Staff: products, categories, settings, pages, staff', summary: 'Rename, move or reorder a category', access: 'admin', params: { id: z.string().regex(/^[1-9]\d{0,8}$/).describe('The category id') }, body: changeCategoryRequest, headers: ifMatch, answer: adminCategory,
    example: (s) => ({ params: { id: String(s.category.id) }, body: { position: 1 } }),
  },
  { method: 'get', path: '/api/admin/settings', tag: 'Staff: products, categories, settings, pages, staff', summary: 'Store settings with their version', access: 'care', answer: adminSettings },
  {
    method: 'put', path: '/api/admin/settings', tag: 'Staff: products, categories, settings, pages, staff', summary: 'Change store settings (delivery charges in Taka, bKash number, contact, limits)', access: 'admin', body: settingsRequest, headers: ifMatch, answer: adminSettings,
    description: 'Any of the fields; the others keep their values. Besides the public settings: the cash-on-delivery limits (ADR 043), `checkout_phone_verification` (`off`, `risky`, `always`), `pending_order_expiry_hours`, the units one address may hold in unconfirmed orders of the hour (`checkout_units_per_ip_hour`) and the caps on messages shoppers\' own actions cause per phone or address (`order_messages_per_hour`, `order_messages_per_day`). Issue 30 (ADR 059): `delivery_zones` (each `{id, name, name_bn, charge, per_kg, days_min, days_max, areas}`, areas being district `d-47`, upazila `u-365` and city thana `t-12` ids, exactly one zone with no area for the rest of the country, no area in two zones), `product_weight_grams`, `advance_rules` (`{first_order, phone_with_returns, total_above, districts, amount: delivery_charge|percent, percent}`). New zones rewrite `devliery_charge_inside_dhk` (Dhaka city\'s zone) and `_outside_dhk` (the rest of the country); a new inside or outside charge is written into the zones.',
    example: () => ({ body: { address: 'House 12, Road 7, Dhanmondi, Dhaka 1205, Bangladesh', bkash_number: '01711000000' } }),
  },
  {
    method: 'get', path: '/api/admin/posts/:slug', tag: 'Staff: products, categories, settings, pages, staff', summary: 'An info page (about, terms, privacy, return)', access: 'care', params: postSlug, answer: adminPost,
    example: () => ({ params: { slug: 'about' } }),
  },
  {
    method: 'put', path: '/api/admin/posts/:slug', tag: 'Staff: products, categories, settings, pages, staff', summary: 'Change an info page; its HTML is sanitized on the way in and out', access: 'admin', params: postSlug, body: postRequest, headers: ifMatch, answer: adminPost,
    example: () => ({ params: { slug: 'privacy' }, body: { name: 'Privacy Policy', html: '<p>We keep only what we need.</p>' } }),
  },

  // The specification's brand screens.
  { method: 'get', path: '/api/brands/allbrandlist', tag: 'Staff: stock, coupons, brands', summary: 'Brands', access: 'admin', answer: brandListAnswer },
  {
    method: 'get', path: '/api/brands/brandrow/:id', tag: 'Staff: stock, coupons, brands', summary: 'One brand', access: 'admin', params: { id: brandIdParameter }, answer: brandAnswer,
    example: (s) => ({ params: { id: String(s.brandId) } }),
  },
  {
    method: 'post', path: '/api/brands/save', tag: 'Staff: stock, coupons, brands', summary: 'Add a brand, or change one (with its id)', access: 'admin', body: saveBrandRequest, answer: brandSavedAnswer,
    example: (s) => ({ body: { id: String(s.brandId), name: 'Aarong Basics', description: 'Cotton tees', status: 1 } }),
  },
  {
    method: 'get', path: '/api/brands/delete/:id', tag: 'Staff: stock, coupons, brands', summary: 'Delete a brand (a GET, as the specification has it)', access: 'admin', params: { id: brandIdParameter }, answer: messageAnswer,
    example: (s) => ({ params: { id: String(s.brandId) } }),
  },
];
