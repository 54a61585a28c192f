import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A phone on an account counts only once a code has proven it (issue 27, ADR 057). Any number of accounts may
 * have typed the same number; at most one holds it proven. The old constraint made the first to type a
 * number its owner and answered every later claim with "taken", which told anyone which numbers had accounts.
 */
export class ProvenPhones1763800002501 implements MigrationInterface {
  name = 'ProvenPhones1763800002501';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE users DROP CONSTRAINT IF EXISTS users_phone_number_key');
    await queryRunner.query('CREATE UNIQUE INDEX users_proven_phone_key ON users (phone_number) WHERE phone_verified_at IS NOT NULL');
    await queryRunner.query('CREATE INDEX users_phone_number_idx ON users (phone_number) WHERE phone_number IS NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX IF EXISTS users_phone_number_idx');
    await queryRunner.query('DROP INDEX IF EXISTS users_proven_phone_key');
    await queryRunner.query('ALTER TABLE users ADD CONSTRAINT users_phone_number_key UNIQUE (phone_number)');
  }
}
