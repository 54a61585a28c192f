import { DataSource } from 'typeorm';
import { ConcurrencyError } from '../../server/event-store/concurrency-error';
import { EventStore } from '../../server/event-store/event-store';
import type { EventMetadata } from '../../server/event-store/event-store.types';
import { fold } from '../../server/event-store/command-path/decider';
import { skuDecider } from '../../server/inventory/domain/sku';
import { skuLedger, skuStateOf } from '../../server/inventory/domain/sku-ledger';
import type { SkuEvent } from '../../server/inventory/domain/sku.events';
import { skuStreamId } from '../../server/inventory/domain/sku-stream';
import type { CouponCreated } from '../../server/promotions/domain/coupon.events';
import { couponStreamId } from '../../server/promotions/domain/coupon-stream';

/**
 * Direct access to a running store's database for black-box tests and the checkout bench: set a SKU's stock,
 * create a coupon, read what the streams say. Never used by the application itself.
 */
export interface StoreFixture {
  dataSource: DataSource;
  eventStore: EventStore;
  close(): Promise<void>;
}

const FIXTURE_METADATA: EventMetadata = { correlationId: 'fixture', causationId: null, actor: { id: 'fixture', role: 'system', name: 'test fixture' } };

export async function openStoreFixture(databaseUrl: string): Promise<StoreFixture> {
  const dataSource = new DataSource({ type: 'postgres', url: databaseUrl, extra: { max: 4 } });
  await dataSource.initialize();
  return { dataSource, eventStore: new EventStore(dataSource), close: () => dataSource.destroy() };
}

export interface FixtureProduct {
  id: number;
  name: string;
  slug: string;
  pricePaisa: number;
  sizes: string[];
}

/** Products of the seeded catalog with their sizes, in id order. */
export async function catalogProducts(fixture: StoreFixture): Promise<FixtureProduct[]> {
  const rows: Array<{ id: number; name: string; slug: string; price_paisa: number; sizes: string[] }> = await fixture.dataSource.query(
    `SELECT p.id, p.name, p.slug, p.price_paisa, array_agg(z.value ORDER BY z.id) AS sizes
       FROM products p JOIN product_sizes ps ON ps.product_id = p.id JOIN sizes z ON z.id = ps.size_id
      GROUP BY p.id ORDER BY p.id`,
  );
  return rows.map((row) => ({ id: row.id, name: row.name, slug: row.slug, pricePaisa: row.price_paisa, sizes: row.sizes }));
}

export async function deliveryCharges(fixture: StoreFixture): Promise<{ insidePaisa: number; outsidePaisa: number }> {
  const [row] = await fixture.dataSource.query(
    'SELECT devliery_charge_inside_dhk_paisa AS inside, devliery_charge_outside_dhk_paisa AS outside FROM settings WHERE id = 1',
  );
  return { insidePaisa: row.inside, outsidePaisa: row.outside };
}

/**
 * A SKU stream's events as stored, without opening sealed fields (a release's reason is sealed under its
 * order's key, ADR 053; the fixture holds no key and the quantities are in the clear).
 */
async function skuEvents(fixture: StoreFixture, streamId: string): Promise<SkuEvent[]> {
  const rows: Array<{ type: string; data: Record<string, unknown> }> = await fixture.dataSource.query(
    'SELECT type, data FROM events WHERE stream_id = $1 ORDER BY stream_position',
    [streamId],
  );
  return rows.map(({ type, data: { _sealed: _box, ...data } }) => ({ type, data }) as SkuEvent);
}

/** What the SKU's stream says is available (the write side's truth, not a read model). */
export async function availableStock(fixture: StoreFixture, productId: number, size: string): Promise<number> {
  return fold(skuLedger, await skuEvents(fixture, skuStreamId(productId, size))).available;
}

/** Receives or adjusts stock so that exactly `units` are available. */
export async function setAvailableStock(fixture: StoreFixture, productId: number, size: string, units: number): Promise<void> {
  const streamId = skuStreamId(productId, size);
  for (;;) {
    const events = await skuEvents(fixture, streamId);
    const state = skuStateOf(fold(skuLedger, events));
    const delta = units - state.available;
    if (delta === 0) return;
    const decided =
      events.length === 0
        ? skuDecider.decide({ type: 'ReceiveStock', data: { productId, size, quantity: delta } }, state)
        : skuDecider.decide({ type: 'AdjustStock', data: { productId, size, delta, reason: 'test fixture' } }, state);
    try {
      await fixture.eventStore.append(streamId, events.length, decided, FIXTURE_METADATA);
      return;
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
    }
  }
}

export async function createCoupon(fixture: StoreFixture, data: CouponCreated['data']): Promise<void> {
  await fixture.eventStore.append(couponStreamId(data.code), 'no-stream', [{ type: 'CouponCreated', data }], FIXTURE_METADATA);
}
