import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { ProjectionRegistry } from '../../server/event-store/projection-registry';
import { ProjectionRunner } from '../../server/event-store/projection-runner';
import { hashTable } from '../../server/event-store/table-hash';
import type { TestServer } from '../support/test-server';
import { useServerWithDb } from '../support/api-store';

/**
 * Operators rebuild read models while shoppers keep ordering. Afterwards every read model must hold exactly
 * what a rebuild from scratch on a quiet store gives, and every order a shopper was told about must be in it.
 */
describe('rebuilding every projection while orders are being placed', () => {
  const store = useServerWithDb();
  let server: TestServer, db: Client;
  beforeAll(() => void ({ server, db } = store));

  const hashes = async () => {
    const dataSource = server.app.get(DataSource);
    const result: Record<string, string> = {};
    for (const projection of server.app.get(ProjectionRegistry).list()) {
      for (const table of projection.tables) result[`${projection.name}/${table}`] = await hashTable(dataSource.manager, table);
    }
    return result;
  };

  it('leaves each read model equal to one rebuilt from scratch, with every accepted order in it', async () => {
    const { rows: skus } = await db.query(
      `SELECT p.id, p.name, p.slug, p.price_paisa, st.size FROM sku_stock st JOIN products p ON p.id = st.product_id
        WHERE st.available >= 10 ORDER BY p.id, st.size LIMIT 12`,
    );
    expect(skus.length).toBeGreaterThan(5);
    const accepted: string[] = [];
    let failures = 0;
    let stop = false;
    const shopper = async (index: number) => {
      for (let n = 0; !stop; n += 1) {
        const sku = skus[(index + n) % skus.length];
        const response = await fetch(`${server.baseUrl}/api/public/confirm-order`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': `rebuild-${index}-${n}` },
          body: JSON.stringify({
            cart: [{ id: sku.id, name: sku.name, slug: sku.slug, size: sku.size, qty: 1, price: sku.price_paisa / 100 }],
            coupon: null,
            couponoffer: null,
            data: {
              name: `Shopper ${index}`, email: '', phone: `0171100${String(1000 + index).slice(-4)}`, address: 'Road 5, Banani, Dhaka',
              shipping_phone: `0171100${String(1000 + index).slice(-4)}`, devliery_charge: 70, paymentMethod: 'cash',
            },
          }),
        });
        const body = (await response.json()) as { order_id?: string };
        if (response.status === 201 && body.order_id) accepted.push(body.order_id);
        else if (response.status >= 500) failures += 1;
      }
    };
    const shoppers = Array.from({ length: 6 }, (_, index) => shopper(index));
    const runner = server.app.get(ProjectionRunner);
    // The rebuild starts once orders are coming in (a few each from the shoppers' first turns).
    for (const deadline = Date.now() + 30_000; accepted.length < shoppers.length && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 20));
    const acceptedBefore = accepted.length;
    const rebuilt = await runner.rebuildAll();
    const acceptedDuring = accepted.length - acceptedBefore;
    stop = true;
    await Promise.all(shoppers);

    expect(failures).toBe(0);
    expect(acceptedDuring).toBeGreaterThan(0);
    expect(rebuilt.map((result) => result.projection).sort()).toEqual(server.app.get(ProjectionRegistry).list().map((p) => p.name).sort());

    await runner.waitUntilCaughtUp();
    const live = await hashes();
    const { rows } = await db.query('SELECT order_id FROM order_details WHERE order_id = ANY($1::text[])', [accepted]);
    expect(rows).toHaveLength(accepted.length);

    await runner.rebuildAll();
    expect(await hashes()).toEqual(live);
  }, 120_000);
});
