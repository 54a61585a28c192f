import { DataSource } from 'typeorm';
import { ProjectionRegistry } from '../../server/event-store/projection-registry';
import { ProjectionRunner } from '../../server/event-store/projection-runner';
import { hashTable } from '../../server/event-store/table-hash';
import { apiCaller, type Json } from '../support/api-caller';
import { useTestServer } from '../support/test-server';

/**
 * The catalog is a projection of product, category, settings, post and brand events. Rebuilding it while
 * shoppers browse and an admin edits prices must never show shoppers an empty or broken shop, and must leave
 * every catalog table equal to a rebuild from scratch on a quiet store.
 */
describe('rebuilding the catalog projection during shop traffic and admin edits', () => {
  const server = useTestServer();
  const { call, signInEveryRole } = apiCaller(() => server.baseUrl);

  const hashes = async () => {
    const dataSource = server.app.get(DataSource);
    const projection = server.app.get(ProjectionRegistry).get('catalog');
    const result: Record<string, string> = {};
    for (const table of projection.tables) result[table] = await hashTable(dataSource.manager, table);
    return result;
  };

  it('keeps the shop answering with products and ends hash-equal to a from-scratch rebuild', async () => {
    const { admin } = await signInEveryRole();
    const categories = (await call('GET', '/api/admin/categories', admin)).body.data as Json[];
    const child = categories.find((category) => category.parent_id !== null)!;
    const products: Json[] = [];
    for (let n = 0; n < 3; n += 1) {
      products.push((await call('POST', '/api/admin/products', admin, { name: `Rebuild Tee ${n}`, category_id: child.id, price: 500 + n, sizes: ['M'], publish: true, ...(n === 0 && { name_bn: 'পুনর্গঠন টি-শার্ট', description_bn: '<p>নতুন কাপড়</p>' }) })).body);
    }

    let stop = false;
    const problems: string[] = [];
    let shopCalls = 0;
    const shopper = async () => {
      while (!stop) {
        const page = await call('GET', '/api/public/getProductsByShop?page=1');
        shopCalls += 1;
        if (page.status !== 200 || page.body.data.length !== 20) problems.push(`shop answered ${page.status} with ${page.body?.data?.length} products`);
        const settings = await call('GET', '/api/public/settingRow');
        if (settings.status !== 200) problems.push(`settings answered ${settings.status}`);
      }
    };
    let edits = 0;
    const editor = async () => {
      for (let n = 0; !stop; n += 1) {
        const product = products[n % products.length];
        const changed = await call('PATCH', `/api/admin/products/${product.id}`, admin, { price: 600 + n });
        if (changed.status !== 200) problems.push(`price change answered ${changed.status}`);
        else edits += 1;
      }
    };
    const traffic = [shopper(), shopper(), editor()];
    const runner = server.app.get(ProjectionRunner);
    // The rebuild starts once the shop is being read and the console is editing.
    for (const deadline = Date.now() + 30_000; (shopCalls === 0 || edits === 0) && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 20));
    const result = await runner.rebuild('catalog');
    stop = true;
    await Promise.all(traffic);

    expect(problems).toEqual([]);
    expect(result.processed).toBeGreaterThan(100);
    expect(shopCalls).toBeGreaterThan(0);
    expect(edits).toBeGreaterThan(0);

    await runner.waitUntilCaughtUp();
    const live = await hashes();
    await runner.rebuild('catalog');
    expect(await hashes()).toEqual(live);
    const last = (await call('GET', `/api/admin/products/${products[0].id}`, admin)).body;
    const shown = await call('GET', `/api/public/productRow?slug=${last.slug}`);
    expect(JSON.stringify(shown.body)).toContain(`${last.price}`);
  }, 120_000);
});
