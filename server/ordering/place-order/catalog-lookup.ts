import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ServiceUnavailableError } from '../../common/errors/domain-error';
import type { CatalogProduct, DeliveryCharges } from '../domain/checkout';

export interface CheckoutCatalog {
  products: Map<number, CatalogProduct>;
  delivery: DeliveryCharges;
}

/**
 * What a checkout needs from the catalog and settings (state-stored tables owned by the catalog context):
 * current price, name and sizes of the cart's products, and the two delivery charges. One query.
 */
@Injectable()
export class CatalogLookup {
  constructor(private readonly dataSource: DataSource) {}

  async forProducts(productIds: readonly number[]): Promise<CheckoutCatalog> {
    const rows: Array<{ inside: number; outside: number; products: CatalogProduct[] }> = await this.dataSource.query(
      `SELECT s.devliery_charge_inside_dhk_paisa AS inside, s.devliery_charge_outside_dhk_paisa AS outside,
              (SELECT coalesce(json_agg(json_build_object(
                        'id', p.id, 'name', p.name, 'slug', p.slug, 'thumbnail', p.thumbnail, 'pricePaisa', p.price_paisa,
                        'sizes', (SELECT coalesce(json_agg(z.value ORDER BY z.id), '[]'::json)
                                    FROM product_sizes ps JOIN sizes z ON z.id = ps.size_id WHERE ps.product_id = p.id))), '[]'::json)
                 FROM products p WHERE p.id = ANY($1::int[])) AS products
         FROM settings s WHERE s.id = 1`,
      [[...new Set(productIds)].filter((id) => Number.isInteger(id) && id > 0 && id < 2 ** 31)],
    );
    if (rows.length === 0) throw new ServiceUnavailableError('The shop is not set up yet. Please try again later.');
    const [row] = rows;
    return {
      products: new Map(row.products.map((product) => [product.id, product])),
      delivery: { insidePaisa: row.inside, outsidePaisa: row.outside },
    };
  }
}
