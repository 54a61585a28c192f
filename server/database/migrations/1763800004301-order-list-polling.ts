import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31: care's open order list polls the latest change and the newest order (`GET /api/admin/orders/latest-version`);
 * both are index-only reads with these two indexes, and the list itself (newest first) reads its first page from
 * the second instead of sorting every order.
 */
export class OrderListPolling1763800004301 implements MigrationInterface {
  name = 'OrderListPolling1763800004301';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS order_details_updated_idx ON order_details (updated_at)`);
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS order_details_placed_idx ON order_details (placed_at DESC, order_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS order_details_updated_idx, order_details_placed_idx`);
  }
}
