import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { API_ROUTES } from '../../server/observability/openapi/api-routes';
import { openApiPath } from '../../server/observability/openapi/openapi-document';
import { discoverRoutes } from '../security/security-kit';
import { useTestServer } from '../support/test-server';

/**
 * The OpenAPI document at /api/openapi.json: every /api route the running app serves is in it (and nothing
 * else), and every example request in it validates against its own schemas and is accepted by the zod
 * schema the server validates with.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('the API document', () => {
  const server = useTestServer({ env: { SEED_DEMO: 'false' } });
  let document: Json;
  beforeAll(async () => {
    const response = await fetch(`${server.baseUrl}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    document = await response.json();
  });

  const operations = () =>
    Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
    );

  it('is OpenAPI 3.1 with the JSON Schema 2020-12 dialect', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(document.info.title).toBe('Tee Bazaar API');
    expect(document.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  });

  it('documents every /api route of the router, and no route the router does not serve', () => {
    const served = discoverRoutes(server.app)
      .filter((route) => route.split(' ')[1].startsWith('/api/') || route.split(' ')[1] === '/api')
      .map((route) => {
        const [method, path] = route.split(' ');
        return `${method} ${openApiPath(path)}`;
      })
      .sort();
    const documented = operations().map(({ key }) => key).sort();
    expect(served.length).toBeGreaterThan(60);
    expect(served.filter((route) => !documented.includes(route))).toEqual([]);
    expect(documented.filter((route) => !served.includes(route))).toEqual([]);
  });

  it('says who may call each route, and which need a bearer token', () => {
    const staff = operations().filter(({ key }) => /^\w+ \/api\/(admin|brands)\//.test(key));
    expect(staff.length).toBeGreaterThan(25);
    for (const { key, operation } of staff) {
      expect({ key, security: operation.security }).toEqual({ key, security: [{ bearer: [] }] });
      expect({ key, has401: '401' in operation.responses, has403: '403' in operation.responses }).toEqual({ key, has401: true, has403: true });
    }
    const checkout = document.paths['/api/public/confirm-order'].post;
    expect(checkout.responses['201']).toBeDefined();
    expect(checkout.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'idempotency-key', in: 'header' })]));
  });

  describe('examples', () => {
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    const withExamples = API_ROUTES.filter((route) => route.example);

    it('has an example for every route that takes input', () => {
      const missing = API_ROUTES.filter((route) => (route.body || route.query || route.params) && !route.example).map((route) => `${route.method} ${route.path}`);
      expect(missing).toEqual([]);
    });

    it.each(withExamples.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))('%s: the example validates against the document', (_, route) => {
      const operation = document.paths[openApiPath(route.path)][route.method];
      const problems: string[] = [];
      const check = (where: string, schema: Json, value: unknown) => {
        const validate = ajv.compile(schema);
        if (!validate(value)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
      };
      for (const parameter of operation.parameters as Json[]) {
        const given = (route.example![parameter.in === 'path' ? 'params' : parameter.in === 'query' ? 'query' : 'headers'] as Record<string, string> | undefined)?.[parameter.name];
        if (given === undefined) {
          if (parameter.required) problems.push(`${parameter.in} parameter ${parameter.name} is required but missing from the example`);
          continue;
        }
        check(`${parameter.in} parameter ${parameter.name}`, parameter.schema, given);
      }
      for (const [where, values] of [['path', route.example!.params], ['query', route.example!.query]] as const) {
        for (const name of Object.keys(values ?? {})) {
          if (!(operation.parameters as Json[]).some((parameter) => parameter.in === where && parameter.name === name)) problems.push(`${where} parameter ${name} is not in the document`);
        }
      }
      if (route.example!.body !== undefined) {
        const media = operation.requestBody?.content?.['application/json'];
        if (!media) problems.push('the example has a body but the document has no JSON request body');
        else {
          check('body', media.schema, route.example!.body);
          expect(media.example).toEqual(route.example!.body);
        }
      }
      // The same request through the zod schemas the server validates it with.
      if (route.body && route.example!.body !== undefined) {
        const parsed = route.body.safeParse(route.example!.body);
        if (!parsed.success) problems.push(`body refused by the server's schema: ${parsed.error.message}`);
      }
      if (route.query) {
        const parsed = route.query.safeParse(route.example!.query ?? {});
        if (!parsed.success) problems.push(`query refused by the server's schema: ${parsed.error.message}`);
      }
      for (const [name, schema] of Object.entries(route.params ?? {})) {
        const parsed = schema.safeParse(route.example!.params?.[name]);
        if (!parsed.success) problems.push(`path parameter ${name} refused by the server's schema: ${parsed.error.message}`);
      }
      expect(problems).toEqual([]);
    });

    it('catches an example that does not fit: a checkout without a cart or with a bad phone fails the document\'s schema', () => {
      const schema = document.paths['/api/public/confirm-order'].post.requestBody.content['application/json'].schema;
      const example = API_ROUTES.find((route) => route.path === '/api/public/confirm-order')!.example!.body as Json;
      expect(ajv.validate(schema, example)).toBe(true);
      expect(ajv.validate(schema, { ...example, cart: undefined })).toBe(false);
      expect(ajv.validate(schema, { ...example, data: { ...example.data, phone: '12345' } })).toBe(false);
      expect(ajv.validate(schema, { ...example, cart: [{ id: 12, size: 'M', qty: 0 }] })).toBe(false);
    });
  });

  it('is browsable at /api/docs from files served by the store itself, with no script from elsewhere', async () => {
    const page = await fetch(`${server.baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(sources).toEqual(['/api/docs/swagger-ui.css', '/api/docs/swagger-ui-bundle.js', '/api/docs/docs.js']);
    for (const source of sources) {
      const asset = await fetch(`${server.baseUrl}${source}`);
      expect({ source, status: asset.status }).toEqual({ source, status: 200 });
      expect((await asset.text()).length).toBeGreaterThan(source.endsWith('docs.js') ? 50 : 10_000);
    }
    expect(await (await fetch(`${server.baseUrl}/api/docs/docs.js`)).text()).toContain("url: '/api/openapi.json'");
    const outside = await fetch(`${server.baseUrl}/api/docs/package.json`);
    expect(outside.status).toBe(404);
    expect(await outside.json()).toEqual({ success: false, code: expect.any(String), message: 'Not found.' });
  });
});
