import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { z } from 'zod';
import type { ApiRoute } from '../../server/observability/openapi/api-route';
import { jsonSchemaOf } from '../../server/observability/openapi/openapi-document';

const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
const validators = new WeakMap<z.ZodType, ValidateFunction>();

/**
 * What is wrong with a route's success answer by its catalogued answer schema: what zod refuses, and what the
 * document's JSON Schema refuses (a field the schema does not name, too: `additionalProperties: false`).
 * An empty list means the answer is what the catalogue, and so the document and docs/api.md, say it is.
 */
export function answerProblems(route: ApiRoute, body: unknown): string[] {
  if (!route.answer) return [];
  const problems: string[] = [];
  const parsed = route.answer.safeParse(body);
  if (!parsed.success) problems.push(...parsed.error.issues.map((issue) => `zod: ${issue.path.join('.') || '(answer)'}: ${issue.message}`));
  let validate = validators.get(route.answer);
  if (!validate) {
    const components: Record<string, Record<string, unknown>> = {};
    const schema = jsonSchemaOf(route.answer, 'output', components);
    validate = ajv.compile({ ...schema, components: { schemas: components } });
    validators.set(route.answer, validate);
  }
  if (!validate(body)) problems.push(...(validate.errors ?? []).map((error) => `JSON Schema: ${error.instancePath || '(answer)'} ${error.message}${error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : ''}`));
  return problems;
}
