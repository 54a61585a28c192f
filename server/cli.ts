import type { INestApplicationContext } from '@nestjs/common';
import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { InvalidEnvironmentError, parseEnv } from './config/env';
import { prepareRuntime } from './config/runtime';

/**
 * For a command-line tool beside main.ts (`npm run rebuild`, `npm run staff`): the store's application without
 * projections, the mail worker or the demo seed, closed with its runtime afterwards. With the embedded database
 * it attaches to the one the running store started.
 */
export async function withCliApplication<T>(use: (app: INestApplicationContext) => Promise<T>, options: { runProjections?: boolean } = {}): Promise<T> {
  const runtime = await prepareRuntime(parseEnv(), () => undefined);
  const app = await NestFactory.createApplicationContext(
    // `runProjections`: for a tool whose next step reads what its last one wrote (`npm run setup`); with other
    // processes running them too, the projections' locks keep each event applied once.
    AppModule.forRoot({ ...runtime.config, runProjections: options.runProjections ?? false, runMailWorker: false, seedDemo: false }),
    { logger: ['error', 'warn'], abortOnError: false },
  );
  try {
    return await use(app);
  } finally {
    await app.close();
    await runtime.stop();
  }
}

/** Runs a tool and exits with its code: an invalid environment is told in words, anything else with its stack. */
export function runCli(failure: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(error instanceof InvalidEnvironmentError ? `${error.message}\n` : `${failure}: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}

/**
 * A tool that works on one file named by `--<option> <file>` (`npm run backup -- --out f`, `npm run restore --
 * --in f`): without it the usage goes to stderr and the tool exits 2 (0 when --help asked for it); with it the
 * tool runs with the store's application and exits with the code it returns.
 */
export function runFileCli(option: string, usage: string, failure: string, use: (file: string, app: INestApplicationContext) => Promise<number>): void {
  runCli(failure, async () => {
    const { values } = parseArgs({ args: process.argv.slice(2), options: { [option]: { type: 'string' }, help: { type: 'boolean' } } });
    const file = values[option];
    if (values.help || typeof file !== 'string') {
      process.stderr.write(`${usage}\n`);
      return values.help ? 0 : 2;
    }
    return withCliApplication((app) => use(file, app));
  });
}
