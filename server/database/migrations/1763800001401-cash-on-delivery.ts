import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cash on delivery defences (issue 14). The checkout limits and the pending-order lifetime are store
 * settings (environment variables override them, see server/ordering/limits/checkout-limits.ts). Open COD
 * orders are counted per phone at checkout from `order_details`, through two partial indexes that hold only
 * open COD orders. `phone_risk` is the per-phone projection (orders placed, delivered, returned, cancelled,
 * expired, last order, blocked) care reads; no serial columns, so a rebuild can swap it.
 */
export class CashOnDelivery1763800001401 implements MigrationInterface {
  name = 'CashOnDelivery1763800001401';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE settings
        ADD COLUMN cod_open_orders_per_phone   integer NOT NULL DEFAULT 3 CHECK (cod_open_orders_per_phone >= 0),
        ADD COLUMN checkout_limit_per_ip_hour  integer NOT NULL DEFAULT 120 CHECK (checkout_limit_per_ip_hour >= 0),
        ADD COLUMN max_units_per_line          integer NOT NULL DEFAULT 10 CHECK (max_units_per_line >= 1),
        ADD COLUMN max_units_per_order         integer NOT NULL DEFAULT 30 CHECK (max_units_per_order >= 1),
        ADD COLUMN pending_order_expiry_hours  numeric(8, 3) NOT NULL DEFAULT 48 CHECK (pending_order_expiry_hours > 0)`);
    await queryRunner.query(
      `CREATE INDEX order_details_open_cod_phone_idx ON order_details (phone) WHERE status IN ('pending', 'confirmed') AND payment_method = 'cash'`,
    );
    await queryRunner.query(
      `CREATE INDEX order_details_open_cod_shipping_phone_idx ON order_details (shipping_phone) WHERE status IN ('pending', 'confirmed') AND payment_method = 'cash'`,
    );
    await queryRunner.query(`CREATE INDEX order_details_pending_idx ON order_details (placed_at) WHERE status = 'pending'`);
    await queryRunner.query(`
      CREATE TABLE phone_risk (
        phone          text PRIMARY KEY,
        placed         integer NOT NULL DEFAULT 0,
        delivered      integer NOT NULL DEFAULT 0,
        returned       integer NOT NULL DEFAULT 0,
        cancelled      integer NOT NULL DEFAULT 0,
        expired        integer NOT NULL DEFAULT 0,
        last_order_id  text NULL,
        last_order_at  timestamptz NULL,
        blocked        boolean NOT NULL DEFAULT false,
        block_reason   text NULL,
        blocked_at     timestamptz NULL
      )`);
    await queryRunner.query(`CREATE INDEX phone_risk_blocked_idx ON phone_risk (phone) WHERE blocked`);
    // The phones each order counts for (contact and shipping), so the projection can count later status events.
    await queryRunner.query(`
      CREATE TABLE phone_risk_orders (
        order_id  text PRIMARY KEY,
        phones    text[] NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS phone_risk, phone_risk_orders`);
    await queryRunner.query(
      `DROP INDEX IF EXISTS order_details_open_cod_phone_idx, order_details_open_cod_shipping_phone_idx, order_details_pending_idx`,
    );
    await queryRunner.query(`
      ALTER TABLE settings DROP COLUMN cod_open_orders_per_phone, DROP COLUMN checkout_limit_per_ip_hour,
        DROP COLUMN max_units_per_line, DROP COLUMN max_units_per_order, DROP COLUMN pending_order_expiry_hours`);
  }
}
