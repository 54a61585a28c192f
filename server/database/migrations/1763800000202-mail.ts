import { MigrationInterface, QueryRunner } from 'typeorm';
import { createDeliveryDueIndexSql, createDeliveryTableSql } from './delivery-table';

/**
 * Mail delivery bookkeeping. `mail_deliveries` has one row per mail-worthy event (keyed by the event id, as
 * the BullMQ job is): it is the "never twice" record and, without Redis, the in-process queue itself.
 * `mail_envelopes` holds the raw token of a reset or verification mail encrypted (AES-256-GCM) until the
 * mail is sent, then the row is deleted (see docs/decisions/021-mail-token-envelopes.md).
 */
export class Mail1763800000202 implements MigrationInterface {
  name = 'Mail1763800000202';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(createDeliveryTableSql('mail_deliveries'));
    await queryRunner.query(createDeliveryDueIndexSql('mail_deliveries'));
    await queryRunner.query(`
      CREATE TABLE mail_envelopes (
        event_id    uuid PRIMARY KEY,
        ciphertext  bytea NOT NULL,
        expires_at  timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS mail_envelopes, mail_deliveries`);
  }
}
