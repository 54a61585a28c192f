import { MigrationInterface, QueryRunner } from 'typeorm';

/** Customers and staff. Passwords are scrypt hashes (see server/accounts/password-hasher.ts). */
export class Accounts1763800000004 implements MigrationInterface {
  name = 'Accounts1763800000004';

  async up(queryRunner: QueryRunner): Promise<void> {
    // E-mail is stored lower-cased (enforced by the check) instead of citext: one less extension, and the
    // plain unique index serves the login lookup `WHERE email = lower($1)`.
    await queryRunner.query(`
      CREATE TABLE users (
        id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name                 text NOT NULL,
        email                text NOT NULL UNIQUE CHECK (email = lower(email)),
        phone_number         text NULL UNIQUE,
        password_hash        text NOT NULL,
        role                 text NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'care', 'admin')),
        email_verified_at    timestamptz NULL,
        password_changed_at  timestamptz NOT NULL DEFAULT now(),
        invite_code          text NULL UNIQUE,
        referred_by          uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        created_at           timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS users`);
  }
}
