import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalog becomes event-sourced (docs/decisions/040): its tables are now the `catalog` projection's,
 * swapped whole by a rebuild, so foreign keys between them go (the write side checks references). Adds
 * `catalog_products` (every product with its draft/published status and stream version, for the console),
 * id sequences for new products, categories and brands, `users.disabled_at`, and records the rows an
 * existing store already has as events, so a rebuild gives back what was there.
 */
export class CatalogEvents1763800000301 implements MigrationInterface {
  name = 'CatalogEvents1763800000301';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE categories DROP CONSTRAINT IF EXISTS categories_parent_id_fkey`);
    await queryRunner.query(`ALTER TABLE products DROP CONSTRAINT IF EXISTS products_category_id_fkey`);
    await queryRunner.query(`ALTER TABLE product_sizes DROP CONSTRAINT IF EXISTS product_sizes_product_id_fkey`);
    await queryRunner.query(`ALTER TABLE product_sizes DROP CONSTRAINT IF EXISTS product_sizes_size_id_fkey`);
    // Ids now come from the events (allocated from the sequences below), and a rebuild's copy must not share
    // a serial's sequence with the table it replaces (dropping the old table would take the sequence along).
    for (const table of ['categories', 'products', 'posts', 'brands']) {
      await queryRunner.query(`ALTER TABLE ${table} ALTER COLUMN id DROP DEFAULT`);
      await queryRunner.query(`DROP SEQUENCE IF EXISTS ${table}_id_seq`);
    }
    await queryRunner.query(`
      CREATE TABLE catalog_products (
        id               integer PRIMARY KEY,
        slug             text NOT NULL,
        sku              text NOT NULL,
        name             text NOT NULL,
        fullname         text NOT NULL,
        category_id      integer NOT NULL,
        price_paisa      integer NOT NULL,
        old_price_paisa  integer NULL,
        description_html text NOT NULL DEFAULT '',
        badge            text NULL,
        sizes            text[] NOT NULL,
        images           jsonb NOT NULL DEFAULT '[]'::jsonb,
        published        boolean NOT NULL DEFAULT false,
        version          integer NOT NULL,
        created_at       timestamptz NOT NULL,
        updated_at       timestamptz NOT NULL,
        updated_by       text NULL
      )`);
    await queryRunner.query(`CREATE INDEX catalog_products_newest_idx ON catalog_products (created_at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX catalog_products_slug_idx ON catalog_products (slug)`);
    await queryRunner.query(`CREATE INDEX catalog_products_sku_idx ON catalog_products (sku)`);
    for (const [sequence, table] of [
      ['catalog_product_ids', 'products'],
      ['catalog_category_ids', 'categories'],
      ['catalog_brand_ids', 'brands'],
    ]) {
      const [{ next }] = await queryRunner.query(`SELECT coalesce(max(id), 0) + 1 AS next FROM ${table}`);
      await queryRunner.query(`CREATE SEQUENCE ${sequence} START WITH ${Number(next)}`);
    }
    await queryRunner.query(`ALTER TABLE users ADD COLUMN disabled_at timestamptz NULL`);
    await recordExistingRows(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN IF EXISTS disabled_at`);
    await queryRunner.query(`DROP SEQUENCE IF EXISTS catalog_product_ids, catalog_category_ids, catalog_brand_ids`);
    await queryRunner.query(`DROP TABLE IF EXISTS catalog_products`);
  }
}

const METADATA = `jsonb_build_object('correlationId', gen_random_uuid()::text, 'causationId', null,
  'actor', jsonb_build_object('id', 'migration', 'role', 'system', 'name', 'catalog recorded as events'))`;

/** A store that ran before this migration: its state-stored rows become the first events of their streams. */
async function recordExistingRows(queryRunner: QueryRunner): Promise<void> {
  const insert = (select: string) =>
    queryRunner.query(`INSERT INTO events (event_id, stream_id, stream_position, type, data, metadata) ${select}`);
  await insert(`
    SELECT gen_random_uuid(), 'category-' || id, 1, 'CategoryCreated',
           jsonb_build_object('categoryId', id, 'name', name, 'slug', slug, 'parentId', parent_id, 'position', position), ${METADATA}
      FROM categories ORDER BY parent_id NULLS FIRST, id`);
  await insert(`
    SELECT gen_random_uuid(), 'product-' || p.id, 1, 'ProductCreated',
           jsonb_build_object('productId', p.id, 'slug', p.slug, 'sku', p.sku, 'name', p.name, 'fullname', p.fullname,
             'categoryId', p.category_id, 'descriptionHtml', p.description_html, 'badge', p.badge,
             'pricePaisa', p.price_paisa, 'oldPricePaisa', p.old_price_paisa,
             'sizes', coalesce((SELECT jsonb_agg(z.value ORDER BY z.id) FROM product_sizes ps JOIN sizes z ON z.id = ps.size_id
                                 WHERE ps.product_id = p.id), '[]'::jsonb),
             'images', p.images, 'createdAt', to_jsonb(p.created_at)), ${METADATA}
      FROM products p ORDER BY p.id`);
  await insert(`
    SELECT gen_random_uuid(), 'product-' || id, 2, 'ProductPublished', jsonb_build_object('productId', id), ${METADATA}
      FROM products ORDER BY id`);
  await insert(`
    SELECT gen_random_uuid(), 'settings', 1, 'SettingsChanged',
           jsonb_build_object('settings', to_jsonb(s) - 'id' - 'updated_at', 'changed', '[]'::jsonb), ${METADATA}
      FROM settings s`);
  await insert(`
    SELECT gen_random_uuid(), 'post-' || CASE category_id WHEN 1 THEN 'about' WHEN 2 THEN 'terms' WHEN 4 THEN 'privacy' ELSE 'return' END,
           1, 'PostChanged',
           jsonb_build_object('slug', CASE category_id WHEN 1 THEN 'about' WHEN 2 THEN 'terms' WHEN 4 THEN 'privacy' ELSE 'return' END,
             'categoryId', category_id, 'name', name, 'html', description_full), ${METADATA}
      FROM posts WHERE category_id IN (1, 2, 4, 5)`);
  await insert(`
    SELECT gen_random_uuid(), 'brand-' || id, 1, 'BrandSaved',
           jsonb_build_object('brandId', id, 'name', name, 'description', description, 'status', status,
             'createdAt', to_jsonb(created_at)), ${METADATA}
      FROM brands ORDER BY id`);
  await recordExistingNames(queryRunner);
}

/**
 * The unique names the existing rows hold (product slugs and SKUs, category slugs) become reservations owned
 * by their rows, as the seed and the console record them: a new product named like an old one then gets a
 * free slug instead of one the shop's tables refuse. A name whose reservation stream exists already is kept.
 */
export async function recordExistingNames(queryRunner: { query(sql: string): Promise<unknown> }): Promise<void> {
  for (const [kind, table, column] of [
    ['product-slug', 'products', 'slug'],
    ['product-sku', 'products', 'sku'],
    ['category-slug', 'categories', 'slug'],
  ]) {
    await queryRunner.query(`
      INSERT INTO events (event_id, stream_id, stream_position, type, data, metadata)
      SELECT gen_random_uuid(), stream_id, 1, 'NameReserved', jsonb_build_object('kind', '${kind}', 'value', value, 'ownerId', id), ${METADATA}
        FROM (SELECT DISTINCT ON (lower(${column})) '${kind}-' || lower(${column}) AS stream_id, ${column} AS value, id
                FROM ${table} ORDER BY lower(${column}), id) AS names
       WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.stream_id = names.stream_id)
       ORDER BY id`);
  }
}
