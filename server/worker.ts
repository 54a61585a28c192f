import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger as NestPinoLogger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { ProjectionRunner } from './event-store/projection-runner';
import { InvalidEnvironmentError, parseEnv } from './config/env';
import { prepareRuntime } from './config/runtime';
import { createRootLogger } from './observability/logging/log-options';
import { shutDownGracefully } from './observability/shutdown/graceful-shutdown';

/**
 * `npm run worker`: the background work without the HTTP server: the mail subscription and worker (BullMQ
 * on REDIS_URL, or the PostgreSQL-backed in-process queue) and the projection runner. Run as many as you
 * like beside the API processes; per-event and per-projection locks keep the work done once. Start the server
 * first (it runs the migrations); set MAIL_WORKER=off / PROJECTIONS=off on API processes to leave the work here.
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

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const code = await shutDownGracefully({
      app,
      logger,
      signal,
      timeoutMs: env.SHUTDOWN_TIMEOUT * 1000,
      stopRuntime: () => runtime.stop(),
      // What this process applied of each projection: with several workers, the counts add up to each event once.
      beforeClose: async () => {
        const applied = Object.fromEntries((await app.get(ProjectionRunner).status()).map((status) => [status.name, status.eventsAppliedByThisProcess]));
        logger.info({ eventsAppliedByThisProcess: applied }, 'projections applied by this process');
      },
    });
    logger.flush();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  logger.info(`Worker running: mail (${runtime.config.redisUrl ? 'BullMQ on REDIS_URL' : 'in-process queue'}) and projections`);
}

main().catch((error: unknown) => {
  if (error instanceof InvalidEnvironmentError) process.stderr.write(`${error.message}\n`);
  else process.stderr.write(`The worker could not start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
