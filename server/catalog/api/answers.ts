import { z } from 'zod';
import type { AdvanceRulesSetting, AreaResponse, CategoryResponse, DeliveryZoneSetting, ProductCardResponse, ProductRowResponse, SearchHit, SettingResponse } from '../../../contracts/catalog';
import type { AdminCategory, AdminCategoryList, AdminPost, AdminProduct, AdminSettings, ProductHistoryEntry } from '../../../contracts/catalog-admin';
import type { DataList, Paginated } from '../../../contracts/paginated';
import { isoTime, listOf, pageOf, taka } from '../../observability/openapi/answer-schemas';
import { answerOf } from '../../observability/openapi/api-route';
import type { BrandResponse } from './brands.controller';
import type { StockAnswer } from '../queries/check-product-attribute.query';
import type { PostResponse } from '../queries/get-post.query';

/** The catalog's answers as zod schemas, each mirroring its wire type (contracts/catalog.ts, catalog-admin.ts). */

export const productCard = answerOf<ProductCardResponse>()(
  z.object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    fullname: z.string(),
    sku: z.string(),
    thumbnail: z.string(),
    price: taka,
    old_price: taka.nullable(),
    currency: z.string(),
    badge: z.string().nullable(),
    name_bn: z.string().nullable(),
    badge_bn: z.string().nullable().describe('Issue 31: the badge in Bengali; null: the English badge in Bengali mode too'),
  }),
);

export const productRow = answerOf<ProductRowResponse>()(
  productCard.extend({
    description: z.string().describe('Sanitized HTML'),
    description_bn: z.string().nullable().describe('Sanitized HTML, or null: Bengali mode then shows `description`'),
    category: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
    productAttr: z.array(
      z.object({
        id: z.number().int(),
        value: z.string(),
        sold_out: z.boolean(),
        only_left: z.number().int().nullable().describe('The units left when at or below the settings\' low_stock_threshold, else null'),
      }),
    ),
    previewImages: z.array(z.object({ img: z.string() })),
    thumbImages: z.array(z.object({ thumb: z.string() })),
  }),
);

export const category: z.ZodType<CategoryResponse> = z
  .object({
    id: z.number().int(),
    name: z.string(),
    name_bn: z.string().nullable().describe('Issue 31: the name in Bengali; null: the English name in Bengali mode too'),
    slug: z.string(),
    get children() {
      return z.array(category);
    },
  })
  .meta({ id: 'Category' });

export const searchHit = answerOf<SearchHit>()(
  z.object({ id: z.number().int(), name: z.string(), name_bn: z.string().optional().describe('Only on a product that has a Bengali name'), slug: z.string(), thumbnail: z.string() }),
);

export const settings = answerOf<SettingResponse>()(
  z.object({
    name: z.string(),
    description: z.string(),
    fblink: z.string(),
    email: z.string(),
    whatsApp: z.string(),
    address: z.string(),
    currency: z.string(),
    devliery_charge: taka,
    devliery_charge_inside_dhk: taka,
    devliery_charge_outside_dhk: taka,
    bkash_number: z.string(),
    hotline: z.string().describe('The care line; the WhatsApp number when none is set'),
    delivery_time_inside_dhaka: z.string(),
    delivery_time_outside_dhaka: z.string(),
    return_days: z.number().int(),
    low_stock_threshold: z.number().int(),
    bkash_checkout: z.boolean().optional().describe('Whether bKash orders pay through the gateway (no typed transaction id needed)'),
    product_weight_grams: z.number().int().describe('Issue 30: the weight of one product, which the delivery charge counts by the kilogram'),
    name_bn: z.string().describe('Issue 31: the store name in Bengali; empty: the English one'),
    description_bn: z.string().describe('Issue 31: the store description in Bengali; empty: the English one'),
    address_bn: z.string().describe('Issue 31: the address in Bengali; empty: the English one'),
    delivery_time_inside_dhaka_bn: z.string().describe('Issue 31: the delivery time inside Dhaka in Bengali; empty: the English one'),
    delivery_time_outside_dhaka_bn: z.string().describe('Issue 31: the delivery time outside Dhaka in Bengali; empty: the English one'),
  }),
);

const zoneFields = {
  id: z.string(),
  name: z.string(),
  name_bn: z.string(),
  charge: taka.describe('Taka for a parcel up to one kilogram'),
  per_kg: taka.describe('Taka for each further kilogram begun'),
  days_min: z.number().int(),
  days_max: z.number().int(),
};
export const deliveryZoneSetting = answerOf<DeliveryZoneSetting>()(
  z.object({ ...zoneFields, areas: z.array(z.string()).describe('District (d-47), upazila (u-365) and city thana (t-12) ids; empty: the rest of the country') }),
);
export const advanceRulesSetting = answerOf<AdvanceRulesSetting>()(
  z.object({
    first_order: z.boolean(),
    phone_with_returns: z.boolean(),
    total_above: taka.describe('0: no rule on the total'),
    districts: z.array(z.string()),
    amount: z.enum(['delivery_charge', 'percent']),
    percent: z.number().int(),
  }),
);
export const areaHit = answerOf<AreaResponse>()(
  z.object({ id: z.string(), name: z.string(), name_bn: z.string(), district: z.string(), district_bn: z.string(), zone: z.object(zoneFields) }),
);
export const areasAnswer = answerOf<DataList<AreaResponse>>()(listOf(areaHit));

export const settingAnswer = answerOf<{ data: SettingResponse }>()(z.object({ data: settings }));
export const categoriesAnswer = answerOf<DataList<CategoryResponse>>()(listOf(category));
export const productListAnswer = answerOf<DataList<ProductCardResponse>>()(listOf(productCard));
export const productPageAnswer = answerOf<Paginated<ProductCardResponse>>()(pageOf(productCard));
export const searchAnswer = answerOf<DataList<SearchHit>>()(listOf(searchHit));
/** Issue 32: what a shopper may have meant when a search finds nothing (ADR 065). */
export const searchSuggestionsAnswer = answerOf<DataList<string>>()(listOf(z.string().describe('A search text to try')));
export const productRowAnswer = answerOf<{ data: ProductRowResponse }>()(z.object({ data: productRow }));
export const stockCheckAnswer = answerOf<StockAnswer>()(z.object({ success: z.literal(true), message: z.string(), available: z.number().int() }));
export const postAnswer = answerOf<{ data: PostResponse }>()(z.object({ data: z.object({ name: z.string(), description_full: z.string().describe('Sanitized HTML') }) }));

// The console (issue 13).

export const adminProduct = answerOf<AdminProduct>()(
  z.object({
    id: z.number().int(),
    slug: z.string(),
    sku: z.string(),
    name: z.string(),
    fullname: z.string(),
    category_id: z.number().int(),
    price: taka,
    old_price: taka.nullable(),
    description: z.string(),
    name_bn: z.string().nullable(),
    description_bn: z.string().nullable(),
    badge: z.string().nullable(),
    badge_bn: z.string().nullable(),
    sizes: z.array(z.string()),
    images: z.array(z.object({ img: z.string(), thumb: z.string(), card: z.string().optional() })),
    thumbnail: z.string().nullable(),
    status: z.enum(['draft', 'published']),
    version: z.number().int().describe('Send it back (`version` or If-Match) to be told when someone else changed the product meanwhile'),
    created_at: isoTime.optional(),
    updated_at: isoTime.optional(),
    updated_by: z.string().nullable().optional(),
  }),
);

export const adminProductPage = answerOf<Paginated<AdminProduct>>()(pageOf(adminProduct));

export const productHistory = answerOf<DataList<ProductHistoryEntry>>()(
  listOf(
    z.object({
      version: z.number().int(),
      type: z.string(),
      at: isoTime,
      by: z.object({ id: z.string(), name: z.string().nullable(), role: z.string() }),
      changes: z.record(z.string(), z.unknown()),
    }),
  ),
);

export const adminCategory: z.ZodType<AdminCategory> = z
  .object({
    id: z.number().int(),
    name: z.string(),
    name_bn: z.string().nullable(),
    slug: z.string(),
    parent_id: z.number().int().nullable(),
    position: z.number().int(),
    products: z.number().int(),
    version: z.number().int(),
    get children() {
      return z.array(adminCategory).optional();
    },
  })
  .meta({ id: 'AdminCategory' });

export const adminCategoryList = answerOf<AdminCategoryList>()(z.object({ data: z.array(adminCategory), tree: z.array(adminCategory) }));

export const adminSettings = answerOf<AdminSettings>()(
  settings
    .omit({
      hotline: true,
      delivery_time_inside_dhaka: true,
      delivery_time_outside_dhaka: true,
      return_days: true,
      low_stock_threshold: true,
      product_weight_grams: true,
      name_bn: true,
      description_bn: true,
      address_bn: true,
      delivery_time_inside_dhaka_bn: true,
      delivery_time_outside_dhaka_bn: true,
    })
    .extend({
      name_bn: z.string().optional(),
      description_bn: z.string().optional(),
      address_bn: z.string().optional(),
      delivery_time_inside_dhaka_bn: z.string().optional(),
      delivery_time_outside_dhaka_bn: z.string().optional(),
      hotline: z.string().optional(),
      delivery_time_inside_dhaka: z.string().optional(),
      delivery_time_outside_dhaka: z.string().optional(),
      return_days: z.number().int().optional(),
      low_stock_threshold: z.number().int().optional(),
      checkout_phone_verification: z.enum(['off', 'risky', 'always']).optional(),
      cod_open_orders_per_phone: z.number().int().optional().describe('Open unpaid orders per phone: cash on delivery, and bKash not verified yet (0 = no limit)'),
      checkout_limit_per_ip_hour: z.number().int().optional().describe('Checkouts per client address and hour (0 = no limit)'),
      max_units_per_line: z.number().int().optional(),
      max_units_per_order: z.number().int().optional(),
      pending_order_expiry_hours: z.number().optional(),
      checkout_units_per_ip_hour: z.number().int().optional().describe('Units one client address may hold in unconfirmed orders of the last hour (0 = no limit)'),
      order_messages_per_hour: z.number().int().optional().describe('SMS per phone and mails per address that shoppers\' own orders and cancellations may cause in an hour (0 = no cap)'),
      order_messages_per_day: z.number().int().optional().describe('The same in a day (0 = no cap)'),
      product_weight_grams: z.number().int().optional(),
      delivery_zones: z.array(deliveryZoneSetting).optional().describe('Issue 30: the delivery zones (ADR 059); the defaults until set'),
      advance_rules: advanceRulesSetting.optional().describe('Issue 30: when an order needs an advance by bKash, and how much'),
      search_synonyms: z.array(z.array(z.string())).optional().describe('Issue 32: groups of words shoppers type for the same thing (ADR 065); the defaults until set'),
      version: z.number().int(),
    })
    .catchall(z.union([z.string(), z.number(), z.array(deliveryZoneSetting), advanceRulesSetting, z.array(z.array(z.string()))]).optional().describe('Any other setting (docs/api.md, ADR 043)')),
);

export const adminPost = answerOf<AdminPost>()(
  z.object({ slug: z.string(), category_id: z.number().int(), name: z.string(), html: z.string().describe('Sanitized HTML'), version: z.number().int() }),
);

const brand = answerOf<BrandResponse>()(z.object({ id: z.number().int(), name: z.string(), description: z.string(), status: z.union([z.literal(0), z.literal(1)]) }));
export const brandListAnswer = answerOf<{ data: BrandResponse[] }>()(listOf(brand));
export const brandAnswer = answerOf<{ data: BrandResponse }>()(z.object({ data: brand }));
export const brandSavedAnswer = answerOf<{ success: true; message: string; data: BrandResponse }>()(z.object({ success: z.literal(true), message: z.string(), data: brand }));
