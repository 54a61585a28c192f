import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `order_payments` (issue 34): each order's payment through a gateway as its payment events leave it, written by
 * ordering's `order-payments` projection. Read by the expiry sweep (unpaid gateway orders), the daily
 * reconciliation and the check that a typed bKash trx id is not another order's.
 */
export class OrderPayments1763800003401 implements MigrationInterface {
  name = 'OrderPayments1763800003401';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE order_payments (
        order_id text PRIMARY KEY,
        gateway text NULL,
        payment_id text NULL,
        state text NOT NULL,
        trx_id text NULL,
        requested_paisa integer NOT NULL DEFAULT 0,
        paid_paisa integer NOT NULL DEFAULT 0,
        refunded_paisa integer NOT NULL DEFAULT 0,
        payment jsonb NULL,
        updated_at timestamptz NOT NULL,
        version integer NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX order_payments_trx_id ON order_payments (trx_id) WHERE trx_id IS NOT NULL');
    await queryRunner.query('CREATE INDEX order_payments_updated_at ON order_payments (updated_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE IF EXISTS order_payments');
  }
}
