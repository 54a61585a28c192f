import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app';
import { InvalidEnvironmentError, parseEnv } from './config/env';
import { prepareRuntime } from './config/runtime';

async function main(): Promise<void> {
  const logger = new Logger('Store');
  const env = parseEnv();
  const runtime = await prepareRuntime(env, (message) => logger.log(message));
  let app: Awaited<ReturnType<typeof createApp>> | undefined;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received, shutting down`);
    const timer = setTimeout(() => process.exit(1), 15_000).unref();
    try {
      await app?.close();
      await runtime.stop();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    app = await createApp(runtime.config);
    await app.listen(runtime.config.port, runtime.config.host);
  } catch (error) {
    await runtime.stop();
    throw error;
  }
  const shown = runtime.config.host === '0.0.0.0' ? 'localhost' : runtime.config.host;
  logger.log(`Store is open at http://${shown}:${runtime.config.port} (API at /api)`);
}

main().catch((error: unknown) => {
  if (error instanceof InvalidEnvironmentError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`The store could not start: ${error instanceof Error ? error.stack : String(error)}\n`);
  }
  process.exit(1);
});
