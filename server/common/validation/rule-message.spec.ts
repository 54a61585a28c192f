import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { ValidationFailedError } from '../errors/domain-error';
import { issueOfRuleMessage, says } from './rule-message';
import { fieldIssues, parseOrThrow } from './zod-validation.pipe';

const SERVER = join(__dirname, '../..');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !/\.(int-)?spec\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('rule messages: zod rules name their code (issue 26)', () => {
  it('carries the code and its values from the rule to the field problem', () => {
    const schema = z.object({
      name: z.string({ error: says('name-required') }).max(3, says('field-too-long', { field: 'name', max: 3 })),
      phone: z.string().regex(/^01\d{9}$/, says('phone-invalid')),
    });
    const result = schema.safeParse({ name: 'Rahima', phone: '123' });
    expect(result.success).toBe(false);
    expect(fieldIssues(result.error!)).toEqual({
      name: [{ code: 'field-too-long', params: { field: 'name', max: 3 } }],
      phone: [{ code: 'phone-invalid' }],
    });
  });

  it('answers with the English message of the code a rule names', () => {
    const schema = z.object({ coupon_code: z.string({ error: says('coupon-required') }) });
    let refusal: unknown;
    try {
      parseOrThrow(schema, {});
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ValidationFailedError);
    expect(refusal).toMatchObject({ code: 'coupon-required', message: 'Please enter a coupon code.', errors: { coupon_code: ['Please enter a coupon code.'] } });
  });

  it("keeps zod's own words, under invalid-input, for a rule that names no code", () => {
    expect(issueOfRuleMessage('Too big: expected string to have <=200 characters')).toEqual({
      code: 'invalid-input',
      params: { detail: 'Too big: expected string to have <=200 characters' },
    });
  });

  it('finds no English message written into a zod rule of the server (a rule says its code)', () => {
    // `{ error: 'The name field is required.' }`, `.max(100, 'At most …')`, `{ message: 'Give a …', path }`: each
    // would reach the shopper with no code of its own. Success answers carry a `message` too: those are not rules.
    // Configuration (server/config) reads zod as well, but never answers a request. The route catalogue's examples
    // make addresses with `s.email('name')` and bodies such as `{ message: 'Handed to the rider' }`: samples, not rules.
    const literal = /\berror:\s*['"`]|\bmessage:\s*['"`]|\.(?:min|max|regex|refine|int|positive|nonnegative|length|email|url|gte|lte|gt|lt)\([^()]*,\s*['"`]|(?<!\bs)\.email\(\s*['"`]/;
    const successAnswer = /success: true|^\s*message: `(Your account|The personal data)|^\s*example: /;
    const offenders = sourceFiles(SERVER)
      .filter((file) => !file.startsWith(join(SERVER, 'config')))
      .filter((file) => /from 'zod'/.test(readFileSync(file, 'utf8')))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ line, at: `${relative(SERVER, file)}:${index + 1}` }))
          .filter(({ line }) => literal.test(line) && !successAnswer.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});
