import type { DataSource } from 'typeorm';
import { useEventStoreFixture } from '../../../test/support/event-store-fixtures';
import type { AppConfig } from '../../config/app-config';
import { CatalogLookup } from './catalog-lookup';

const OPEN_ORDERS = 3_000;

/** Order rows as the order-tracking writer leaves them (only the columns the count reads vary), in one statement. */
async function insertOrders(dataSource: DataSource, rows: Array<{ id: string; phone: string; shippingPhone: string; status: string; payment: string }>): Promise<void> {
  await dataSource.query(
    `INSERT INTO order_details (order_id, order_type, status, customer_name, phone, address, shipping_phone, payment_method, placed_at, updated_at, version)
     SELECT o.id, 1, o.status, 'Buyer', o.phone, 'Road 7, Dhaka', o.shipping_phone, o.payment, now(), now(), 1
       FROM jsonb_to_recordset($1::jsonb) AS o(id text, phone text, shipping_phone text, status text, payment text)`,
    [JSON.stringify(rows.map((row) => ({ id: row.id, phone: row.phone, shipping_phone: row.shippingPhone, status: row.status, payment: row.payment })))],
  );
}

/**
 * The checkout's one read per batch (catalog, limits, each phone's open COD orders, blocks) against a store
 * whose `order_details` was never analysed, as after a fresh start with autovacuum not yet round (and in
 * every benchmark): the open-COD count must probe an index per phone, not scan every open COD order.
 */
describe('CatalogLookup: open COD orders per phone', () => {
  let dataSource: DataSource;
  useEventStoreFixture('catalog_lookup', 'all', (fixture) => (dataSource = fixture.dataSource));

  beforeAll(async () => {
    await dataSource.query(
      `INSERT INTO settings (id, name, devliery_charge_paisa, devliery_charge_inside_dhk_paisa, devliery_charge_outside_dhk_paisa) VALUES (1, 'Test', 7000, 7000, 13000)
       ON CONFLICT (id) DO NOTHING`,
    );
    // Many shoppers with one open COD order each, and the phones under test.
    await insertOrders(
      dataSource,
      Array.from({ length: OPEN_ORDERS }, (_, n) => ({ id: `O${n}`, phone: `017${String(n).padStart(8, '0')}`, shippingPhone: `017${String(n).padStart(8, '0')}`, status: 'pending', payment: 'cash' })),
    );
    await insertOrders(dataSource, [
      // 01911111111: contact on two open COD orders, shipping phone on a third and on one of the two (counted once).
      { id: 'A1', phone: '01911111111', shippingPhone: '01911111111', status: 'pending', payment: 'cash' },
      { id: 'A2', phone: '01911111111', shippingPhone: '01822222222', status: 'confirmed', payment: 'cash' },
      { id: 'A3', phone: '01533333333', shippingPhone: '01911111111', status: 'pending', payment: 'cash' },
      // A bKash order care has not verified: unpaid, counted (issue 27).
      { id: 'A5', phone: '01911111111', shippingPhone: '01911111111', status: 'pending', payment: 'bkash' },
      // Not open, or paid: not counted.
      { id: 'A4', phone: '01911111111', shippingPhone: '01911111111', status: 'delivered', payment: 'cash' },
      { id: 'A6', phone: '01911111111', shippingPhone: '01911111111', status: 'expired', payment: 'cash' },
      { id: 'A7', phone: '01911111111', shippingPhone: '01911111111', status: 'confirmed', payment: 'bkash' },
      { id: 'A8', phone: '01911111111', shippingPhone: '01911111111', status: 'cancelled', payment: 'bkash' },
    ]);
    await dataSource.query(`UPDATE order_details SET bkash_verified = true WHERE order_id = 'A7'`);
  });

  const lookup = () => new CatalogLookup(dataSource, { checkoutOverrides: {} } as unknown as AppConfig);

  it('counts each phone’s open unpaid orders (cash, and bKash not verified), as contact or shipping phone, each order once', async () => {
    const catalog = await lookup().forProducts([], ['01911111111', '01822222222', '01533333333', '01700000000']);
    expect(Object.fromEntries(catalog.phones.openOrders)).toEqual({ '01911111111': 4, '01822222222': 1, '01533333333': 1, '01700000000': 1 });
    expect(Object.fromEntries(catalog.phones.unverifiedBkash)).toEqual({ '01911111111': 1 });
    expect(catalog.phones.openOrders.has('01644444444')).toBe(false);
  });

  it('counts the units of each address’s pending orders placed since the given time, not confirmed or paid ones', async () => {
    const since = new Date(Date.now() - 60 * 60 * 1000);
    await insertOrders(dataSource, [
      { id: 'H1', phone: '01300000001', shippingPhone: '01300000001', status: 'pending', payment: 'cash' },
      { id: 'H2', phone: '01300000002', shippingPhone: '01300000002', status: 'pending', payment: 'bkash' },
      { id: 'H3', phone: '01300000003', shippingPhone: '01300000003', status: 'confirmed', payment: 'cash' },
      { id: 'H4', phone: '01300000004', shippingPhone: '01300000004', status: 'pending', payment: 'cash' },
      { id: 'H5', phone: '01300000005', shippingPhone: '01300000005', status: 'pending', payment: 'bkash' },
    ]);
    await dataSource.query(`UPDATE order_details SET bkash_verified = true WHERE order_id = 'H5'`);
    const recent = new Date(Date.now() - 10 * 60 * 1000);
    await dataSource.query(
      `INSERT INTO checkout_holds (order_id, address, units, placed_at) VALUES
         ('H1', '198.51.100.7', 5, $1), ('H2', '198.51.100.7', 7, $1), ('H3', '198.51.100.7', 11, $1), ('H5', '198.51.100.7', 13, $1),
         ('H4', '198.51.100.7', 17, $2), ('A1', '198.51.100.8', 2, $1)`,
      [recent, new Date(since.getTime() - 1000)],
    );
    const catalog = await lookup().forProducts([], [], ['198.51.100.7', '198.51.100.9'], since);
    expect(Object.fromEntries(catalog.addressHolds)).toEqual({
      '198.51.100.7': expect.arrayContaining([
        { units: 5, placedAt: recent },
        { units: 7, placedAt: recent },
      ]),
    });
    expect(catalog.addressHolds.get('198.51.100.7')).toHaveLength(2);
  });

  it('reads a batch’s phones through index probes, whatever the number of open COD orders in the store', async () => {
    // The lookup's own statement, run again under EXPLAIN ANALYZE.
    const statements: Array<{ sql: string; parameters: unknown[] }> = [];
    const spy = { query: (sql: string, parameters: unknown[]) => (statements.push({ sql, parameters }), dataSource.query(sql, parameters)) } as unknown as DataSource;
    const phones = Array.from({ length: 64 }, (_, n) => `018${String(n).padStart(8, '0')}`);
    // And a batch's client addresses, one of them with holds: each hold probes its order by primary key.
    const addresses = ['198.51.100.7', ...Array.from({ length: 63 }, (_, n) => `192.0.2.${n}`)];
    await new CatalogLookup(spy, { checkoutOverrides: {} } as unknown as AppConfig).forProducts([], phones, addresses, new Date(Date.now() - 60 * 60 * 1000));
    const [{ sql, parameters }] = statements;
    const [{ 'QUERY PLAN': plan }] = await dataSource.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, parameters);
    const scans: Array<{ relation: string; filtered: number }> = [];
    const visit = (node: Record<string, unknown>) => {
      if (node['Relation Name'] === 'order_details') {
        scans.push({ relation: String(node['Relation Name']), filtered: Number(node['Rows Removed by Filter'] ?? 0) + Number(node['Rows Removed by Index Recheck'] ?? 0) });
        expect(node['Node Type']).not.toBe('Seq Scan');
      }
      for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) visit(child);
    };
    visit(plan[0].Plan);
    expect(scans.length).toBeGreaterThan(0);
    // 64 phones with no order: an index probe each finds nothing and throws nothing away.
    for (const scan of scans) expect(scan.filtered).toBe(0);
  });
});
