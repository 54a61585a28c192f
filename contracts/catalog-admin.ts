/** Answers of the store administration API (issue 13): /admin/products, categories, settings, posts, staff. */

import type { AdvanceRulesSetting, DeliveryZoneSetting, SettingResponse } from './catalog';

export interface AdminProductImage {
  /** Zoom size, for the product page. */
  img: string;
  /** Thumbnail size. */
  thumb: string;
  /** Card size, for product grids (uploaded pictures only). */
  card?: string;
}

export interface AdminProduct {
  id: number;
  slug: string;
  sku: string;
  name: string;
  fullname: string;
  category_id: number;
  /** Taka. */
  price: number;
  old_price: number | null;
  /** Sanitized HTML. */
  description: string;
  /** The Bengali name and sanitized description (issue 18), or null when the product has none. */
  name_bn: string | null;
  description_bn: string | null;
  badge: string | null;
  /** Issue 31: the badge in Bengali, or null. */
  badge_bn: string | null;
  sizes: string[];
  images: AdminProductImage[];
  thumbnail: string | null;
  status: 'draft' | 'published';
  /** Send it back (`version` or If-Match) to be told when someone else changed the product meanwhile. */
  version: number;
  created_at?: string;
  updated_at?: string;
  updated_by?: string | null;
}

export interface ProductHistoryEntry {
  version: number;
  type: string;
  at: string;
  by: { id: string; name: string | null; role: string };
  changes: Record<string, unknown>;
}

export interface AdminCategory {
  id: number;
  name: string;
  /** Issue 31: the name in Bengali, or null (the English name is shown in Bengali mode). */
  name_bn: string | null;
  slug: string;
  parent_id: number | null;
  position: number;
  products: number;
  version: number;
  children?: AdminCategory[];
}

export interface AdminCategoryList {
  data: AdminCategory[];
  tree: AdminCategory[];
}

/** Store settings as the console edits them (the public settings' editable fields); money in Taka. */
export interface AdminSettings
  extends Pick<
    SettingResponse,
    'name' | 'description' | 'fblink' | 'email' | 'whatsApp' | 'address' | 'currency' | 'devliery_charge' | 'devliery_charge_inside_dhk' | 'devliery_charge_outside_dhk' | 'bkash_number'
  > {
  /** Issue 16: the care line, delivery times, return period and the "only N left" threshold. */
  hotline?: string;
  delivery_time_inside_dhaka?: string;
  delivery_time_outside_dhaka?: string;
  return_days?: number;
  low_stock_threshold?: number;
  /** Issue 17: whether a checkout must prove its phone with an SMS code. */
  checkout_phone_verification?: 'off' | 'risky' | 'always';
  /** Issue 14: the cash-on-delivery limits (0 = no limit where it says so). */
  cod_open_orders_per_phone?: number;
  checkout_limit_per_ip_hour?: number;
  max_units_per_line?: number;
  max_units_per_order?: number;
  pending_order_expiry_hours?: number;
  /** Issue 27: units one address may hold in unconfirmed orders of the last hour (0 = no limit). */
  checkout_units_per_ip_hour?: number;
  /** Issue 27: SMS per phone and mails per address that shoppers' own orders and cancellations may cause (0 = no cap). */
  order_messages_per_hour?: number;
  order_messages_per_day?: number;
  /** Issue 31: the store texts in Bengali (empty: the English ones are shown). */
  name_bn?: string;
  description_bn?: string;
  address_bn?: string;
  delivery_time_inside_dhaka_bn?: string;
  delivery_time_outside_dhaka_bn?: string;
  /** Issue 30 (ADR 059): the delivery zones (the defaults until set), a product's weight, the advance rules. */
  delivery_zones?: DeliveryZoneSetting[];
  product_weight_grams?: number;
  advance_rules?: AdvanceRulesSetting;
  /** Issue 32 (ADR 065): groups of words and phrases the search reads as one (the defaults until set). */
  search_synonyms?: string[][];
  version: number;
  [field: string]: string | number | undefined | DeliveryZoneSetting[] | AdvanceRulesSetting | string[][];
}

export interface AdminPost {
  slug: string;
  category_id: number;
  name: string;
  html: string;
  version: number;
}

export interface StaffMember {
  id: string;
  name: string;
  email: string;
  role: 'care' | 'admin';
  /** invited: added, no password set yet; active: signs in; disabled: an admin ended it. */
  status: 'active' | 'invited' | 'disabled';
  created_at: string;
  disabled_at: string | null;
  /** Until when the invited member's newest link works (null unless invited; in the past: send it again). */
  invitation_expires_at: string | null;
}

/** GET /api/public/staff-invitations/:token: what the console's set-password page greets the member with. */
export interface StaffInvitationInfo {
  name: string;
  email: string;
  role: 'care' | 'admin';
  expires_at: string;
}
