import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mail delivery bookkeeping. `mail_deliveries` has one row per mail-worthy event (keyed by the event id, as
 * the BullMQ job is): it is the "never twice" record and, without Redis, the in-process queue itself.
 * `mail_envelopes` holds the raw token of a reset or verification mail encrypted (AES-256-GCM) until the
 * mail is sent, then the row is deleted (see docs/decisions/021-mail-token-envelopes.md).
 */
export class Mail1763800000202 implements MigrationInterface {
  name = 'Mail1763800000202';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE mail_deliveries (
        event_id         uuid PRIMARY KEY,
        event_type       text NOT NULL,
        status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'failed', 'sent', 'skipped', 'dead')),
        attempts         integer NOT NULL DEFAULT 0,
        next_attempt_at  timestamptz NOT NULL DEFAULT now(),
        last_error       text NULL,
        recipient        text NULL,
        sent_at          timestamptz NULL,
        created_at       timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX mail_deliveries_due_idx ON mail_deliveries (next_attempt_at) WHERE status IN ('pending', 'failed')`,
    );
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
