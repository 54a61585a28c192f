import type { z } from 'zod';
import { issue, ValidationFailedError, type FieldIssues } from '../errors/domain-error';
import { issueOfRuleMessage } from './rule-message';
import { unstorableTextPaths } from './unstorable-text';

/**
 * Parses a body or query with a zod schema; a failure becomes a 422 with the problems per field, in the
 * shape the storefront reads (`errors.field[0]`, its code in `fields.field[0]`). Also refuses text PostgreSQL
 * cannot store (see unstorable-text.ts) anywhere in the value, before the schema runs.
 */
export function parseOrThrow<TSchema extends z.ZodType>(schema: TSchema, value: unknown): z.output<TSchema> {
  refuseUnstorableText(value);
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw new ValidationFailedError(fieldIssues(result.error));
}

/** A zod error's issues by field (`a.b.0`, or `body` for the whole value), each with the code its rule names. */
export function fieldIssues(error: z.ZodError): FieldIssues {
  const issues: FieldIssues = {};
  for (const zodIssue of error.issues) {
    const field = zodIssue.path.length > 0 ? zodIssue.path.map(String).join('.') : 'body';
    (issues[field] ??= []).push(issueOfRuleMessage(zodIssue.message));
  }
  return issues;
}

/** The fields (of a body, query or parameter) holding text PostgreSQL cannot store, or undefined. */
export function unstorableTextIssues(value: unknown): FieldIssues | undefined {
  const paths = unstorableTextPaths(value);
  return paths.length === 0 ? undefined : Object.fromEntries(paths.map((path) => [path, [issue('unstorable-text')]]));
}

function refuseUnstorableText(value: unknown): void {
  const issues = unstorableTextIssues(value);
  if (issues) throw new ValidationFailedError(issues);
}
