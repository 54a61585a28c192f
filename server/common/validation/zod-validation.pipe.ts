import { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { FieldErrors, ValidationFailedError } from '../errors/domain-error';

/**
 * Parses a body or query with a zod schema; a failure becomes a 422 with the messages per field, in the
 * shape the storefront reads (`errors.field[0]`).
 */
export class ZodValidationPipe<TSchema extends z.ZodType> implements PipeTransform<unknown, z.output<TSchema>> {
  constructor(private readonly schema: TSchema) {}

  transform(value: unknown): z.output<TSchema> {
    return parseOrThrow(this.schema, value);
  }
}

export function parseOrThrow<TSchema extends z.ZodType>(schema: TSchema, value: unknown): z.output<TSchema> {
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
