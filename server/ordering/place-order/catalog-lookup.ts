import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ServiceUnavailableError } from '../../common/errors/domain-error';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { CatalogProduct, DeliveryCharges, PhoneHistory } from '../domain/checkout';
import { advanceRulesOf } from '../../catalog/areas/advance-rules';
import { zonesOfSettings } from '../../catalog/areas/delivery-zones';
import { DEFAULT_CHECKOUT_LIMITS, type AddressHold, type CheckoutLimits, type PhoneStanding } from '../domain/checkout-limits';

export interface CheckoutCatalog {
  products: Map<number, CatalogProduct>;
  delivery: DeliveryCharges;
  limits: CheckoutLimits;
  /** Open unpaid orders and blocks of the phones asked about. */
  phones: PhoneStanding;
  /** The unconfirmed orders placed since `holdsSince` from the client addresses asked about. */
  addressHolds: Map<string, AddressHold[]>;
  /** Past orders and returns of the phones asked about, read only when the advance rules ask about phones. */
  phoneHistory: Map<string, PhoneHistory>;
}

/** The settings columns of the checkout limits, as the one-row query reads them. */
export interface LimitColumns {
  cod_open_orders_per_phone: number;
  checkout_limit_per_ip_hour: number;
  /** Absent before migration 1763800002300 has run (a settings row read by an older query). */
  checkout_units_per_ip_hour?: number;
  max_units_per_line: number;
  max_units_per_order: number;
  /** numeric: a string. */
  pending_order_expiry_hours: string | number;
  checkout_phone_verification?: string;
}

/** The settings' limits with the environment's overrides on top (benchmarks, tests). */
export function checkoutLimitsOf(row: LimitColumns, overrides: AppConfig['checkoutOverrides']): CheckoutLimits {
  return {
    perIpHour: overrides.perIpHour ?? row.checkout_limit_per_ip_hour,
    unitsPerIpHour: overrides.unitsPerIpHour ?? row.checkout_units_per_ip_hour ?? DEFAULT_CHECKOUT_LIMITS.unitsPerIpHour,
    openOrdersPerPhone: overrides.openOrdersPerPhone ?? row.cod_open_orders_per_phone,
    maxUnitsPerLine: overrides.maxUnitsPerLine ?? row.max_units_per_line,
    maxUnitsPerOrder: overrides.maxUnitsPerOrder ?? row.max_units_per_order,
    pendingExpiryHours: overrides.pendingExpiryHours ?? Number(row.pending_order_expiry_hours),
    phoneVerification: row.checkout_phone_verification === 'risky' || row.checkout_phone_verification === 'always' ? row.checkout_phone_verification : 'off',
  };
}

/**
 * Each client address's unconfirmed orders placed since `$4` (`$3`: the addresses), as `[units, placed at (ms)]`
 * pairs. One primary-key probe of `order_details` per hold: a LIMIT keeps the planner from joining the whole table.
 */
const HOLDS_SQL = `(SELECT coalesce(json_object_agg(a.address, a.holds), '{}'::json) FROM (
                 SELECT h.address, json_agg(json_build_array(h.units, (extract(epoch FROM h.placed_at) * 1000)::bigint)) AS holds
                   FROM checkout_holds h
                   JOIN LATERAL (SELECT o.status, o.bkash_verified FROM order_details o WHERE o.order_id = h.order_id LIMIT 1) d ON true
                  WHERE h.address = ANY($3::text[]) AND h.placed_at > $4 AND d.status = 'pending' AND NOT d.bkash_verified
                  GROUP BY h.address) a)`;

/**
 * What a checkout needs from the catalog, the settings and the order read models: current price, name and
 * sizes of the cart's products, the two delivery charges, the checkout limits, for each phone of the checkouts
 * its open unpaid orders (COD, and bKash not verified yet; `order_details` is written in the checkout's own
 * transaction, so it is current) and whether it is blocked, and for each client address the units of its
 * unconfirmed orders placed since `holdsSince` (`checkout_holds`, written in the same transaction). One query
 * for a whole batch (ADR 017): the phone and address checks cost no round trip of their own.
 */
@Injectable()
export class CatalogLookup {
  private readonly logger = new Logger('Checkout');
  private notSetUpSaid = 0;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async forProducts(productIds: readonly number[], phones: readonly string[] = [], addresses: readonly string[] = [], holdsSince: Date = new Date(0)): Promise<CheckoutCatalog> {
    // With the budget turned off by the environment (benchmarks, most test servers) there is nothing to count.
    const counted = this.config.checkoutOverrides.unitsPerIpHour === 0 ? [] : [...new Set(addresses)];
    const rows: Array<
      LimitColumns & {
        inside: number;
        outside: number;
        products: CatalogProduct[];
        open: Record<string, [number, number]>;
        blocked: string[];
        holds: Record<string, Array<[number, number]>>;
        delivery_zones: string;
        product_weight_grams: number | null;
        advance_rules: string;
        history: Record<string, [number, number]>;
      }
    > = await this.dataSource.query(
      `SELECT s.devliery_charge_inside_dhk_paisa AS inside, s.devliery_charge_outside_dhk_paisa AS outside,
              s.cod_open_orders_per_phone, s.checkout_limit_per_ip_hour, s.checkout_units_per_ip_hour, s.max_units_per_line, s.max_units_per_order,
              s.pending_order_expiry_hours, s.delivery_zones, s.product_weight_grams, s.advance_rules,
              -- Issue 30: past orders and returns per phone, only when the advance rules ask about phones.
              CASE WHEN s.advance_rules LIKE '%"first_order":true%' OR s.advance_rules LIKE '%"phone_with_returns":true%' THEN
                (SELECT coalesce(json_object_agg(x.phone, json_build_array(
                          (SELECT count(*) FROM order_details d WHERE d.phone = x.phone)::int,
                          coalesce((SELECT r.returned FROM phone_risk r WHERE r.phone = x.phone), 0))), '{}'::json)
                   FROM unnest($2::text[]) AS x(phone))
              ELSE '{}'::json END AS history,
              (SELECT coalesce(json_agg(json_build_object(
                        'id', p.id, 'name', p.name, 'slug', p.slug, 'thumbnail', p.thumbnail, 'pricePaisa', p.price_paisa,
                        'sizes', (SELECT coalesce(json_agg(z.value ORDER BY z.id), '[]'::json)
                                    FROM product_sizes ps JOIN sizes z ON z.id = ps.size_id WHERE ps.product_id = p.id))), '[]'::json)
                 FROM products p WHERE p.id = ANY($1::int[])) AS products,
              (SELECT coalesce(json_object_agg(t.phone, json_build_array(t.open, t.bkash)), '{}'::json) FROM (
                 SELECT x.phone, count(*)::int AS open, (count(*) FILTER (WHERE o.bkash))::int AS bkash FROM unnest($2::text[]) AS x(phone)
                   JOIN LATERAL (
                     SELECT d.order_id, d.payment_method = 'bkash' AS bkash FROM order_details d
                      WHERE d.phone = x.phone AND d.status IN ('pending', 'confirmed') AND (d.payment_method = 'cash' OR NOT d.bkash_verified)
                     UNION
                     SELECT d.order_id, d.payment_method = 'bkash' AS bkash FROM order_details d
                      WHERE d.shipping_phone = x.phone AND d.status IN ('pending', 'confirmed') AND (d.payment_method = 'cash' OR NOT d.bkash_verified)
                   ) o ON true
                  GROUP BY x.phone) t) AS open,
              (SELECT coalesce(array_agg(r.phone), '{}') FROM phone_risk r WHERE r.blocked AND r.phone = ANY($2::text[])) AS blocked,
              ${counted.length > 0 ? HOLDS_SQL : `'{}'::json`} AS holds
         FROM settings s WHERE s.id = 1`,
      [
        [...new Set(productIds)].filter((id) => Number.isInteger(id) && id > 0 && id < 2 ** 31),
        [...new Set(phones)],
        ...(counted.length > 0 ? [counted, holdsSince] : []),
      ],
    );
    if (rows.length === 0) {
      // The shopper reads "not set up yet"; the owner reads what to do, in the log, at most once a minute.
      if (Date.now() - this.notSetUpSaid > 60_000) {
        this.notSetUpSaid = Date.now();
        this.logger.warn(`checkout refused: shop not set up (no settings saved): run \`npm run setup\` or open ${this.config.appOrigins[0] ?? ''}/admin/settings`);
      }
      throw new ServiceUnavailableError('shop-not-set-up');
    }
    const [row] = rows;
    const open = Object.entries(row.open);
    return {
      products: new Map(row.products.map((product) => [product.id, product])),
      delivery: {
        insidePaisa: row.inside,
        outsidePaisa: row.outside,
        zones: zonesOfSettings({ delivery_zones: row.delivery_zones, devliery_charge_inside_dhk_paisa: row.inside, devliery_charge_outside_dhk_paisa: row.outside }),
        gramsPerUnit: row.product_weight_grams ?? 250,
        advance: advanceRulesOf(row),
      },
      phoneHistory: new Map(Object.entries(row.history ?? {}).map(([phone, [orders, returned]]) => [phone, { orders, returned }])),
      limits: checkoutLimitsOf(row, this.config.checkoutOverrides),
      phones: {
        openOrders: new Map(open.map(([phone, [count]]) => [phone, count])),
        unverifiedBkash: new Map(open.filter(([, [, bkash]]) => bkash > 0).map(([phone, [, bkash]]) => [phone, bkash])),
        blocked: new Set(row.blocked),
      },
      addressHolds: new Map(
        Object.entries(row.holds).map(([address, holds]) => [address, holds.map(([units, placedAt]) => ({ units, placedAt: new Date(Number(placedAt)) }))]),
      ),
    };
  }
}
