import { z } from 'zod';
import type { Access, ApiRoute, RouteExample } from './api-route';
import { DOCUMENT_SAMPLES } from './document-samples';
import { ROUTE_CATALOGUE, RouteCatalogue, TAG_DESCRIPTIONS } from './route-catalogue';

type JsonSchema = Record<string, unknown>;

const ACCESS_TEXT: Record<Access, string> = {
  public: 'Anyone.',
  'optional-customer': 'Anyone; a signed-in customer\'s bearer token ties the order to the account.',
  customer: 'A signed-in account (bearer token).',
  care: 'Staff: customer care or admin (bearer token).',
  admin: 'Staff: admin only (bearer token).',
  monitoring: 'The monitoring system: an address in METRICS_ALLOW (loopback by default), or METRICS_TOKEN as a bearer token.',
};

/**
 * A zod schema as JSON Schema (2020-12, OpenAPI 3.1's dialect): what a client may send (`input`) or what a
 * success answers (`output`). A recursive schema's definitions (named with `.meta({ id })`) go to
 * `components.schemas` when a `components` object is given, and its references point there.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output', components?: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  const definitions = json.$defs as Record<string, JsonSchema> | undefined;
  if (definitions) {
    if (!components) throw new Error('a recursive schema needs a components object to put its definitions in');
    delete json.$defs;
    for (const [name, definition] of Object.entries(definitions)) {
      const hoisted = pointAtComponents(definition) as JsonSchema;
      if (components[name] && JSON.stringify(components[name]) !== JSON.stringify(hoisted)) throw new Error(`two different schemas are both named ${name}`);
      components[name] = hoisted;
    }
  }
  return pointAtComponents(json) as JsonSchema;
}

export function inputSchema(schema: z.ZodType, components?: Record<string, JsonSchema>): JsonSchema {
  return jsonSchemaOf(schema, 'input', components);
}

/** References to `$defs` point at `components.schemas`; a date's `format` says what zod's long pattern says. */
function pointAtComponents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointAtComponents);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).filter(([key]) => !(key === 'pattern' && ['date-time', 'date'].includes((value as JsonSchema).format as string)));
  return Object.fromEntries(entries.map(([key, child]) => [key, key === '$ref' && typeof child === 'string' ? child.replace(/^#\/\$defs\//, '#/components/schemas/') : pointAtComponents(child)]));
}

/** The route's example as the document shows it (the demo store's values). */
export function documentExample(route: ApiRoute): RouteExample | undefined {
  return route.example?.(DOCUMENT_SAMPLES);
}

/** `/api/admin/orders/:orderId` → `/api/admin/orders/{orderId}` */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:(\w+)/g, '{$1}');
}

const errorBody = {
  type: 'object',
  required: ['success', 'message', 'code'],
  properties: {
    success: { const: false },
    message: { type: 'string', description: 'What happened, in English' },
    code: { type: 'string', description: 'A stable code the message is worded from (contracts/errors.ts), for a client that shows it in another language' },
    params: { type: 'object', additionalProperties: { type: ['string', 'number'] }, description: "Values the answer's message names" },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } }, description: 'Messages per field (422)' },
    fields: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } }, description: 'The code of each message in `errors`' },
  },
};

function parameters(route: ApiRoute, example: RouteExample | undefined, components: Record<string, JsonSchema>): JsonSchema[] {
  const list: JsonSchema[] = [];
  for (const [name, schema] of Object.entries(route.params ?? {})) {
    list.push({ name, in: 'path', required: true, schema: inputSchema(schema, components), ...(example?.params?.[name] ? { example: example.params[name] } : {}) });
  }
  if (route.query) {
    const object = inputSchema(route.query, components) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(object.properties ?? {})) {
      const value = example?.query?.[name];
      list.push({ name, in: 'query', required: object.required?.includes(name) ?? false, schema, ...(value !== undefined ? { example: value } : {}) });
    }
  }
  for (const [name, header] of Object.entries(route.headers ?? {})) {
    const value = example?.headers?.[name];
    list.push({ name, in: 'header', required: false, description: header.description, schema: inputSchema(header.schema, components), ...(value !== undefined ? { example: value } : {}) });
  }
  return list;
}

/** `get /api/admin/orders/:orderId` → `getAdminOrdersOrderId` */
function operationId(route: Pick<ApiRoute, 'method' | 'path'>): string {
  return `${route.method}${route.path.replace(/^\/api/, '').replace(/[/:{}*-]+(\w)?/g, (_, next: string | undefined) => (next ?? '').toUpperCase())}`;
}

function operation(route: ApiRoute, components: Record<string, JsonSchema>): JsonSchema {
  const success = route.success ?? 200;
  const example = documentExample(route);
  const responses: Record<string, JsonSchema> = {
    [String(success)]: {
      description: 'Success',
      content: route.answer
        ? { 'application/json': { schema: jsonSchemaOf(route.answer, 'output', components) } }
        : { [route.produces]: { schema: { type: 'string' } } },
    },
  };
  const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
  if (route.body || route.query || route.params || route.upload) responses['422'] = error('Invalid input: messages per field');
  if (route.access === 'customer' || route.access === 'care' || route.access === 'admin') {
    responses['401'] = error('No valid bearer token');
    if (route.access !== 'customer') responses['403'] = error('The account\'s role may not do this');
  }
  if (route.access === 'monitoring') responses['403'] = error('Not an allowed address and no valid token');
  if (route.rateLimited) responses['429'] = error('Too many requests; see Retry-After');
  responses['503'] = error('The database is unavailable; see Retry-After');

  const op: JsonSchema = {
    tags: [route.tag],
    summary: route.summary,
    description: `${route.description ? `${route.description}\n\n` : ''}Who may call it: ${ACCESS_TEXT[route.access]}`,
    operationId: operationId(route),
    parameters: parameters(route, example, components),
    responses,
  };
  if (['customer', 'care', 'admin'].includes(route.access)) op.security = [{ bearer: [] }];
  if (route.access === 'optional-customer') op.security = [{}, { bearer: [] }];
  if (route.access === 'monitoring') op.security = [{}, { bearer: [] }];
  if (route.upload) {
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', required: [route.upload.field], properties: { [route.upload.field]: { type: 'string', format: 'binary', description: route.upload.description } } },
        },
      },
    };
  }
  if (route.body) {
    const schema = inputSchema(route.body, components);
    const media = { schema, ...(example?.body !== undefined ? { example: example.body } : {}) };
    op.requestBody = {
      required: true,
      content: { 'application/json': media, ...(route.form ? { 'multipart/form-data': { schema } } : {}) },
    };
  }
  return op;
}

/** The OpenAPI 3.1 document of every route in a catalogue (by default the store's), built once per process. */
export function buildOpenApiDocument(version: string, catalogue: RouteCatalogue = ROUTE_CATALOGUE): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const schemas: Record<string, JsonSchema> = { Error: errorBody };
  for (const route of catalogue.routes) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method] = operation(route, schemas);
  }
  const tags = [...new Set(catalogue.routes.map((route) => route.tag))];
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Tee Bazaar API',
      version,
      description:
        'The storefront\'s, the customer\'s and the staff console\'s calls. Errors are `{ success: false, message, code }`, with `errors` per field and their codes in `fields` on a 422. Money is in Taka with two decimals. Generated from the route catalogue (each context\'s `api/routes.ts`): the zod schemas that validate each request and describe each answer.',
    },
    servers: [{ url: '/' }],
    tags: tags.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas,
    },
  };
}
