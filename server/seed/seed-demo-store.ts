import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { PasswordHasher } from '../accounts/password-hasher';
import type { EventStore } from '../event-store/event-store';
import type { EventMetadata } from '../event-store/event-store.types';
import { seedStaffAccounts } from './demo-accounts';
import { seedDemoCoupon } from './demo-coupon';
import { demoProducts } from './demo-products';
import { seedDemoStock } from './demo-stock';
import { writeProductImages } from './product-images';
import { seedCatalog } from './seed-catalog';

export interface SeedDemoStoreOptions {
  dataSource: DataSource;
  eventStore: EventStore;
  /** Served at /uploads/; pictures go to `<uploadsDir>/products/`. */
  uploadsDir: string;
  log: (message: string) => void;
  now?: () => Date;
  /** Tests pass a cheaper hasher; the default uses the production parameters. */
  passwordHasher?: PasswordHasher;
}

export interface SeedDemoStoreResult {
  /** False when an earlier run had already completed: nothing was written but the pictures. */
  seeded: boolean;
  products: number;
  stockStreams: number;
}

const SEED_NAME = 'demo-store';

/**
 * Fills an empty store with the Tee Bazaar demo: catalog, settings, info pages, brands (as events), stock (as events),
 * a welcome coupon (as an event) and two staff accounts. Safe to call on every start: once a run has
 * completed it only rewrites the pictures, and every step skips what an interrupted run already wrote.
 */
export async function seedDemoStore(options: SeedDemoStoreOptions): Promise<SeedDemoStoreResult> {
  const { dataSource, eventStore, uploadsDir, log } = options;
  const started = Date.now();
  const products = demoProducts();
  await writeProductImages(uploadsDir, products);
  if (await completed(dataSource)) {
    log('demo store already seeded; pictures refreshed');
    return { seeded: false, products: 0, stockStreams: 0 };
  }

  const now = (options.now ?? (() => new Date()))();
  const metadata: EventMetadata = { correlationId: randomUUID(), causationId: null, actor: { id: 'seed', role: 'system', name: 'demo seed' } };
  const stored = await seedCatalog(eventStore, dataSource, products, now, metadata);
  const stockStreams = await seedDemoStock(eventStore, stored, metadata);
  const coupon = await seedDemoCoupon(eventStore, metadata, now);
  const staff = await seedStaffAccounts(dataSource.manager, options.passwordHasher);
  await dataSource.query(`INSERT INTO seed_runs (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, [SEED_NAME]);

  log(
    `demo store seeded in ${Date.now() - started} ms: ${stored.length} products, ${stockStreams} stock streams, ` +
      `${coupon ? 'coupon WELCOME10' : 'coupon already there'}, ${staff} staff account(s)`,
  );
  return { seeded: true, products: stored.length, stockStreams };
}

async function completed(dataSource: DataSource): Promise<boolean> {
  const rows: unknown[] = await dataSource.query(`SELECT 1 FROM seed_runs WHERE name = $1`, [SEED_NAME]);
  return rows.length > 0;
}
