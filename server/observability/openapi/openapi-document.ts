import { z } from 'zod';
import { API_ROUTES, type Access, type ApiRoute } from './api-routes';

type JsonSchema = Record<string, unknown>;

const ACCESS_TEXT: Record<Access, string> = {
  public: 'Anyone.',
  'optional-customer': 'Anyone; a signed-in customer\'s bearer token ties the order to the account.',
  customer: 'A signed-in account (bearer token).',
  care: 'Staff: customer care or admin (bearer token).',
  admin: 'Staff: admin only (bearer token).',
  monitoring: 'The monitoring system: an address in METRICS_ALLOW (loopback by default), or METRICS_TOKEN as a bearer token.',
};

/** A zod schema as the JSON Schema (2020-12, OpenAPI 3.1's dialect) of what a client may send. */
export function inputSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
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

function parameters(route: ApiRoute): JsonSchema[] {
  const list: JsonSchema[] = [];
  for (const [name, schema] of Object.entries(route.params ?? {})) {
    list.push({ name, in: 'path', required: true, schema: inputSchema(schema), ...(route.example?.params?.[name] ? { example: route.example.params[name] } : {}) });
  }
  if (route.query) {
    const object = inputSchema(route.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(object.properties ?? {})) {
      const example = route.example?.query?.[name];
      list.push({ name, in: 'query', required: object.required?.includes(name) ?? false, schema, ...(example !== undefined ? { example } : {}) });
    }
  }
  for (const [name, header] of Object.entries(route.headers ?? {})) {
    const example = route.example?.headers?.[name];
    list.push({ name, in: 'header', required: false, description: header.description, schema: inputSchema(header.schema), ...(example !== undefined ? { example } : {}) });
  }
  return list;
}

function operation(route: ApiRoute): JsonSchema {
  const success = route.success ?? 200;
  const responses: Record<string, JsonSchema> = {
    [String(success)]: {
      description: 'Success',
      content: { [route.produces ?? 'application/json']: { schema: route.produces && route.produces !== 'application/json' ? { type: 'string' } : { type: 'object' } } },
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
    description: `Who may call it: ${ACCESS_TEXT[route.access]}`,
    operationId: `${route.method}${route.path.replace(/^\/api/, '').replace(/[/:{}*-]+(\w)?/g, (_, next: string | undefined) => (next ?? '').toUpperCase())}`,
    parameters: parameters(route),
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
    const schema = inputSchema(route.body);
    const media = { schema, ...(route.example?.body !== undefined ? { example: route.example.body } : {}) };
    op.requestBody = {
      required: true,
      content: { 'application/json': media, ...(route.form ? { 'multipart/form-data': { schema } } : {}) },
    };
  }
  return op;
}

/** The OpenAPI 3.1 document of every route in API_ROUTES, built once per process. */
export function buildOpenApiDocument(version: string, routes: ApiRoute[] = API_ROUTES): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    if (paths[path][route.method]) throw new Error(`${route.method.toUpperCase()} ${route.path} is registered twice in API_ROUTES`);
    paths[path][route.method] = operation(route);
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Tee Bazaar API',
      version,
      description:
        'The storefront\'s, the customer\'s and the staff console\'s calls. Errors are `{ success: false, message, code }`, with `errors` per field and their codes in `fields` on a 422. Money is in Taka with two decimals. Generated from the zod schemas that validate each request (server/observability/openapi/api-routes.ts).',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: errorBody },
    },
  };
}
