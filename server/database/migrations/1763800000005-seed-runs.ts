import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Remembers that a seed finished, so starting the server again does not bring back demo rows that staff
 * deleted. Written last by the seed: a run that stopped half way is completed by the next one.
 */
export class SeedRuns1763800000005 implements MigrationInterface {
  name = 'SeedRuns1763800000005';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE seed_runs (
        name          text PRIMARY KEY,
        completed_at  timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS seed_runs`);
  }
}
