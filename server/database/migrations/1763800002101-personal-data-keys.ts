import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The per-person keys that personal fields in events are sealed with (ADR 053). `key_id` is what events carry:
 * `account:<user id>`, or `phone:<HMAC of the phone>` for a guest, never the phone itself. `wrapped_key` is the
 * person's AES-256 key sealed under the store's master key (PERSONAL_DATA_KEY); erasing the person sets it to
 * NULL and `erased_at`, after which nothing can read their fields again.
 */
export class PersonalDataKeys1763800002101 implements MigrationInterface {
  name = 'PersonalDataKeys1763800002101';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE personal_data_keys (
        key_id       text PRIMARY KEY,
        wrapped_key  bytea NULL,
        created_at   timestamptz NOT NULL DEFAULT now(),
        erased_at    timestamptz NULL,
        CHECK ((wrapped_key IS NULL) = (erased_at IS NOT NULL))
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE IF EXISTS personal_data_keys');
  }
}
