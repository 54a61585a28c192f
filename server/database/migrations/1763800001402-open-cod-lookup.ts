import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The checkout's count of a phone's open COD orders (ADR 044) looks orders up through plain indexes on
 * `order_details.phone` (the existing `order_details_phone_idx`) and `order_details.shipping_phone`, instead
 * of the two partial indexes of 1763800001401. A partial index created on an empty table keeps the
 * statistics of an empty index until the table is first analysed; until then PostgreSQL's planner believes
 * scanning all of it is free and, for the contact phone, scanned the whole shipping-phone index with a
 * filter on every checkout batch: a cost that grew with every open COD order (15 ms a batch after 3,000
 * orders, and the batch loop waits for it). A plain index is estimated from the table's own size, so the
 * lookup is an index probe per phone whether or not the table was ever analysed.
 */
export class OpenCodLookup1763800001402 implements MigrationInterface {
  name = 'OpenCodLookup1763800001402';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS order_details_shipping_phone_idx ON order_details (shipping_phone)`);
    await queryRunner.query(`DROP INDEX IF EXISTS order_details_open_cod_phone_idx, order_details_open_cod_shipping_phone_idx`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS order_details_open_cod_phone_idx ON order_details (phone) WHERE status IN ('pending', 'confirmed') AND payment_method = 'cash'`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS order_details_open_cod_shipping_phone_idx ON order_details (shipping_phone) WHERE status IN ('pending', 'confirmed') AND payment_method = 'cash'`,
    );
    await queryRunner.query(`DROP INDEX IF EXISTS order_details_shipping_phone_idx`);
  }
}
