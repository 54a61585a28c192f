import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Returns and size exchanges (issue 35, ADR 062). `returns`: one row per request (the `returns` projection: the
 * shopper's page, care's list, the order's steps). `return_stats` and `return_units_sold`: the dashboard's
 * counts (the `return-stats` projection): requests by product, size, reason and kind, and units ordered by
 * product and size, the return rate's denominator.
 */
export class Returns1763800003701 implements MigrationInterface {
  name = 'Returns1763800003701';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE returns (
        return_id text PRIMARY KEY,
        order_id text NOT NULL,
        product_id integer NOT NULL,
        product_name text NOT NULL,
        size text NOT NULL,
        unit integer NOT NULL,
        kind text NOT NULL,
        reason text NOT NULL,
        new_size text,
        stage text NOT NULL,
        refusal text,
        called boolean NOT NULL DEFAULT false,
        pickup_charge_paisa integer NOT NULL,
        price_difference_paisa integer NOT NULL,
        refund_amount_paisa integer NOT NULL,
        refund_method text,
        refunded_paisa integer NOT NULL DEFAULT 0,
        exchange_order_id text,
        exchange_created boolean NOT NULL DEFAULT false,
        pickup_tracking_code text,
        received_as text,
        requested_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        steps jsonb NOT NULL DEFAULT '[]'::jsonb,
        version integer NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX returns_order ON returns (order_id)');
    await queryRunner.query('CREATE INDEX returns_requested ON returns (requested_at DESC)');
    await queryRunner.query(`
      CREATE TABLE return_stats (
        product_id integer NOT NULL,
        size text NOT NULL,
        reason text NOT NULL,
        kind text NOT NULL,
        requests integer NOT NULL,
        PRIMARY KEY (product_id, size, reason, kind)
      )`);
    await queryRunner.query(`
      CREATE TABLE return_units_sold (
        product_id integer NOT NULL,
        size text NOT NULL,
        name text NOT NULL,
        sold integer NOT NULL,
        PRIMARY KEY (product_id, size)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE IF EXISTS return_units_sold');
    await queryRunner.query('DROP TABLE IF EXISTS return_stats');
    await queryRunner.query('DROP TABLE IF EXISTS returns');
  }
}
