import type { ErrorCode, ParamsArg } from '../../../contracts/errors';
import { ERROR_MESSAGES } from '../../../contracts/error-messages';
import type { FieldIssue } from '../errors/domain-error';

/**
 * A zod rule's message carries only text, so a rule that names its code carries the code (and its values)
 * in that text, marked; `issueOfRuleMessage` reads it back where the schema's issues become field problems.
 * The mark starts with NUL, which no message of ours (nor any request text, see unstorable-text.ts) contains.
 */
const MARK = '\u0000code:';

/** A rule's message by its code: `.max(100, says('name-too-long'))`, `{ error: says('field-not-text', { field: 'slug' }) }`. */
export function says<C extends ErrorCode>(code: C, ...params: ParamsArg<C>): string {
  return MARK + JSON.stringify(params[0] === undefined ? [code] : [code, params[0]]);
}

/** A problem built elsewhere (`issue(...)`, a policy's list) as a rule's message. */
export function saysIssue(problem: FieldIssue): string {
  return MARK + JSON.stringify(problem.params === undefined ? [problem.code] : [problem.code, problem.params]);
}

/**
 * The problem a zod issue's message stands for: the code a rule named with `says`, else `invalid-input` with
 * zod's own words (a rule that names no code of its own, such as a bare `.max(200)`).
 */
export function issueOfRuleMessage(message: string): FieldIssue {
  if (message.startsWith(MARK)) {
    const [code, params] = JSON.parse(message.slice(MARK.length)) as [string, Record<string, string | number> | undefined];
    if (Object.hasOwn(ERROR_MESSAGES, code)) return params ? { code: code as ErrorCode, params } : { code: code as ErrorCode };
  }
  return { code: 'invalid-input', params: { detail: message } };
}
