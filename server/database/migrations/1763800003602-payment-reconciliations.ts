import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `payment_reconciliations` (issue 34, ADR 061): each day's reconciliation of completed payments against the
 * order log, as the `PaymentsReconciled` event of its `payment-reconciliation-<day>` stream left it; written by
 * the payments context's `payment-reconciliations` projection, read by the admin route and the console.
 */
export class PaymentReconciliations1763800003602 implements MigrationInterface {
  name = 'PaymentReconciliations1763800003602';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE payment_reconciliations (
        day date PRIMARY KEY,
        ran_at timestamptz NOT NULL,
        checked jsonb NOT NULL,
        findings jsonb NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE IF EXISTS payment_reconciliations');
  }
}
