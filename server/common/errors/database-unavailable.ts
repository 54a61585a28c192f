/**
 * Whether an error means "PostgreSQL cannot be reached right now" (stopped, restarting, the connection cut,
 * no connection to be had in time) rather than "this statement failed". Those are answered 503 with
 * Retry-After and reported once per outage; the request may simply be sent again.
 *
 * Looks through TypeORM's `QueryFailedError.driverError`, `cause` and `AggregateError.errors` (Node reports a
 * refused connection to every address of a host as one AggregateError).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return someCause(error, (candidate) => {
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    const message = typeof candidate.message === 'string' ? candidate.message : '';
    return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
  });
}

/** Node's socket errors on the way to the server. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
]);

/**
 * SQLSTATEs of a server going away or not taking sessions: admin_shutdown (a fast or smart stop),
 * crash_shutdown, cannot_connect_now (starting up, shutting down, in recovery), too_many_connections, and
 * the connection exceptions of class 08 that mean "no connection" — not 08P01 (protocol violation), which
 * is a bug in the request and would be retried for ever.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);

/**
 * pg and pg-pool say these without a code. TypeORM releases a query runner whose connection broke, so the
 * next statement of that transaction fails with "Query runner already released" (or, through the data
 * source, "Database connection provided by a query runner was already released").
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /is not queryable/i,
  /^Client has encountered a connection error/i,
  /^Query runner already released/i,
  // TypeORM's QueryRunnerProviderAlreadyReleasedError: a transaction's statement after its connection broke.
  /query runner was already released/i,
];

type ErrorLike = { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown };

function someCause(error: unknown, test: (candidate: ErrorLike) => boolean, depth = 0): boolean {
  if (depth > 4 || typeof error !== 'object' || error === null) return false;
  const candidate = error as ErrorLike;
  if (test(candidate)) return true;
  if (someCause(candidate.driverError, test, depth + 1) || someCause(candidate.cause, test, depth + 1)) return true;
  return Array.isArray(candidate.errors) && candidate.errors.some((inner) => someCause(inner, test, depth + 1));
}
