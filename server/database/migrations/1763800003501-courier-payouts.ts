import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The cash coming back (issue 29): the `payouts` projection's tables. `payout_parcels`: one row per booked order
 * with what the rider should collect and where the parcel is (delivered when, returned or not).
 * `courier_payouts`: one row per payout a courier made (from its API, a webhook or an imported statement).
 * `payout_lines`: the parcels each payout pays for, with the cash collected, the delivery charge and the COD fee.
 */
export class CourierPayouts1763800003501 implements MigrationInterface {
  name = 'CourierPayouts1763800003501';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE payout_parcels (
        order_id text PRIMARY KEY,
        courier text,
        consignment_id text,
        due_paisa bigint,
        delivery_fee_paisa bigint,
        stage text,
        collected_paisa bigint,
        delivered_at timestamptz,
        returned boolean NOT NULL DEFAULT false,
        version integer NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX payout_parcels_consignment ON payout_parcels (courier, consignment_id)');
    await queryRunner.query(`
      CREATE TABLE courier_payouts (
        courier text NOT NULL,
        payout_id text NOT NULL,
        paid_at timestamptz NOT NULL,
        total_paisa bigint,
        source text NOT NULL,
        PRIMARY KEY (courier, payout_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE payout_lines (
        courier text NOT NULL,
        payout_id text NOT NULL,
        consignment_id text NOT NULL,
        order_id text,
        paid_at timestamptz NOT NULL,
        collected_paisa bigint NOT NULL,
        delivery_charge_paisa bigint NOT NULL,
        cod_fee_paisa bigint NOT NULL,
        PRIMARY KEY (courier, payout_id, consignment_id)
      )`);
    await queryRunner.query('CREATE INDEX payout_lines_order ON payout_lines (order_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE IF EXISTS payout_lines');
    await queryRunner.query('DROP TABLE IF EXISTS courier_payouts');
    await queryRunner.query('DROP TABLE IF EXISTS payout_parcels');
  }
}
