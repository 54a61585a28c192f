import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 32 (ADR 065): the search's groups of synonyms as the owner set them (JSON text; empty = the store's
 * default groups), a settings column that `SettingsChanged` fills like every other.
 */
export class SearchSynonyms1763800004001 implements MigrationInterface {
  name = 'SearchSynonyms1763800004001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE settings ADD COLUMN IF NOT EXISTS search_synonyms text NOT NULL DEFAULT ''`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE settings DROP COLUMN IF EXISTS search_synonyms`);
  }
}
