import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Shop listing and search indexes. Product search by words: each product's name and full name as an array of folded words, indexed with
 * GIN, so a query word expanded to the catalog words it stands for (see catalog/search) is one index probe.
 * This replaces trigram word similarity, which missed one-letter typos in short words.
 */
export class ProductSearchWords1763800000006 implements MigrationInterface {
  name = 'ProductSearchWords1763800000006';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE products ADD COLUMN search_words text[] GENERATED ALWAYS AS (
        array_remove(regexp_split_to_array(lower(store_unaccent(name || ' ' || fullname)), '[^[:alnum:]]+'), '')
      ) STORED`);
    await queryRunner.query(`CREATE INDEX products_search_words_idx ON products USING gin (search_words)`);
    await queryRunner.query(`DROP INDEX IF EXISTS products_search_text_trgm_idx`);
    // The whole shop's grid is newest first: without this, every page sorted the full catalog.
    await queryRunner.query(`CREATE INDEX products_newest_idx ON products (created_at DESC, id DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS products_newest_idx`);
    await queryRunner.query(`CREATE INDEX products_search_text_trgm_idx ON products USING gin (search_text gin_trgm_ops)`);
    await queryRunner.query(`DROP INDEX IF EXISTS products_search_words_idx`);
    await queryRunner.query(`ALTER TABLE products DROP COLUMN search_words`);
  }
}
