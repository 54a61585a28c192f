import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { createApp } from './app';
import { InvalidEnvironmentError, parseEnv } from './config/env';
import { prepareRuntime, type Runtime } from './config/runtime';
import { createRootLogger } from './observability/logging/log-options';
import { shutDownGracefully } from './observability/shutdown/graceful-shutdown';

async function main(): Promise<void> {
  const env = parseEnv();
  const logger = createRootLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT, name: 'store' });
  let runtime: Runtime | undefined;
  let app: INestApplication | undefined;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const code = await shutDownGracefully({
      app,
      logger,
      signal,
      timeoutMs: env.SHUTDOWN_TIMEOUT * 1000,
      drainDelayMs: env.SHUTDOWN_DRAIN_DELAY * 1000,
      stopRuntime: async () => runtime?.stop(),
    });
    logger.flush();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  runtime = await prepareRuntime(env, (message) => logger.info(message));
  try {
    app = await createApp(runtime.config, logger);
    await app.listen(runtime.config.port, runtime.config.host);
  } catch (error) {
    await runtime.stop();
    throw error;
  }
  const shown = runtime.config.host === '0.0.0.0' ? 'localhost' : runtime.config.host;
  logger.info(`Store is open at http://${shown}:${runtime.config.port} (API at /api)`);
}

main().catch((error: unknown) => {
  if (error instanceof InvalidEnvironmentError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`The store could not start: ${error instanceof Error ? error.stack : String(error)}\n`);
  }
  process.exit(1);
});
