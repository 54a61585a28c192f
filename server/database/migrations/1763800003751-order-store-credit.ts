import { MigrationInterface, QueryRunner } from 'typeorm';

/** ADR 062: the store credit an order spent at checkout, on its tracking row (its grand total is what is left to pay). */
export class OrderStoreCredit1763800003751 implements MigrationInterface {
  name = 'OrderStoreCredit1763800003751';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE order_details ADD COLUMN IF NOT EXISTS store_credit_paisa integer NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE order_details DROP COLUMN IF EXISTS store_credit_paisa`);
  }
}
