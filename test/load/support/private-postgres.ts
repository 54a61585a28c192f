import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { EmbeddedPostgresOptions } from '../../../server/config/embedded-postgres';
import { ensureServerBuilt } from '../../support/store-process';

/** A PostgreSQL of the suite's own, which it may stop and start again on the same port and data. */
export interface PrivatePostgres {
  url: string;
  /** A fast shutdown (SIGINT to the postmaster): clients are cut off with 57P01. Resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * `startEmbeddedPostgres` from the built server, run in a small Node process of its own: the package's
 * platform binaries are an ES module, which Node loads but jest's module registry cannot. SIGTERM to that
 * process stops PostgreSQL. The data folder must be enterable by a 'postgres' user when the tests run as root.
 */
export async function startPrivatePostgres(options: Required<Pick<EmbeddedPostgresOptions, 'dataDir' | 'port' | 'database'>>): Promise<PrivatePostgres> {
  ensureServerBuilt();
  const module = resolve(__dirname, '../../../dist/server/config/embedded-postgres.js');
  const script = `
    const { startEmbeddedPostgres } = require(${JSON.stringify(module)});
    startEmbeddedPostgres(JSON.parse(process.argv[1])).then((handle) => {
      process.on('SIGTERM', () => handle.stop().then(() => process.exit(0), () => process.exit(1)));
      process.stdout.write(JSON.stringify({ url: handle.url }) + '\\n');
    }, (error) => {
      process.stderr.write(String((error && error.stack) || error));
      process.exit(1);
    });`;
  const child = spawn(process.execPath, ['-e', script, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolveUrl, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line) resolveUrl((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`the PostgreSQL launcher exited (${code}) before PostgreSQL was ready:\n${output}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolveStop) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolveStop();
        child.once('exit', () => resolveStop());
        child.kill('SIGTERM');
      }),
  };
}

