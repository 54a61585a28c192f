import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../server/config/embedded-postgres';

export interface BenchDatabase {
  url: string;
  serverVersion: string;
  dispose(): Promise<void>;
}

/** A throw-away database on DATABASE_URL's server, or on an embedded PostgreSQL under .data/bench-pg. */
export async function freshDatabase(prefix: string): Promise<BenchDatabase> {
  const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir: '.data/bench-pg', database: 'postgres' });
  const adminUrl = process.env.DATABASE_URL ?? embedded!.adminUrl;
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  const [{ server_version: serverVersion }] = (await admin.query('SHOW server_version')).rows;
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    serverVersion: `${serverVersion}${embedded ? ' (embedded)' : ''}`,
    async dispose() {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
      await embedded?.stop();
    },
  };
}
