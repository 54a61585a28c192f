import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ServiceUnavailableError } from '../../common/errors/domain-error';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { CatalogProduct, DeliveryCharges } from '../domain/checkout';
import type { CheckoutLimits, PhoneStanding } from '../domain/checkout-limits';

export interface CheckoutCatalog {
  products: Map<number, CatalogProduct>;
  delivery: DeliveryCharges;
  limits: CheckoutLimits;
  /** Open COD orders and blocks of the phones asked about. */
  phones: PhoneStanding;
}

/** The settings columns of the checkout limits, as the one-row query reads them. */
export interface LimitColumns {
  cod_open_orders_per_phone: number;
  checkout_limit_per_ip_hour: number;
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
    openOrdersPerPhone: overrides.openOrdersPerPhone ?? row.cod_open_orders_per_phone,
    maxUnitsPerLine: overrides.maxUnitsPerLine ?? row.max_units_per_line,
    maxUnitsPerOrder: overrides.maxUnitsPerOrder ?? row.max_units_per_order,
    pendingExpiryHours: overrides.pendingExpiryHours ?? Number(row.pending_order_expiry_hours),
    phoneVerification: row.checkout_phone_verification === 'risky' || row.checkout_phone_verification === 'always' ? row.checkout_phone_verification : 'off',
  };
}

/**
 * What a checkout needs from the catalog, the settings and the order read models: current price, name and
 * sizes of the cart's products, the two delivery charges, the checkout limits, and for each phone of the
 * checkouts its open COD orders (`order_details` is written in the checkout's own transaction, so it is
 * current) and whether it is blocked. One query for a whole batch (ADR 017): the phone check costs no
 * round trip of its own.
 */
@Injectable()
export class CatalogLookup {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async forProducts(productIds: readonly number[], phones: readonly string[] = []): Promise<CheckoutCatalog> {
    const rows: Array<LimitColumns & { inside: number; outside: number; products: CatalogProduct[]; open: Record<string, number>; blocked: string[] }> =
      await this.dataSource.query(
        `SELECT s.devliery_charge_inside_dhk_paisa AS inside, s.devliery_charge_outside_dhk_paisa AS outside,
                s.cod_open_orders_per_phone, s.checkout_limit_per_ip_hour, s.max_units_per_line, s.max_units_per_order,
                s.pending_order_expiry_hours,
                (SELECT coalesce(json_agg(json_build_object(
                          'id', p.id, 'name', p.name, 'slug', p.slug, 'thumbnail', p.thumbnail, 'pricePaisa', p.price_paisa,
                          'sizes', (SELECT coalesce(json_agg(z.value ORDER BY z.id), '[]'::json)
                                      FROM product_sizes ps JOIN sizes z ON z.id = ps.size_id WHERE ps.product_id = p.id))), '[]'::json)
                   FROM products p WHERE p.id = ANY($1::int[])) AS products,
                (SELECT coalesce(json_object_agg(t.phone, t.open), '{}'::json) FROM (
                   SELECT x.phone, count(*)::int AS open FROM unnest($2::text[]) AS x(phone)
                     JOIN LATERAL (
                       SELECT d.order_id FROM order_details d
                        WHERE d.phone = x.phone AND d.status IN ('pending', 'confirmed') AND d.payment_method = 'cash'
                       UNION
                       SELECT d.order_id FROM order_details d
                        WHERE d.shipping_phone = x.phone AND d.status IN ('pending', 'confirmed') AND d.payment_method = 'cash'
                     ) o ON true
                    GROUP BY x.phone) t) AS open,
                (SELECT coalesce(array_agg(r.phone), '{}') FROM phone_risk r WHERE r.blocked AND r.phone = ANY($2::text[])) AS blocked
           FROM settings s WHERE s.id = 1`,
        [[...new Set(productIds)].filter((id) => Number.isInteger(id) && id > 0 && id < 2 ** 31), [...new Set(phones)]],
      );
    if (rows.length === 0) throw new ServiceUnavailableError('shop-not-set-up');
    const [row] = rows;
    return {
      products: new Map(row.products.map((product) => [product.id, product])),
      delivery: { insidePaisa: row.inside, outsidePaisa: row.outside },
      limits: checkoutLimitsOf(row, this.config.checkoutOverrides),
      phones: { openCodOrders: new Map(Object.entries(row.open)), blocked: new Set(row.blocked) },
    };
  }
}
