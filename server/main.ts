import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createApp } from './app';
import { parseEnv } from './config/env';
import { runProcess, stopGracefullyOnSignals } from './config/process-lifecycle';
import { prepareRuntime, type Runtime } from './config/runtime';
import { createRootLogger } from './observability/logging/log-options';
import { notSetUpMessage, readFirstRunStatus } from './operations/first-run/first-run-status';

async function main(): Promise<void> {
  const env = parseEnv();
  const logger = createRootLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT, name: 'store' });
  let runtime: Runtime | undefined;
  let app: INestApplication | undefined;

  stopGracefullyOnSignals(logger, () => ({
    app,
    timeoutMs: env.SHUTDOWN_TIMEOUT * 1000,
    drainDelayMs: env.SHUTDOWN_DRAIN_DELAY * 1000,
    stopRuntime: async () => runtime?.stop(),
  }));

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
  // A store without settings refuses every order with "The shop is not set up yet": say so where the owner looks.
  const notSetUp = notSetUpMessage(await readFirstRunStatus(app.get(DataSource)).catch(() => ({ ready: true, steps: [] })), runtime.config.appOrigins[0] ?? `http://${shown}:${runtime.config.port}`);
  if (notSetUp) logger.warn(notSetUp);
}

runProcess('store', main);
