import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What accounts need beside `users`: the stream version the users row mirrors (commands append with it as
 * the expected version), one-time tokens for reset and verification (only their SHA-256 is stored) and the
 * rate-limit counters shared by every server process.
 */
export class AccountSecurity1763800000201 implements MigrationInterface {
  name = 'AccountSecurity1763800000201';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN stream_version integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`CREATE INDEX users_referred_by_idx ON users (referred_by) WHERE referred_by IS NOT NULL`);
    await queryRunner.query(`
      CREATE TABLE account_tokens (
        id          uuid PRIMARY KEY,
        user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        purpose     text NOT NULL CHECK (purpose IN ('password-reset', 'email-verification')),
        token_hash  bytea NOT NULL UNIQUE,
        email       text NOT NULL,
        expires_at  timestamptz NOT NULL,
        used_at     timestamptz NULL,
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX account_tokens_open_idx ON account_tokens (user_id, purpose) WHERE used_at IS NULL`,
    );
    // Sliding-window counters: one row per limit key with the current and the previous window's count.
    await queryRunner.query(`
      CREATE TABLE rate_limit_hits (
        key           text PRIMARY KEY,
        window_start  timestamptz NOT NULL,
        hits          integer NOT NULL,
        prev_hits     integer NOT NULL DEFAULT 0
      )`);
    await queryRunner.query(`CREATE INDEX rate_limit_hits_window_idx ON rate_limit_hits (window_start)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS rate_limit_hits, account_tokens`);
    await queryRunner.query(`DROP INDEX IF EXISTS users_referred_by_idx`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN IF EXISTS stream_version`);
  }
}
