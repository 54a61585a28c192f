import 'reflect-metadata';
import { Logger, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { InvalidEnvironmentError, parseEnv } from './config/env';
import { prepareRuntime } from './config/runtime';

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/**
 * `npm run worker`: the background work without the HTTP server: the mail subscription and worker (BullMQ
 * on REDIS_URL, or the PostgreSQL-backed in-process queue) and the projection runner. Run as many as you
 * like beside the API processes; per-event and per-projection locks keep the work done once. Start the server
 * first (it runs the migrations); set MAIL_WORKER=off / PROJECTIONS=off on API processes to leave the work here.
 */
async function main(): Promise<void> {
  const logger = new Logger('Worker');
  const env = parseEnv();
  if (!env.DATABASE_URL) {
    // The embedded PostgreSQL belongs to the server process (one data folder, one postmaster).
    throw new InvalidEnvironmentError([
      'DATABASE_URL: the separate worker needs the server\'s PostgreSQL; without DATABASE_URL the server runs mail and projections itself',
    ]);
  }
  const runtime = await prepareRuntime(env, (message) => logger.log(message));
  const app = await NestFactory.createApplicationContext(AppModule.forRoot({ ...runtime.config, runProjections: true, runMailWorker: true }), {
    logger: LOG_LEVELS.slice(0, LOG_LEVELS.indexOf(runtime.config.logLevel) + 1),
    abortOnError: false,
  });
  app.enableShutdownHooks();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received, finishing work in flight`);
    const timer = setTimeout(() => process.exit(1), 15_000).unref();
    try {
      await app.close();
      await runtime.stop();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  logger.log(`Worker running: mail (${runtime.config.redisUrl ? 'BullMQ on REDIS_URL' : 'in-process queue'}) and projections`);
}

main().catch((error: unknown) => {
  if (error instanceof InvalidEnvironmentError) process.stderr.write(`${error.message}\n`);
  else process.stderr.write(`The worker could not start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
