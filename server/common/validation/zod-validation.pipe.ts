import type { z } from 'zod';
import { FieldErrors, ValidationFailedError } from '../errors/domain-error';
import { UNSTORABLE_TEXT_MESSAGE, unstorableTextPaths } from './unstorable-text';

/**
 * Parses a body or query with a zod schema; a failure becomes a 422 with the messages per field, in the
 * shape the storefront reads (`errors.field[0]`). Also refuses text PostgreSQL cannot store (see
 * unstorable-text.ts) anywhere in the value, before the schema runs.
 */
export function parseOrThrow<TSchema extends z.ZodType>(schema: TSchema, value: unknown): z.output<TSchema> {
  refuseUnstorableText(value);
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw new ValidationFailedError(fieldErrors(result.error));
}

export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** The fields (of a body, query or parameter) holding text PostgreSQL cannot store, or undefined. */
export function unstorableTextErrors(value: unknown): FieldErrors | undefined {
  const paths = unstorableTextPaths(value);
  return paths.length === 0 ? undefined : Object.fromEntries(paths.map((path) => [path, [UNSTORABLE_TEXT_MESSAGE]]));
}

function refuseUnstorableText(value: unknown): void {
  const errors = unstorableTextErrors(value);
  if (errors) throw new ValidationFailedError(errors);
}
