import type { EntityManager } from 'typeorm';
import { sanitizeDescriptionHtml } from '../catalog/description-html';
import { DEMO_CATEGORIES } from './demo-catalog';
import { DEMO_BRANDS, DEMO_POSTS, DEMO_SETTINGS } from './demo-content';
import type { DemoProduct } from './demo-products';

/**
 * Writes the state-stored part of the demo store in the caller's transaction. Every insert skips rows that
 * already exist (by slug, sku, post category, brand name), so a run that stopped half way can simply run
 * again. Returns the demo products with their database ids.
 */
export async function seedCatalog(manager: EntityManager, products: DemoProduct[], now: Date): Promise<Array<DemoProduct & { id: number }>> {
  // Two processes starting together both seed: serialise them, so the name checks below see the other's rows.
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('seed-demo-store'))`);
  const categoryIds = await seedCategories(manager);
  await seedProducts(manager, products, categoryIds, now);
  await seedSettings(manager);
  await seedPosts(manager);
  await seedBrands(manager);

  const rows: Array<{ id: number; slug: string }> = await manager.query(`SELECT id, slug FROM products WHERE slug = ANY($1::text[])`, [
    products.map((product) => product.slug),
  ]);
  const ids = new Map(rows.map((row) => [row.slug, row.id]));
  return products.filter((product) => ids.has(product.slug)).map((product) => ({ ...product, id: ids.get(product.slug)! }));
}

async function seedCategories(manager: EntityManager): Promise<Map<string, number>> {
  const insert = (rows: Array<{ name: string; slug: string; parentSlug: string | null; position: number }>) =>
    manager.query(
      `INSERT INTO categories (name, slug, parent_id, position)
       SELECT c.name, c.slug, parent.id, c.position
         FROM unnest($1::text[], $2::text[], $3::text[], $4::int[]) AS c(name, slug, parent_slug, position)
         LEFT JOIN categories parent ON parent.slug = c.parent_slug
       ON CONFLICT (slug) DO NOTHING`,
      [rows.map((r) => r.name), rows.map((r) => r.slug), rows.map((r) => r.parentSlug), rows.map((r) => r.position)],
    );
  // Parents first, so the children's insert can look their ids up by slug.
  await insert(DEMO_CATEGORIES.map((parent, index) => ({ name: parent.name, slug: parent.slug, parentSlug: null, position: index + 1 })));
  await insert(
    DEMO_CATEGORIES.flatMap((parent) =>
      parent.children.map((child, index) => ({ name: child.name, slug: child.slug, parentSlug: parent.slug, position: index + 1 })),
    ),
  );
  const rows: Array<{ id: number; slug: string }> = await manager.query(`SELECT id, slug FROM categories`);
  return new Map(rows.map((row) => [row.slug, row.id]));
}

async function seedProducts(manager: EntityManager, products: DemoProduct[], categoryIds: Map<string, number>, now: Date): Promise<void> {
  // One minute apart, in catalog order, so "newest first" lists are stable and start with the first product.
  const createdAt = (index: number) => new Date(now.getTime() - index * 60_000).toISOString();
  const inserted: Array<{ id: number; slug: string }> = await manager.query(
    `INSERT INTO products (slug, name, fullname, sku, price_paisa, old_price_paisa, description_html, category_id, badge,
                           thumbnail, images, created_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::text[], $8::int[],
                          $9::text[], $10::text[], $11::jsonb[], $12::timestamptz[])
     ON CONFLICT DO NOTHING
     RETURNING id, slug`,
    [
      products.map((p) => p.slug),
      products.map((p) => p.name),
      products.map((p) => p.fullname),
      products.map((p) => p.sku),
      products.map((p) => p.pricePaisa),
      products.map((p) => p.oldPricePaisa),
      products.map((p) => sanitizeDescriptionHtml(p.descriptionHtml)),
      products.map((p) => categoryIds.get(p.categorySlug)),
      products.map((p) => p.badge),
      products.map((p) => p.thumbnail),
      products.map((p) => JSON.stringify(p.images)),
      products.map((_, index) => createdAt(index)),
    ],
  );
  // Sizes only for products created now: a size a staff member removed from a demo product stays removed.
  const created = new Map(inserted.map((row) => [row.slug, row.id]));
  const pairs = products.filter((p) => created.has(p.slug)).flatMap((p) => p.sizes.map((size) => [created.get(p.slug)!, size] as const));
  if (pairs.length === 0) return;
  await manager.query(
    `INSERT INTO product_sizes (product_id, size_id)
     SELECT p.product_id, s.id FROM unnest($1::int[], $2::text[]) AS p(product_id, size) JOIN sizes s ON s.value = p.size
     ON CONFLICT DO NOTHING`,
    [pairs.map(([id]) => id), pairs.map(([, size]) => size)],
  );
}

async function seedSettings(manager: EntityManager): Promise<void> {
  const s = DEMO_SETTINGS;
  await manager.query(
    `INSERT INTO settings (id, name, description, fblink, email, whatsapp, address, currency, devliery_charge_paisa,
                           devliery_charge_inside_dhk_paisa, devliery_charge_outside_dhk_paisa, bkash_number)
     VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (id) DO NOTHING`,
    [s.name, s.description, s.fblink, s.email, s.whatsapp, s.address, s.currency, s.devlieryChargePaisa, s.devlieryChargeInsideDhkPaisa, s.devlieryChargeOutsideDhkPaisa, s.bkashNumber],
  );
}

async function seedPosts(manager: EntityManager): Promise<void> {
  await manager.query(
    `INSERT INTO posts (category_id, name, description_full)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[])
     ON CONFLICT (category_id) DO NOTHING`,
    [DEMO_POSTS.map((p) => p.categoryId), DEMO_POSTS.map((p) => p.name), DEMO_POSTS.map((p) => sanitizeDescriptionHtml(p.html))],
  );
}

async function seedBrands(manager: EntityManager): Promise<void> {
  // Brand names are not unique in the schema (staff may reuse one), so existence is checked by name here.
  await manager.query(
    `INSERT INTO brands (name, description, status)
     SELECT b.name, b.description, b.status
       FROM unnest($1::text[], $2::text[], $3::smallint[]) AS b(name, description, status)
      WHERE NOT EXISTS (SELECT 1 FROM brands existing WHERE existing.name = b.name)`,
    [DEMO_BRANDS.map((b) => b.name), DEMO_BRANDS.map((b) => b.description), DEMO_BRANDS.map((b) => b.status)],
  );
}
