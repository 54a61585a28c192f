import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 32 (ADR 065): a customer's saved delivery address on the account's row (its state, written with the
 * `DeliveryAddressSaved` event): the area picked from `GET /api/public/areas`, house and road, landmark.
 */
export class SavedDeliveryAddress1763800004002 implements MigrationInterface {
  name = 'SavedDeliveryAddress1763800004002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE users
        ADD COLUMN IF NOT EXISTS delivery_area_id  text NULL,
        ADD COLUMN IF NOT EXISTS delivery_address  text NULL,
        ADD COLUMN IF NOT EXISTS delivery_landmark text NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN IF EXISTS delivery_area_id, DROP COLUMN IF EXISTS delivery_address, DROP COLUMN IF EXISTS delivery_landmark`);
  }
}
