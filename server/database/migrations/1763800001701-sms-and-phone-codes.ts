import { MigrationInterface, QueryRunner } from 'typeorm';
import { createDeliveryDueIndexSql, createDeliveryTableSql } from './delivery-table';

/**
 * SMS (issue 17): `sms_deliveries` is the SMS channel's record, shaped like `mail_deliveries` (one row per
 * SMS-worthy event, the "never twice" check and, without Redis, the queue itself). `phone_codes` holds one-time
 * phone codes as HMAC-SHA256 under a key derived from the server secret, never the code: who asked (purpose,
 * account), until when, how many wrong tries, when used. `users.phone_verified_at`: when the account's phone
 * was last proven by a code (cleared when the phone changes without one). `settings.checkout_phone_verification`:
 * whether checkouts must prove their phone (off | risky | always).
 */
export class SmsAndPhoneCodes1763800001701 implements MigrationInterface {
  name = 'SmsAndPhoneCodes1763800001701';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(createDeliveryTableSql('sms_deliveries', ['source_event_id  uuid NULL', 'part             text NULL']));
    await queryRunner.query(createDeliveryDueIndexSql('sms_deliveries'));
    await queryRunner.query(`
      CREATE TABLE phone_codes (
        id          uuid PRIMARY KEY,
        phone       text NOT NULL,
        purpose     text NOT NULL CHECK (purpose IN ('account-phone', 'recovery', 'checkout')),
        user_id     uuid NULL,
        code_hash   bytea NOT NULL,
        expires_at  timestamptz NOT NULL,
        attempts    integer NOT NULL DEFAULT 0,
        used_at     timestamptz NULL,
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX phone_codes_open_idx ON phone_codes (phone, purpose, created_at DESC)`);
    await queryRunner.query(`ALTER TABLE users ADD COLUMN phone_verified_at timestamptz NULL`);
    // Whether a checkout must prove its phone with a code: never, only phones with a bad record, always.
    await queryRunner.query(
      `ALTER TABLE settings ADD COLUMN checkout_phone_verification text NOT NULL DEFAULT 'off' CHECK (checkout_phone_verification IN ('off', 'risky', 'always'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE settings DROP COLUMN IF EXISTS checkout_phone_verification`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN IF EXISTS phone_verified_at`);
    await queryRunner.query(`DROP TABLE IF EXISTS phone_codes, sms_deliveries`);
  }
}
