/**
 * `npm run verify-draw -- <offer> [<token>:<entry key> ...]`: recomputes a lucky draw's winners from its
 * published data alone and says whether they match (exit 0) or not (exit 1); with a shopper's own tokens and
 * their entry keys (the offer page shows them), also that each is in the list. <offer> is one of:
 *   - an offer id (e.g. 7KQ2MX): read from the store's database (DATABASE_URL, or the embedded PostgreSQL of
 *     the running store in DATA_DIR), else from the running store's public API at STORE_URL (default
 *     http://127.0.0.1:<PORT or 3000>);
 *   - a URL of the offer's public data (https://shop.example.com/api/public/offers/7KQ2MX);
 *   - a JSON file of that data, as saved from the offer page's "published data" link.
 * The algorithm is the server's own (server/promotions/domain/draw-algorithm.ts); see docs/lucky-draw.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { folders } from './config/app-config';
import { parseEnv } from './config/env';
import { prepareRuntime } from './config/runtime';
import { ownEntryOf, publishedDrawOf, verifyDraw, type PublishedDraw } from './promotions/verify/verify-draw';

async function fromUrl(url: string): Promise<PublishedDraw | null> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body = (await response.json()) as { data?: unknown };
  // `/public/offers/current` answers `data: null` while no offer is running.
  if (body?.data === null) return null;
  return publishedDrawOf(body);
}

async function fromDatabase(databaseUrl: string, offerId: string): Promise<PublishedDraw | null> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT offer_id AS id, name, prizes, commitment, tokens_hash, tokens AS eligible_tokens, seed, winners FROM lucky_draw_offers WHERE offer_id = $1',
      [offerId],
    );
    if (rows.length === 0) return null;
    const row = rows[0];
    return {
      ...row,
      prizes: row.prizes.map((prize: { rank: number; label: string; winners: number; amountTaka: number }) => ({ ...prize, amount: prize.amountTaka })),
      winners: row.winners ?? [],
    };
  } finally {
    await client.end();
  }
}

async function load(argument: string): Promise<{ draw: PublishedDraw; source: string }> {
  if (/^https?:\/\//i.test(argument)) {
    const draw = await fromUrl(argument);
    if (!draw) throw new Error(`no offer at ${argument}`);
    return { draw, source: argument };
  }
  if (existsSync(argument)) return { draw: publishedDrawOf(JSON.parse(readFileSync(argument, 'utf8'))), source: argument };
  const offerId = argument.trim().toUpperCase();
  if (!/^[A-Z0-9]{1,40}$/.test(offerId)) throw new Error(`"${argument}" is neither an offer id, a URL nor a file`);
  const tried: string[] = [];
  const env = parseEnv();
  // The store's database: DATABASE_URL, or the embedded one only when the running store has it started.
  if (env.DATABASE_URL || existsSync(join(folders(env.DATA_DIR).dataDir, 'pg', 'postmaster.pid'))) {
    let draw: PublishedDraw | null = null;
    try {
      const runtime = await prepareRuntime(env, () => undefined);
      try {
        draw = await fromDatabase(runtime.config.databaseUrl, offerId);
      } finally {
        await runtime.stop();
      }
      if (!draw) tried.push('database: no such offer');
    } catch (error) {
      tried.push(`database: ${(error as Error).message}`);
    }
    if (draw) return { draw, source: "the store's database" };
  }
  const store = (process.env.STORE_URL ?? `http://127.0.0.1:${process.env.PORT || 3000}`).replace(/\/$/, '');
  const url = `${store}/api/public/offers/${encodeURIComponent(offerId)}`;
  let draw: PublishedDraw | null = null;
  try {
    draw = await fromUrl(url);
    if (!draw) tried.push(`${url}: no such offer`);
  } catch (error) {
    tried.push(`${url}: ${(error as Error).message}`);
  }
  if (draw) return { draw, source: url };
  throw new Error(`offer ${offerId} not found (${tried.join('; ')})`);
}

async function main(): Promise<number> {
  const argument = process.argv[2];
  if (!argument) {
    process.stderr.write('usage: npm run verify-draw -- <offer id | URL of the offer\'s public data | JSON file> [<your token>:<its entry key> ...]\n');
    return 2;
  }
  const own = process.argv.slice(3).map(ownEntryOf);
  const { draw, source } = await load(argument);
  const result = verifyDraw(draw, own);
  process.stdout.write(`Lucky draw ${draw.id ?? ''}${draw.name ? ` "${draw.name}"` : ''} (from ${source})\n`);
  for (const check of result.checks) process.stdout.write(`  ${check.ok ? 'OK  ' : 'FAIL'} ${check.name}: ${check.detail}\n`);
  process.stdout.write(result.ok ? 'The published winners match the draw recomputed from the published data.\n' : 'The published winners do NOT match.\n');
  return result.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    process.stderr.write(`verify-draw: ${error.message}\n`);
    process.exit(2);
  },
);
