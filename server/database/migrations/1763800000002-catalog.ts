import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Catalog read tables: categories, sizes, products, settings, info posts, brands. These are state-stored
 * (edited by staff, not event-sourced); stock lives in the inventory event streams instead.
 */
export class Catalog1763800000002 implements MigrationInterface {
  name = 'Catalog1763800000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Both extensions are "trusted" since PostgreSQL 13, so a database owner may create them without superuser.
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    // unaccent() is only STABLE (its dictionary could change), so a generated column cannot call it; naming
    // the dictionary explicitly makes this wrapper safe to declare IMMUTABLE, the usual PostgreSQL idiom.
    await queryRunner.query(`
      CREATE FUNCTION store_unaccent(text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$`);

    await queryRunner.query(`
      CREATE TABLE categories (
        id          serial PRIMARY KEY,
        name        text NOT NULL,
        slug        text NOT NULL UNIQUE,
        parent_id   integer NULL REFERENCES categories (id) ON DELETE RESTRICT,
        position    integer NOT NULL DEFAULT 0,
        CHECK (parent_id IS NULL OR parent_id <> id)
      )`);
    await queryRunner.query(`CREATE INDEX categories_parent_idx ON categories (parent_id, position)`);

    // Reference data every store needs, not demo content: fixed ids so other tables and tests can rely on them.
    await queryRunner.query(`
      CREATE TABLE sizes (
        id     smallint PRIMARY KEY,
        value  text NOT NULL UNIQUE
      )`);
    await queryRunner.query(`INSERT INTO sizes (id, value) VALUES (1, 'S'), (2, 'M'), (3, 'L'), (4, 'XL'), (5, 'XXL')`);

    await queryRunner.query(`
      CREATE TABLE products (
        id               serial PRIMARY KEY,
        slug             text NOT NULL UNIQUE,
        name             text NOT NULL,
        fullname         text NOT NULL,
        sku              text NOT NULL UNIQUE,
        price_paisa      integer NOT NULL CHECK (price_paisa > 0),
        old_price_paisa  integer NULL,
        currency_symbol  text NULL,
        description_html text NOT NULL DEFAULT '',
        category_id      integer NOT NULL REFERENCES categories (id) ON DELETE RESTRICT,
        badge            text NULL,
        thumbnail        text NOT NULL,
        images           jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(images) = 'array'),
        created_at       timestamptz NOT NULL DEFAULT now(),
        search_text      text GENERATED ALWAYS AS (lower(store_unaccent(name || ' ' || fullname))) STORED,
        CHECK (old_price_paisa IS NULL OR old_price_paisa > price_paisa)
      )`);
    await queryRunner.query(`CREATE INDEX products_category_idx ON products (category_id, created_at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX products_search_text_trgm_idx ON products USING gin (search_text gin_trgm_ops)`);

    await queryRunner.query(`
      CREATE TABLE product_sizes (
        product_id  integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
        size_id     smallint NOT NULL REFERENCES sizes (id) ON DELETE RESTRICT,
        PRIMARY KEY (product_id, size_id)
      )`);

    // One row only (id is pinned to 1). Column names keep the specification's spelling (devliery) so the
    // settings DTO maps field for field; money is integer paisa.
    await queryRunner.query(`
      CREATE TABLE settings (
        id                                 smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        name                               text NOT NULL,
        description                        text NOT NULL DEFAULT '',
        fblink                             text NOT NULL DEFAULT '',
        email                              text NOT NULL DEFAULT '',
        whatsapp                           text NOT NULL DEFAULT '',
        address                            text NOT NULL DEFAULT '',
        currency                           text NOT NULL DEFAULT '৳',
        devliery_charge_paisa              integer NOT NULL CHECK (devliery_charge_paisa >= 0),
        devliery_charge_inside_dhk_paisa   integer NOT NULL CHECK (devliery_charge_inside_dhk_paisa >= 0),
        devliery_charge_outside_dhk_paisa  integer NOT NULL CHECK (devliery_charge_outside_dhk_paisa >= 0),
        bkash_number                       text NOT NULL DEFAULT '',
        updated_at                         timestamptz NOT NULL DEFAULT now()
      )`);

    // category_id is the specification's page key: 1 about, 2 terms, 4 privacy, 5 return.
    await queryRunner.query(`
      CREATE TABLE posts (
        id                serial PRIMARY KEY,
        category_id       integer NOT NULL UNIQUE,
        name              text NOT NULL,
        description_full  text NOT NULL DEFAULT '',
        updated_at        timestamptz NOT NULL DEFAULT now()
      )`);

    await queryRunner.query(`
      CREATE TABLE brands (
        id           serial PRIMARY KEY,
        name         text NOT NULL,
        description  text NOT NULL DEFAULT '',
        status       smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
        created_at   timestamptz NOT NULL DEFAULT now(),
        updated_at   timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS brands, posts, settings, product_sizes, products, sizes, categories`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS store_unaccent(text)`);
    // The extensions stay: other objects may depend on them by now.
  }
}
