import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff invitations and sessions that outlive a tab (issue 31, ADR 066).
 * - `account_tokens` may hold a `staff-invitation` token (the set-password link of an invited member).
 * - `users.awaiting_password`: an invited member who has not set a password yet. Backfilled from the log: a
 *   member added by an admin whose account never saw a password set.
 * - `account_sessions`: one row per signed-in session, the state behind the refresh cookie. Only SHA-256
 *   hashes of the cookie's secret are kept: the current one and, for a minute after a rotation, the one before
 *   (two tabs refreshing at once). `pwd_at` is the account's password time when the session began: a password
 *   change or reset ends every session that began before it.
 */
export class StaffInvitationsAndSessions1763800004101 implements MigrationInterface {
  name = 'StaffInvitationsAndSessions1763800004101';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE account_tokens DROP CONSTRAINT IF EXISTS account_tokens_purpose_check`);
    await queryRunner.query(
      `ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check CHECK (purpose IN ('password-reset', 'email-verification', 'staff-invitation'))`,
    );
    await queryRunner.query(`ALTER TABLE users ADD COLUMN awaiting_password boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`
      UPDATE users u SET awaiting_password = true
       WHERE u.role IN ('care', 'admin') AND u.password_changed_at = u.created_at
         AND EXISTS (SELECT 1 FROM events e WHERE e.stream_id = 'user-' || u.id AND e.type = 'StaffMemberAdded')
         AND NOT EXISTS (SELECT 1 FROM events e WHERE e.stream_id = 'user-' || u.id AND e.type IN ('PasswordResetCompleted', 'PasswordChanged'))`);
    await queryRunner.query(`
      CREATE TABLE account_sessions (
        id             uuid PRIMARY KEY,
        user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash     bytea NOT NULL UNIQUE,
        previous_hash  bytea NULL UNIQUE,
        rotated_at     timestamptz NULL,
        pwd_at         timestamptz NOT NULL,
        created_at     timestamptz NOT NULL,
        last_used_at   timestamptz NOT NULL,
        expires_at     timestamptz NOT NULL,
        ends_at        timestamptz NOT NULL,
        revoked_at     timestamptz NULL,
        revoked_reason text NULL
      )`);
    await queryRunner.query(`CREATE INDEX account_sessions_open_idx ON account_sessions (user_id) WHERE revoked_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS account_sessions`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN IF EXISTS awaiting_password`);
    await queryRunner.query(`DELETE FROM account_tokens WHERE purpose = 'staff-invitation'`);
    await queryRunner.query(`ALTER TABLE account_tokens DROP CONSTRAINT IF EXISTS account_tokens_purpose_check`);
    await queryRunner.query(`ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check CHECK (purpose IN ('password-reset', 'email-verification'))`);
  }
}
