import { createServer } from 'node:http';
import { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { GetProductPageHandler, GetProductPageQuery } from '../../server/catalog/queries/get-product-page.query';
import { GetProductRowHandler, GetProductRowQuery } from '../../server/catalog/queries/get-product-row.query';
import { SearchProductsHandler, SearchProductsQuery } from '../../server/catalog/queries/search-products.query';
import { ReadModelCache } from '../../server/catalog/read-cache/read-model-cache';
import { ProductSearch } from '../../server/catalog/search/product-search';

/**
 * The bare baseline of `npm run bench:shop`: plain node:http and pg, running the very SQL of the store's
 * query handlers (they are called with a pool in place of TypeORM), with no framework, no validation, no
 * answer cache. Only the search vocabulary is kept in memory, as the store keeps it.
 */
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const database = { query: async (sql: string, parameters?: unknown[]) => (await pool.query(sql, parameters)).rows } as unknown as DataSource;
const search = new ProductSearch(database, new ReadModelCache());
const pages = new GetProductPageHandler(database, search);
const rows = new GetProductRowHandler(database);
const hits = new SearchProductsHandler(database, search);

async function answer(url: URL): Promise<unknown> {
  switch (url.pathname) {
    case '/api/public/getProductsByShop':
      return pages.execute(new GetProductPageQuery({ kind: 'shop' }, Number(url.searchParams.get('page') ?? 1), undefined));
    case '/api/public/search-products':
      return { data: await hits.execute(new SearchProductsQuery(url.searchParams.get('q') ?? '', null)) };
    case '/api/public/productRow':
      return { data: await rows.execute(new GetProductRowQuery(url.searchParams.get('slug') ?? '')) };
    default:
      return undefined;
  }
}

const server = createServer((request, response) => {
  answer(new URL(request.url ?? '/', 'http://baseline'))
    .then((body) => {
      response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body ?? { message: 'Not found.' }));
    })
    .catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ message: String(error) }));
    });
});

server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
