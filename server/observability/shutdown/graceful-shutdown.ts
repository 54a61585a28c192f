import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { ShutdownState } from './shutdown-state';

/**
 * SIGTERM, in order, within `timeoutMs` (ADR 050):
 * 1. draining: readiness answers 503 and every answer says `Connection: close`; for `drainDelayMs` the process
 *    still serves what comes, while a load balancer's health check takes it out of rotation;
 * 2. the listening socket closes: no new connection is accepted (a load balancer's connection is refused and
 *    it tries another server), idle keep-alive connections are closed;
 * 3. requests in flight finish — a checkout waits for its batch's commit — and their connections close;
 * 4. `app.close()`: projection runners and the mail worker stop after their current batch (releasing their
 *    advisory locks), Redis and PostgreSQL pools close;
 * 5. whatever started the process's own database stops.
 * If the bound passes first, the remaining connections are cut and the process exits with 1.
 */
export async function shutDownGracefully(options: {
  app: INestApplication | INestApplicationContext | undefined;
  logger: Logger;
  signal: string;
  timeoutMs: number;
  drainDelayMs?: number;
  stopRuntime: () => Promise<void>;
  /** Runs after requests have finished, before the application closes (the worker reports its counts). */
  beforeClose?: () => Promise<void>;
}): Promise<number> {
  const { app, logger, signal, timeoutMs } = options;
  const started = Date.now();
  const deadline = started + timeoutMs;
  logger.info({ signal, timeoutMs }, `${signal} received: finishing requests in flight, then stopping`);
  const hardStop = setTimeout(() => {
    logger.error(`shutdown did not finish within ${timeoutMs} ms; exiting anyway`);
    process.exit(1);
  }, timeoutMs + 500);
  hardStop.unref();

  let clean = true;
  try {
    if (app) {
      app.get(ShutdownState, { strict: false }).startDraining();
      const server = 'getHttpServer' in app ? (app.getHttpServer() as Server) : undefined;
      if (server?.listening) {
        const delay = Math.min(options.drainDelayMs ?? 0, timeoutMs / 2);
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        clean = await drainHttpServer(server, deadline - Math.min(3_000, timeoutMs / 3), logger);
      }
      await options.beforeClose?.().catch((error: unknown) => logger.warn({ err: error }, 'before-close step failed'));
      await app.close();
    }
    await options.stopRuntime();
  } catch (error) {
    clean = false;
    logger.error({ err: error }, 'shutdown failed');
  } finally {
    clearTimeout(hardStop);
  }
  logger.info({ ms: Date.now() - started }, clean ? 'stopped cleanly' : 'stopped, some work was cut short');
  return clean ? 0 : 1;
}

/** Stops accepting, lets requests in flight finish; true when every connection ended before `deadline`. */
export async function drainHttpServer(server: Server, deadline: number, logger: Logger): Promise<boolean> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  let done = false;
  void closed.then(() => (done = true));
  while (!done && Date.now() < deadline) {
    // A connection whose request has been answered is idle; close it now rather than wait for its keep-alive.
    server.closeIdleConnections();
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 50))]);
  }
  if (done) return true;
  logger.warn('requests still in flight at the shutdown bound; closing their connections');
  server.closeAllConnections();
  await closed;
  return false;
}
