import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27: a draw publishes an entry per token in place of the token (which named its order), and commits to
 * the key those entries derive from with the seed. `entries_commitment` is that commitment, as the offer page
 * shows it; null for draws committed before.
 */
export class LuckyDrawEntries1763800002201 implements MigrationInterface {
  name = 'LuckyDrawEntries1763800002201';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE lucky_draw_offers ADD COLUMN entries_commitment text NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE lucky_draw_offers DROP COLUMN IF EXISTS entries_commitment');
  }
}
