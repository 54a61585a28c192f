import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger as NestPinoLogger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { ProjectionRunner } from './event-store/projection-runner';
import { InvalidEnvironmentError, parseEnv } from './config/env';
import { runProcess, stopGracefullyOnSignals } from './config/process-lifecycle';
import { prepareRuntime } from './config/runtime';
import { createRootLogger } from './observability/logging/log-options';
import { startWorkerEndpoint } from './observability/worker-endpoint';

/**
 * `npm run worker`: the background work without the HTTP server: the mail subscription and worker (BullMQ
 * on REDIS_URL, or the PostgreSQL-backed in-process queue) and the projection runner. Run as many as you
 * like beside the API processes; per-event and per-projection locks keep the work done once. Start them and the
 * API processes in any order: each applies pending migrations under one lock (or, with MIGRATIONS=wait, waits
 * for `npm run migrate`). Set MAIL_WORKER=off / PROJECTIONS=off on API processes to leave the work here. Health
 * and metrics: WORKER_HOST:WORKER_PORT (server/observability/worker-endpoint.ts).
 */
async function main(): Promise<void> {
  const env = parseEnv();
  const logger = createRootLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT, name: 'worker' });
  if (!env.DATABASE_URL) {
    // The embedded PostgreSQL belongs to the server process (one data folder, one postmaster).
    throw new InvalidEnvironmentError([
      'DATABASE_URL: the separate worker needs the server\'s PostgreSQL; without DATABASE_URL the server runs mail and projections itself',
    ]);
  }
  const runtime = await prepareRuntime(env, (message) => logger.info(message));
  const app = await NestFactory.createApplicationContext(AppModule.forRoot({ ...runtime.config, runProjections: true, runMailWorker: true }, logger), {
    abortOnError: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(NestPinoLogger));

  stopGracefullyOnSignals(logger, () => ({
    app,
    timeoutMs: env.SHUTDOWN_TIMEOUT * 1000,
    stopRuntime: () => runtime.stop(),
    // What this process applied of each projection: with several workers, the counts add up to each event once.
    beforeClose: async () => {
      const applied = Object.fromEntries((await app.get(ProjectionRunner).status()).map((status) => [status.name, status.eventsAppliedByThisProcess]));
      logger.info({ eventsAppliedByThisProcess: applied }, 'projections applied by this process');
    },
  }));
  if (env.WORKER_PORT > 0) {
    const endpoint = await startWorkerEndpoint(app, env.WORKER_HOST, env.WORKER_PORT);
    // Closed with the process: its sockets must not hold a stop back.
    endpoint.unref();
    logger.info(`Worker health and metrics on http://${env.WORKER_HOST}:${env.WORKER_PORT} (/health/live, /health/ready, /metrics)`);
  }
  logger.info(`Worker running: mail (${runtime.config.redisUrl ? 'BullMQ on REDIS_URL' : 'in-process queue'}) and projections`);
}

runProcess('worker', main);
