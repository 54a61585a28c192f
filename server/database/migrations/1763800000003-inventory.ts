import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Read model of stock per SKU (product + size), filled by the `sku-stock` projection from the sku-* event
 * streams. Not the source of truth: the write side decides against the streams, never this table.
 */
export class Inventory1763800000003 implements MigrationInterface {
  name = 'Inventory1763800000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    // No foreign key to products: a rebuild copy of this table must accept rows in any order, and a SKU
    // stream outlives a deleted product.
    await queryRunner.query(`
      CREATE TABLE sku_stock (
        product_id  integer NOT NULL,
        size        text NOT NULL,
        available   integer NOT NULL CHECK (available >= 0),
        reserved    integer NOT NULL CHECK (reserved >= 0),
        version     integer NOT NULL,
        updated_at  timestamptz NOT NULL,
        PRIMARY KEY (product_id, size)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS sku_stock`);
  }
}
