import { ChildProcess, spawn } from 'node:child_process';
import { createServer, Server, Socket, connect } from 'node:net';
import IORedis from 'ioredis';
import { findFreePort } from '../../server/config/embedded-postgres';
import { commandRuns } from './installed';

/**
 * A Redis the fault suites can take away and bring back: a private `redis-server` (from PATH) on a free
 * port, which `stop()` kills (SIGKILL, as a crash) and `start()` starts again empty on the same port; or,
 * without the binary (or with QUEUE_TESTS_USE_REDIS_URL=true), REDIS_URL reached through a TCP relay whose
 * `stop()` cuts every connection and refuses new ones. Neither: `provideRedis` throws, so the suite FAILS.
 */
export interface TestRedis {
  url: string;
  /** How Redis is provided: 'private redis-server' or 'relay to REDIS_URL'. */
  kind: string;
  /** Redis becomes unreachable. */
  stop(): Promise<void>;
  /** Redis is reachable again at the same URL. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function provideRedis(): Promise<TestRedis> {
  if (hasRedisServerBinary() && process.env.QUEUE_TESTS_USE_REDIS_URL !== 'true') return privateRedisServer();
  if (process.env.REDIS_URL) return relayedRedis(process.env.REDIS_URL);
  throw new Error(
    'These tests need Redis and found none: no `redis-server` on PATH and no REDIS_URL. Set REDIS_URL (for ' +
      'example redis://127.0.0.1:6379) or install redis-server (Debian: apt-get install redis-server). They are not skipped.',
  );
}

export function hasRedisServerBinary(): boolean {
  return commandRuns('redis-server', ['--version']);
}

async function privateRedisServer(): Promise<TestRedis> {
  const port = await findFreePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const client = new IORedis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined);
    for (let tries = 0; ; tries += 1) {
      try {
        await client.connect();
        await client.ping();
        client.disconnect();
        return;
      } catch {
        if (tries > 100) throw new Error(`redis-server on port ${port} did not start`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, kind: 'private redis-server', start, stop, close: stop };
}

/** A TCP relay to an external Redis: closing it (and its connections) is the outage. */
async function relayedRedis(target: string): Promise<TestRedis> {
  const upstream = new URL(target);
  const port = await findFreePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const start = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const remote = connect(Number(upstream.port || 6379), upstream.hostname);
        for (const socket of [client, remote]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(remote).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (server) server.close(() => resolve());
      else resolve();
      server = undefined;
    });
  await start();
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return { url: url.toString(), kind: 'relay to REDIS_URL', start, stop, close: stop };
}

/**
 * A key's whole value as text, whatever its Redis type, so that suites proving a secret never reaches Redis
 * (a reset token, a phone code) search every key the same way; a type it does not read gives ''.
 */
export async function redisValueAsText(client: IORedis, key: string): Promise<string> {
  const type = await client.type(key);
  return type === 'hash' ? JSON.stringify(await client.hgetall(key))
    : type === 'string' ? String(await client.get(key))
    : type === 'list' ? JSON.stringify(await client.lrange(key, 0, -1))
    : type === 'zset' ? JSON.stringify(await client.zrange(key, 0, -1))
    : type === 'set' ? JSON.stringify(await client.smembers(key))
    : type === 'stream' ? JSON.stringify(await client.xrange(key, '-', '+'))
    : '';
}
