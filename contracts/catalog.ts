/** Catalog answers of the public API: cards, the product page, categories. */

/** A product in a list (shop grid, trending, related, wishlist): what a card shows and links to. */
export interface ProductCardResponse {
  id: number;
  slug: string;
  name: string;
  fullname: string;
  sku: string;
  thumbnail: string;
  price: number;
  old_price: number | null;
  currency: string;
  badge: string | null;
  /**
   * The Bengali name (issue 18), or null when the product has none. Beside the specification's fields, so
   * one answer serves both languages: the storefront shows it in Bengali mode, else `name`.
   */
  name_bn: string | null;
  /** Issue 31: the badge in Bengali, or null (Bengali mode shows `badge`). */
  badge_bn: string | null;
}

/** A size on the product page; sold-out sizes are shown but cannot be chosen. */
export interface SizeOption {
  id: number;
  value: string;
  sold_out: boolean;
  /** Units left when they are few (at or below the settings' low_stock_threshold), else null (issue 16). */
  only_left: number | null;
}

/** The product page (GET /public/productRow). */
export interface ProductRowResponse extends ProductCardResponse {
  description: string;
  /** The Bengali description (sanitized HTML), or null: Bengali mode then shows `description`. */
  description_bn: string | null;
  category: { id: number; name: string; slug: string };
  productAttr: SizeOption[];
  previewImages: Array<{ img: string }>;
  thumbImages: Array<{ thumb: string }>;
}

export interface CategoryResponse {
  id: number;
  name: string;
  /** Issue 31, beside the specification's fields: the name in Bengali, or null (Bengali mode shows `name`). */
  name_bn: string | null;
  slug: string;
  children: CategoryResponse[];
}

/** One autocomplete suggestion of the header's search. */
export interface SearchHit {
  id: number;
  name: string;
  /**
   * The Bengali name (issue 18), only when the product has one: a suggestion of a product without one keeps
   * exactly the four fields it always had.
   */
  name_bn?: string;
  slug: string;
  thumbnail: string;
}

/** The store's public settings (GET /public/settingRow), field names as the specification spells them. */
export interface SettingResponse {
  name: string;
  description: string;
  fblink: string;
  email: string;
  whatsApp: string;
  address: string;
  currency: string;
  devliery_charge: number;
  devliery_charge_inside_dhk: number;
  devliery_charge_outside_dhk: number;
  bkash_number: string;
  /** Issue 16, beside the spec's fields: the care line to call (the WhatsApp number when none is set). */
  hotline: string;
  delivery_time_inside_dhaka: string;
  delivery_time_outside_dhaka: string;
  /** Days after delivery within which a t-shirt may be returned. */
  return_days: number;
  /** Sizes with this many units or fewer say "only N left". */
  low_stock_threshold: number;
  /**
   * Issue 34: whether bKash orders are paid through a gateway (bKash checkout, or the demo one without its
   * credentials) instead of the typed sender number and transaction id. Only in the public settings answer.
   */
  bkash_checkout?: boolean;
  /** Issue 30: the weight of one product in grams, which the delivery charge's kilogram steps count. */
  product_weight_grams: number;
  /**
   * Issue 31, beside the specification's fields: the owner's store texts in Bengali, shown in Bengali mode;
   * empty when not given (the English one is shown then).
   */
  name_bn: string;
  description_bn: string;
  address_bn: string;
  delivery_time_inside_dhaka_bn: string;
  delivery_time_outside_dhaka_bn: string;
}

/** Issue 30 (ADR 059): a delivery zone as the settings hold it; money in Taka. */
export interface DeliveryZoneSetting {
  id: string;
  name: string;
  name_bn: string;
  /** Taka for a parcel up to one kilogram. */
  charge: number;
  /** Taka for each further kilogram begun. */
  per_kg: number;
  days_min: number;
  days_max: number;
  /** District (`d-47`), upazila (`u-365`) and city thana (`t-12`) ids; empty: the rest of the country. */
  areas: string[];
}

/** Issue 30: when an order needs an advance by bKash before it is confirmed, and how much. */
export interface AdvanceRulesSetting {
  first_order: boolean;
  phone_with_returns: boolean;
  /** Taka; 0: no rule on the total. */
  total_above: number;
  /** District ids (`d-47`). */
  districts: string[];
  amount: 'delivery_charge' | 'percent';
  percent: number;
}

/** The zone an area belongs to, as the address picker shows it. */
export type AreaZone = Omit<DeliveryZoneSetting, 'areas'>;

/** `GET /api/public/areas?q=`: a district, upazila or city thana an order can go to. */
export interface AreaResponse {
  /** `d-47` (a district), `u-365` (an upazila), `t-12` (a city thana). */
  id: string;
  name: string;
  name_bn: string;
  district: string;
  district_bn: string;
  zone: AreaZone;
}
