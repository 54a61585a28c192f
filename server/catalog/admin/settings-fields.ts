import { z } from 'zod';
import { paisaToTaka, takaToPaisa } from '../../common/money';
import { says } from '../../common/validation/rule-message';
import { deliveryZonesSchema, zonesOfSettings } from '../areas/delivery-zones';
import { advanceRulesOf, advanceRulesSchema } from '../areas/advance-rules';
import { searchSynonymsSchema, synonymsOfSettings } from '../search/search-synonyms';

/**
 * The store settings an admin edits: the API name (the storefront's spelling), the settings column, and how
 * the value is checked. Money fields are Taka in the API and paisa in the column. A helper adding a setting
 * adds its column (migration) and one line here; SettingsChanged carries it from then on.
 */
export interface SettingsField {
  api: string;
  column: string;
  /** json: a structure (delivery zones, advance rules), stored as JSON text, answered as the structure. */
  kind: 'text' | 'money' | 'count' | 'json';
  schema: z.ZodType;
}

const text = (label: string, max: number) =>
  z.string({ error: says('field-not-text', { field: label }) }).trim().max(max, says('field-too-long', { field: label, max }));

const charge = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: says('charge-taka', { field: label }) })
      .min(0, says('field-not-negative', { field: label }))
      .max(100_000, says('charge-at-most', { field: label }))
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, says('amount-two-decimals', { field: label })),
  );

const count = (label: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: says('field-whole-number', { field: label }) })
      .int(says('field-whole-number', { field: label }))
      .min(0, says('field-not-negative', { field: label }))
      .max(max, says('field-at-most', { field: label, max })),
  );

/** A number setting between min and max, whole unless said (hours may be fractions). */
const bounded = (label: string, min: number, max: number, whole = true) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: says('field-number', { field: label }) })
      .min(min, says('field-min', { field: label, min }))
      .max(max, says('field-at-most', { field: label, max }))
      .refine((value) => !whole || Number.isInteger(value), says('field-whole-number', { field: label })),
  );

export const SETTINGS_FIELDS: SettingsField[] = [
  { api: 'name', column: 'name', kind: 'text', schema: text('store name', 100).min(1, says('field-required', { field: 'store name' })) },
  { api: 'description', column: 'description', kind: 'text', schema: text('description', 2_000) },
  { api: 'fblink', column: 'fblink', kind: 'text', schema: text('Facebook link', 300).refine((value) => value === '' || /^https?:\/\/\S+$/.test(value), says('facebook-link-invalid')) },
  { api: 'email', column: 'email', kind: 'text', schema: text('e-mail', 200).refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), says('store-email-invalid')) },
  { api: 'whatsApp', column: 'whatsapp', kind: 'text', schema: text('WhatsApp number', 20).refine((value) => value === '' || /^\+?\d{6,15}$/.test(value), says('whatsapp-invalid')) },
  { api: 'address', column: 'address', kind: 'text', schema: text('address', 500) },
  { api: 'currency', column: 'currency', kind: 'text', schema: text('currency', 5).min(1, says('field-required', { field: 'currency' })) },
  { api: 'devliery_charge', column: 'devliery_charge_paisa', kind: 'money', schema: charge('delivery charge') },
  { api: 'devliery_charge_inside_dhk', column: 'devliery_charge_inside_dhk_paisa', kind: 'money', schema: charge('delivery charge inside Dhaka') },
  { api: 'devliery_charge_outside_dhk', column: 'devliery_charge_outside_dhk_paisa', kind: 'money', schema: charge('delivery charge outside Dhaka') },
  { api: 'bkash_number', column: 'bkash_number', kind: 'text', schema: text('bKash number', 20).refine((value) => value === '' || /^01[3-9]\d{8}$/.test(value), says('bkash-setting-invalid')) },
  // What shoppers are told before they trust the store (issue 16); the columns come from migration 1763800000416.
  { api: 'hotline', column: 'hotline', kind: 'text', schema: text('hotline', 20).refine((value) => value === '' || /^\+?\d{6,15}$/.test(value.replace(/[\s-]/g, '')), says('hotline-invalid')) },
  { api: 'delivery_time_inside_dhaka', column: 'delivery_time_inside_dhaka', kind: 'text', schema: text('delivery time inside Dhaka', 40) },
  { api: 'delivery_time_outside_dhaka', column: 'delivery_time_outside_dhaka', kind: 'text', schema: text('delivery time outside Dhaka', 40) },
  { api: 'return_days', column: 'return_days', kind: 'count', schema: count('return period in days', 365) },
  { api: 'low_stock_threshold', column: 'low_stock_threshold', kind: 'count', schema: count('low-stock threshold', 1000) },
  // Cash on delivery defences (issue 14); environment variables of the same names in capitals override them.
  { api: 'cod_open_orders_per_phone', column: 'cod_open_orders_per_phone', kind: 'count', schema: bounded('open COD orders per phone (0 = no limit)', 0, 1_000) },
  { api: 'checkout_limit_per_ip_hour', column: 'checkout_limit_per_ip_hour', kind: 'count', schema: bounded('checkouts per address and hour (0 = no limit)', 0, 1_000_000) },
  // Issue 27: units one address may hold in unconfirmed orders of the last hour; messages a shopper's own actions
  // (placing, cancelling) may cause to one phone or e-mail address. Columns from migration 1763800002300.
  { api: 'checkout_units_per_ip_hour', column: 'checkout_units_per_ip_hour', kind: 'count', schema: bounded('units held in unconfirmed orders per address and hour (0 = no limit)', 0, 1_000_000) },
  { api: 'order_messages_per_hour', column: 'order_messages_per_hour', kind: 'count', schema: bounded('order messages per phone or e-mail and hour (0 = no cap)', 0, 1_000) },
  { api: 'order_messages_per_day', column: 'order_messages_per_day', kind: 'count', schema: bounded('order messages per phone or e-mail and day (0 = no cap)', 0, 10_000) },
  { api: 'max_units_per_line', column: 'max_units_per_line', kind: 'count', schema: bounded('units of one item per order', 1, 1_000) },
  { api: 'max_units_per_order', column: 'max_units_per_order', kind: 'count', schema: bounded('units per order', 1, 10_000) },
  // Issue 17: whether a checkout must prove its phone with an SMS code (risky: phones with returns, expiries or a block).
  { api: 'checkout_phone_verification', column: 'checkout_phone_verification', kind: 'text', schema: z.enum(['off', 'risky', 'always'], { error: says('phone-verification-setting-invalid') }) },
  { api: 'pending_order_expiry_hours', column: 'pending_order_expiry_hours', kind: 'count', schema: bounded('hours a pending order lives', 0.1, 24 * 60, false) },
  // Issue 30 (ADR 059): delivery zones, the weight of a product, when an order needs an advance. Columns from
  // migration 1763800003301; the zones also answer the specification's two charges.
  { api: 'delivery_zones', column: 'delivery_zones', kind: 'json', schema: deliveryZonesSchema },
  { api: 'product_weight_grams', column: 'product_weight_grams', kind: 'count', schema: bounded('weight of a product in grams', 0, 20_000) },
  { api: 'advance_rules', column: 'advance_rules', kind: 'json', schema: advanceRulesSchema },
  // Issue 32 (ADR 065): the search's groups of synonyms (column from migration 1763800004001; the defaults until set).
  { api: 'search_synonyms', column: 'search_synonyms', kind: 'json', schema: searchSynonymsSchema },
  // Issue 31 (ADR 067): the store's own words in Bengali, shown in Bengali mode (empty: the English ones).
  // Columns from migration 1763800004201.
  { api: 'name_bn', column: 'name_bn', kind: 'text', schema: text('store name in Bengali', 100) },
  { api: 'description_bn', column: 'description_bn', kind: 'text', schema: text('description in Bengali', 2_000) },
  { api: 'address_bn', column: 'address_bn', kind: 'text', schema: text('address in Bengali', 500) },
  { api: 'delivery_time_inside_dhaka_bn', column: 'delivery_time_inside_dhaka_bn', kind: 'text', schema: text('delivery time inside Dhaka in Bengali', 40) },
  { api: 'delivery_time_outside_dhaka_bn', column: 'delivery_time_outside_dhaka_bn', kind: 'text', schema: text('delivery time outside Dhaka in Bengali', 40) },
];

/** Every field optional (a PUT may send the whole form or a part), plus the version the form was loaded at. */
export const settingsRequest = z.object({
  ...Object.fromEntries(SETTINGS_FIELDS.map((field) => [field.api, field.schema.optional()])),
  version: z.preprocess((value) => (typeof value === 'string' ? Number(value) : value), z.number({ error: says('field-whole-number', { field: 'version' }) }).int().min(0)).optional(),
});

export function settingsColumnsFrom(input: Record<string, unknown>): Record<string, string | number> {
  const columns: Record<string, string | number> = {};
  for (const field of SETTINGS_FIELDS) {
    const value = input[field.api];
    if (value === undefined) continue;
    columns[field.column] =
      field.kind === 'money' ? takaToPaisa(value as number) : field.kind === 'count' ? (value as number) : field.kind === 'json' ? JSON.stringify(value) : (value as string);
  }
  return columns;
}

export function settingsResponseFrom(row: Record<string, unknown>): Record<string, unknown> {
  const answer: Record<string, unknown> = {};
  for (const field of SETTINGS_FIELDS) {
    const value = row[field.column];
    if (field.kind === 'json') continue;
    answer[field.api] = field.kind === 'money' ? paisaToTaka(Number(value ?? 0)) : field.kind === 'count' ? Number(value ?? 0) : String(value ?? '');
  }
  // The structures as the checkout reads them: the zones (the defaults until set), the advance rules (never, until set).
  answer.delivery_zones = zonesOfSettings(row);
  answer.advance_rules = advanceRulesOf(row);
  answer.search_synonyms = synonymsOfSettings(row);
  return answer;
}
