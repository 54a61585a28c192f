import { QueryFailedError } from 'typeorm';

/** The constraint a failed insert or update broke with a unique violation, if that is what happened. */
export function uniqueViolation(error: unknown): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === '23505' ? driverError.constraint : undefined;
}
