import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the product page and every phone screen tell a shopper before they trust the store (issue 16): a
 * hotline, delivery times inside and outside Dhaka, the return rule, and below how many units a size says
 * "only N left". Defaults are the store's current practice, so a store that never set them says something true.
 */
export class ShopperTrustSettings1763800000416 implements MigrationInterface {
  name = 'ShopperTrustSettings1763800000416';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE settings
        ADD COLUMN IF NOT EXISTS hotline                      text NOT NULL DEFAULT '',
        ADD COLUMN IF NOT EXISTS delivery_time_inside_dhaka   text NOT NULL DEFAULT '1-2 days',
        ADD COLUMN IF NOT EXISTS delivery_time_outside_dhaka  text NOT NULL DEFAULT '3-5 days',
        ADD COLUMN IF NOT EXISTS return_days                  integer NOT NULL DEFAULT 7 CHECK (return_days >= 0),
        ADD COLUMN IF NOT EXISTS low_stock_threshold          integer NOT NULL DEFAULT 5 CHECK (low_stock_threshold >= 0)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE settings
        DROP COLUMN IF EXISTS hotline, DROP COLUMN IF EXISTS delivery_time_inside_dhaka, DROP COLUMN IF EXISTS delivery_time_outside_dhaka,
        DROP COLUMN IF EXISTS return_days, DROP COLUMN IF EXISTS low_stock_threshold`);
  }
}
