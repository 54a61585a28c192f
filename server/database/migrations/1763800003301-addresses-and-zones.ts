import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30 (ADR 059): the settings of delivery zones (JSON, empty = the defaults priced from the two charges of
 * the specification), the weight of a product when it has none of its own, and when an order needs an advance
 * (JSON, empty = never); and the structured address of an order in `order_details`: the picked area's id, its
 * district and thana (null for orders placed with a free-text address only) and the landmark.
 */
export class AddressesAndZones1763800003301 implements MigrationInterface {
  name = 'AddressesAndZones1763800003301';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE settings
        ADD COLUMN IF NOT EXISTS delivery_zones        text NOT NULL DEFAULT '',
        ADD COLUMN IF NOT EXISTS product_weight_grams  integer NOT NULL DEFAULT 250 CHECK (product_weight_grams >= 0),
        ADD COLUMN IF NOT EXISTS advance_rules         text NOT NULL DEFAULT ''`);
    await queryRunner.query(`
      ALTER TABLE order_details
        ADD COLUMN IF NOT EXISTS area_id    text NULL,
        ADD COLUMN IF NOT EXISTS district   text NULL,
        ADD COLUMN IF NOT EXISTS thana      text NULL,
        ADD COLUMN IF NOT EXISTS landmark   text NULL,
        ADD COLUMN IF NOT EXISTS zone_id    text NULL,
        ADD COLUMN IF NOT EXISTS advance_required_paisa integer NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE settings DROP COLUMN IF EXISTS delivery_zones, DROP COLUMN IF EXISTS product_weight_grams, DROP COLUMN IF EXISTS advance_rules`);
    await queryRunner.query(`
      ALTER TABLE order_details DROP COLUMN IF EXISTS area_id, DROP COLUMN IF EXISTS district, DROP COLUMN IF EXISTS thana,
        DROP COLUMN IF EXISTS landmark, DROP COLUMN IF EXISTS zone_id, DROP COLUMN IF EXISTS advance_required_paisa`);
  }
}
