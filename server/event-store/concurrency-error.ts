import { ConcurrentChangeError } from '../common/errors/domain-error';
import type { ExpectedVersion } from './event-store.types';

/**
 * A stream was not at the version the caller decided against. Nothing of the append was written; the
 * caller may re-read the stream, decide again and retry. Reaching a client, it is a 409 that says only
 * "changed at the same time, try again" (the stream, the versions are in `message` for the log).
 */
export class ConcurrencyError extends ConcurrentChangeError {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream ${streamId} is at version ${actual}, expected ${String(expected)}`);
  }
}

/** An event id was already recorded: the same append was retried after it had succeeded. */
export class DuplicateEventError extends ConcurrentChangeError {
  constructor(readonly detail: string) {
    super(`An event with this id is already recorded (${detail})`);
  }
}
