import type { Logger } from 'pino';
import { shutDownGracefully } from '../observability/shutdown/graceful-shutdown';
import { maskPhoneNumbers } from '../observability/logging/phone-mask';
import { InvalidEnvironmentError } from './env';

type ShutdownOptions = Omit<Parameters<typeof shutDownGracefully>[0], 'logger' | 'signal'>;

/**
 * What the server and the worker processes do on SIGINT and SIGTERM: shut down gracefully once (a second signal
 * while stopping is ignored), flush the log and exit with the shutdown's code. `options` is read when the
 * signal comes, so it sees the app once it has started.
 */
export function stopGracefullyOnSignals(logger: Logger, options: () => ShutdownOptions): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const code = await shutDownGracefully({ ...options(), logger, signal });
    logger.flush();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** Runs a process's start-up; a bad environment is said in one line, anything else with its stack, then exit 1. */
export function runProcess(what: string, main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    if (error instanceof InvalidEnvironmentError) process.stderr.write(`${error.message}\n`);
    // Not through the logger, so its phone masking is applied here: a failed start may quote a stored row.
    else process.stderr.write(maskPhoneNumbers(`The ${what} could not start: ${error instanceof Error ? error.stack : String(error)}\n`));
    process.exit(1);
  });
}
