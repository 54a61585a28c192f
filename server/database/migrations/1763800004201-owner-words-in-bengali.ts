import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31 (ADR 067): the owner's own words in Bengali beside the English ones. Category names (`name_bn`),
 * product badges (`badge_bn`), and the store texts of the settings: name, description, address and the two
 * delivery times. Empty or null: the shop shows the English text in Bengali mode too. The catalog projection
 * fills them from the events that now carry them.
 */
export class OwnerWordsInBengali1763800004201 implements MigrationInterface {
  name = 'OwnerWordsInBengali1763800004201';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE categories ADD COLUMN IF NOT EXISTS name_bn text NULL`);
    for (const table of ['products', 'catalog_products']) {
      await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS badge_bn text NULL`);
    }
    await queryRunner.query(`
      ALTER TABLE settings
        ADD COLUMN IF NOT EXISTS name_bn                        text NOT NULL DEFAULT '',
        ADD COLUMN IF NOT EXISTS description_bn                 text NOT NULL DEFAULT '',
        ADD COLUMN IF NOT EXISTS address_bn                     text NOT NULL DEFAULT '',
        ADD COLUMN IF NOT EXISTS delivery_time_inside_dhaka_bn  text NOT NULL DEFAULT '',
        ADD COLUMN IF NOT EXISTS delivery_time_outside_dhaka_bn text NOT NULL DEFAULT ''`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE settings DROP COLUMN IF EXISTS name_bn, DROP COLUMN IF EXISTS description_bn, DROP COLUMN IF EXISTS address_bn,
        DROP COLUMN IF EXISTS delivery_time_inside_dhaka_bn, DROP COLUMN IF EXISTS delivery_time_outside_dhaka_bn`);
    for (const table of ['products', 'catalog_products']) await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN IF EXISTS badge_bn`);
    await queryRunner.query(`ALTER TABLE categories DROP COLUMN IF EXISTS name_bn`);
  }
}
