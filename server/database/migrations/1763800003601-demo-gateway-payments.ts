import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `demo_gateway_payments` (issue 34, ADR 061): the demo payment gateway's own book of payments, kept in
 * PostgreSQL so a payment created by one API process can be approved, executed, queried and refunded through
 * another. It stands in for bKash's side of the payment, not for the store's state: the store's facts stay the
 * order's payment events. Nothing reads it but the demo gateway; no projection writes it.
 */
export class DemoGatewayPayments1763800003601 implements MigrationInterface {
  name = 'DemoGatewayPayments1763800003601';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE demo_gateway_payments (
        payment_id text PRIMARY KEY,
        order_id text NOT NULL,
        amount_paisa integer NOT NULL,
        callback_url text NOT NULL,
        choice text NULL,
        executed boolean NOT NULL DEFAULT false,
        trx_id text NULL UNIQUE,
        refunded_paisa integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE IF EXISTS demo_gateway_payments');
  }
}
