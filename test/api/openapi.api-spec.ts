import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { routeKey, type ApiRoute, type RouteExample, type RouteSamples } from '../../server/observability/openapi/api-route';
import { documentExample, openApiPath } from '../../server/observability/openapi/openapi-document';
import { ROUTE_CATALOGUE } from '../../server/observability/openapi/route-catalogue';
import { caseOf, type Role } from '../security/fuzz-cases';
import { freshPhone, seedRouteSamples } from '../security/route-samples';
import { discoverRoutes, fillPath, type RawAnswer } from '../security/security-kit';
import { storeSession } from '../security/store-session';
import { answerProblems } from '../support/route-answers';
import sharp from 'sharp';

/**
 * The OpenAPI document at /api/openapi.json, built from the route catalogue: every /api route the running
 * app serves is in it (and nothing else); every example request in it validates against its own schemas and
 * is accepted by the zod schema the server validates with; and every route called with its example on a
 * seeded store answers what the catalogue (so the document and docs/api.md) says it answers.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ROUTES = ROUTE_CATALOGUE.routes;
const STEPS = { confirm: 'confirm', start: 'start-processing', ship: 'ship', deliver: 'deliver' } as const;

describe('the API document', () => {
  const store = storeSession({ suite: 9 });
  let document: Json;
  beforeAll(async () => {
    const response = await fetch(`${store.server().baseUrl}/api/openapi.json`);
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
    const served = discoverRoutes(store.server().app)
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

  it('describes what each JSON route answers with a real schema, not just "an object"', () => {
    const vague = ROUTES.filter((route) => route.answer).filter((route) => {
      const content = document.paths[openApiPath(route.path)][route.method].responses[String(route.success ?? 200)].content['application/json'];
      return !content?.schema?.properties && !content?.schema?.$ref;
    });
    expect(vague.map(routeKey)).toEqual([]);
    const product = document.paths['/api/public/productRow'].get.responses['200'].content['application/json'].schema;
    expect(product.properties.data.required).toEqual(expect.arrayContaining(['id', 'slug', 'price', 'productAttr', 'name_bn']));
    expect(product.properties.data.additionalProperties).toBe(false);
    // A recursive answer (the category tree) refers to a schema of the document's own.
    expect(document.components.schemas.Category.properties.children.items).toEqual({ $ref: '#/components/schemas/Category' });
  });

  describe('examples', () => {
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    const withExamples = ROUTES.filter((route) => route.example);

    it('has an example for every route that takes input', () => {
      const missing = ROUTES.filter((route) => (route.body || route.query || route.params) && !route.example).map(routeKey);
      expect(missing).toEqual([]);
    });

    it.each(withExamples.map((route) => [routeKey(route), route] as const))('%s: the example validates against the document', (_, route) => {
      const operation = document.paths[openApiPath(route.path)][route.method];
      const example = documentExample(route)!;
      const problems: string[] = [];
      const check = (where: string, schema: Json, value: unknown) => {
        const validate = ajv.compile(schema);
        if (!validate(value)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
      };
      for (const parameter of operation.parameters as Json[]) {
        const given = (example[parameter.in === 'path' ? 'params' : parameter.in === 'query' ? 'query' : 'headers'] as Record<string, string> | undefined)?.[parameter.name];
        if (given === undefined) {
          if (parameter.required) problems.push(`${parameter.in} parameter ${parameter.name} is required but missing from the example`);
          continue;
        }
        check(`${parameter.in} parameter ${parameter.name}`, parameter.schema, given);
      }
      for (const [where, values] of [['path', example.params], ['query', example.query]] as const) {
        for (const name of Object.keys(values ?? {})) {
          if (!(operation.parameters as Json[]).some((parameter) => parameter.in === where && parameter.name === name)) problems.push(`${where} parameter ${name} is not in the document`);
        }
      }
      if (example.body !== undefined) {
        const media = operation.requestBody?.content?.['application/json'];
        if (!media) problems.push('the example has a body but the document has no JSON request body');
        else {
          check('body', media.schema, example.body);
          expect(media.example).toEqual(example.body);
        }
      }
      // The same request through the zod schemas the server validates it with.
      if (route.body && example.body !== undefined) {
        const parsed = route.body.safeParse(example.body);
        if (!parsed.success) problems.push(`body refused by the server's schema: ${parsed.error.message}`);
      }
      if (route.query) {
        const parsed = route.query.safeParse(example.query ?? {});
        if (!parsed.success) problems.push(`query refused by the server's schema: ${parsed.error.message}`);
      }
      for (const [name, schema] of Object.entries(route.params ?? {})) {
        const parsed = schema.safeParse(example.params?.[name]);
        if (!parsed.success) problems.push(`path parameter ${name} refused by the server's schema: ${parsed.error.message}`);
      }
      expect(problems).toEqual([]);
    });

    it('catches an example that does not fit: a checkout without a cart or with a bad phone fails the document\'s schema', () => {
      const schema = document.paths['/api/public/confirm-order'].post.requestBody.content['application/json'].schema;
      const example = documentExample(ROUTE_CATALOGUE.find('POST /api/public/confirm-order')!)!.body as Json;
      expect(ajv.validate(schema, example)).toBe(true);
      expect(ajv.validate(schema, { ...example, cart: undefined })).toBe(false);
      expect(ajv.validate(schema, { ...example, data: { ...example.data, phone: '12345' } })).toBe(false);
      expect(ajv.validate(schema, { ...example, cart: [{ id: 12, size: 'M', qty: 0 }] })).toBe(false);
    });
  });

  describe('answers, from a seeded store', () => {
    const tokens: Record<Role, string> = { admin: '', care: '', customer: '', sessionEnding: '' };
    let samples: RouteSamples;

    beforeAll(async () => {
      tokens.admin = store.staff.admin;
      tokens.care = store.staff.care;
      tokens.customer = (await store.register('Document Customer')).token;
      tokens.sessionEnding = (await store.register('Password Changer')).token;
      samples = await seedRouteSamples(store, tokens.customer);
    });

    /** Calls a route with its example, as the route's role (or `token`), filled from `samples` (or `over`). */
    async function callExample(route: ApiRoute, over: Partial<RouteSamples> = {}, token?: string, example?: RouteExample): Promise<RawAnswer> {
      const filled = caseOf(route, { ...samples, ...over });
      const request = example ?? filled.example();
      const query = new URLSearchParams(request.query ?? {}).toString();
      const params = Object.fromEntries(Object.entries(request.params ?? {}).map(([name, value]) => [name, encodeURIComponent(value)]));
      return store.call({
        method: route.method.toUpperCase(),
        path: `${fillPath(route.path, params)}${query ? `?${query}` : ''}`,
        headers: request.headers,
        body: request.body,
        token: token ?? (filled.role ? tokens[filled.role] : undefined),
      });
    }

    const placeOrder = async (): Promise<string> => {
      const answer = await callExample(ROUTE_CATALOGUE.find('POST /api/public/confirm-order')!);
      expect(answer.status).toBe(201);
      return answer.json.order_id;
    };
    /** A fresh bKash order moved along its steps as care. */
    const orderAt = async (...steps: Array<(typeof STEPS)[keyof typeof STEPS]>): Promise<RouteSamples['order']> => {
      const id = await placeOrder();
      for (const step of steps) {
        const body = step === 'ship' ? { courier: 'Pathao', tracking_code: 'PT1' } : {};
        const answer = await store.call({ method: 'POST', path: `/api/admin/orders/${id}/${step}`, token: tokens.care, body });
        expect({ step, status: answer.status }).toEqual({ step, status: 200 });
      }
      return { id, phone: '01711111111' };
    };
    /** A confirmed order booked with a courier (issue 29). */
    const bookedOrder = async (booking: Record<string, string>) => {
      const order = await orderAt(STEPS.confirm);
      const answer = await store.call({ method: 'POST', path: `/api/admin/orders/${order.id}/shipments`, token: tokens.care, body: booking });
      expect(answer.status).toBe(201);
      return order;
    };
    const customerWith = async (details: { password?: string; phone?: string } = {}) => {
      const email = samples.email('live');
      const password = details.password ?? 'shonar-bangla-1971';
      const answer = await store.call({ method: 'POST', path: '/api/auth/register', body: { name: 'Live Customer', email, password, phone_number: details.phone } });
      expect(answer.status).toBe(201);
      const token = answer.json.access_token as string;
      // A phone finds an account only once proven (ADR 057).
      if (details.phone) await store.provePhone(token, details.phone);
      return { email, password, token };
    };

    /** An order paid through the demo gateway's checkout (issue 34): placed without a transaction id, its payment started. */
    const gatewayOrder = async (paid: 'unpaid' | 'paid' = 'unpaid') => {
      const confirm = ROUTE_CATALOGUE.find('POST /api/public/confirm-order')!;
      const example = caseOf(confirm, samples).example();
      const body = example.body as { data: Record<string, unknown> };
      const data: Record<string, unknown> = { ...body.data, bkash_number: undefined, transaction_id: undefined };
      const placed = await store.call({ method: 'POST', path: '/api/public/confirm-order', headers: example.headers, body: { ...body, data } });
      expect(placed.status).toBe(201);
      const paymentId = new URL(placed.json.payment_url as string).searchParams.get('paymentId')!;
      if (paid === 'paid') {
        await store.call({ method: 'POST', path: '/api/payments/demo/pay', body: { paymentId, choice: 'success' } });
        const back = await store.call({ method: 'GET', path: `/api/payments/bkash/callback?paymentID=${paymentId}&status=success` });
        expect(back.status).toBe(303);
      }
      return { order: { id: placed.json.order_id as string, phone: String(data.phone) }, paymentId };
    };

    /** A delivered order with one return (or exchange) request on its first unit, moved along care's steps (issue 35). */
    const returnAt = async (kind: 'return' | 'exchange', ...steps: Array<[string, unknown]>): Promise<RouteSamples['order']> => {
      const order = await orderAt(STEPS.confirm, STEPS.start, STEPS.ship, STEPS.deliver);
      let newSize: string | undefined;
      if (kind === 'exchange') {
        const sizes = async () => (await store.call({ method: 'GET', path: `/api/public/orders/${order.id}/returns?phone=${order.phone}` })).json.lines[0].exchange_sizes as Array<{ size: string }>;
        if ((await sizes()).length === 0) {
          for (const size of ['S', 'M', 'L', 'XL', 'XXL'].filter((size) => size !== samples.product.size)) {
            await store.call({ method: 'POST', path: '/api/admin/stock/receive', token: tokens.admin, body: { productId: samples.product.id, size, quantity: 5 } });
          }
        }
        newSize = (await sizes())[0]?.size;
      }
      const asked = await store.call({
        method: 'POST', path: `/api/public/orders/${order.id}/returns`,
        body: { phone: order.phone, product_id: samples.product.id, size: samples.product.size, unit: 1, kind, reason: 'size_too_small', ...(newSize ? { new_size: newSize } : {}) },
      });
      expect(asked.status).toBe(201);
      for (const [action, body] of steps) {
        const answer = await store.call({ method: 'POST', path: `/api/admin/returns/${order.id}-R1/${action}`, token: tokens.care, body });
        expect({ action, status: answer.status }).toEqual({ action, status: 200 });
      }
      return order;
    };

    type Preparation = { samples?: Partial<RouteSamples>; token?: string; example?: RouteExample };
    /**
     * Routes whose success needs something made first: an order in the right state, an account with a known
     * password or phone, a blocked phone, a staff member. Each makes it and says how to call.
     */
    const PREPARE: Record<string, () => Promise<Preparation>> = {
      'POST /api/auth/userLogin': async () => {
        const { email, password } = await customerWith();
        return { example: { body: { email, password } } };
      },
      'POST /api/public/find-account': async () => {
        const phone = freshPhone();
        await customerWith({ phone });
        return { samples: { phone: () => phone } };
      },
      'POST /api/public/send-verifymail': async () => {
        const phone = freshPhone();
        const { email } = await customerWith({ phone });
        return { samples: { phone: () => phone, email: () => email } };
      },
      'POST /api/customer/delete-account': async () => ({ token: (await customerWith({ password: 'padma-river-bridge-22' })).token }),
      'POST /api/admin/personal-data/erase': async () => {
        const phone = freshPhone();
        const id = await store.placeOrder(undefined, { name: 'Forgotten Buyer', phone, address: 'Uttara, Dhaka' });
        await store.call({ method: 'POST', path: `/api/admin/orders/${id}/cancel`, token: tokens.care, body: { reason: 'asked' } });
        return { samples: { phone: () => phone } };
      },
      'POST /api/admin/staff/:id/disable': async () => {
        const added = await store.call({ method: 'POST', path: '/api/admin/staff', token: tokens.admin, body: { name: 'Leaving Care', email: samples.email('leaving'), role: 'care' } });
        return { example: { params: { id: added.json.id } } };
      },
      'POST /api/admin/staff/:id/resend-invitation': async () => {
        const added = await store.call({ method: 'POST', path: '/api/admin/staff', token: tokens.admin, body: { name: 'Invited Care', email: samples.email('invited'), role: 'care' } });
        return { example: { params: { id: added.json.id }, body: { locale: 'bn' } } };
      },
      'POST /api/admin/staff/:id/revoke-invitation': async () => {
        const added = await store.call({ method: 'POST', path: '/api/admin/staff', token: tokens.admin, body: { name: 'Withdrawn Care', email: samples.email('withdrawn'), role: 'care' } });
        return { example: { params: { id: added.json.id } } };
      },
      'POST /api/public/cancel-order': async () => ({ samples: { order: await orderAt() } }),
      'POST /api/admin/orders/:orderId/confirm': async () => ({ samples: { order: await orderAt() } }),
      'POST /api/admin/orders/:orderId/start-processing': async () => ({ samples: { order: await orderAt(STEPS.confirm) } }),
      'POST /api/admin/orders/:orderId/ship': async () => ({ samples: { order: await orderAt(STEPS.confirm, STEPS.start) } }),
      'POST /api/admin/orders/:orderId/deliver': async () => ({ samples: { order: await orderAt(STEPS.confirm, STEPS.start, STEPS.ship) } }),
      'POST /api/admin/orders/:orderId/return': async () => ({ samples: { order: await orderAt(STEPS.confirm, STEPS.start, STEPS.ship, STEPS.deliver) } }),
      'POST /api/admin/orders/:orderId/cancel': async () => ({ samples: { order: await orderAt() } }),
      'POST /api/admin/orders/:orderId/shipments': async () => ({ samples: { order: await orderAt(STEPS.confirm) } }),
      'POST /api/admin/orders/:orderId/shipments/next-step': async () => ({ samples: { order: await bookedOrder({ courier: 'demo' }) } }),
      'POST /api/admin/orders/:orderId/shipments/steps': async () => ({ samples: { order: await bookedOrder({ courier: 'manual', tracking_code: 'SB-1' }) } }),
      'POST /api/admin/orders/:orderId/shipments/return': async () => {
        const order = await bookedOrder({ courier: 'manual', tracking_code: 'SB-2' });
        const step = await store.call({ method: 'POST', path: `/api/admin/orders/${order.id}/shipments/steps`, token: tokens.care, body: { stage: 'picked-up' } });
        expect(step.status).toBe(200);
        return { samples: { order } };
      },
      'POST /api/admin/orders/:orderId/verify-bkash': async () => ({ samples: { order: await orderAt() } }),
      'POST /api/admin/orders/:orderId/call': async () => ({ samples: { order: await orderAt() } }),
      'POST /api/admin/orders/:orderId/shipping': async () => ({ samples: { order: await orderAt() } }),
      'POST /api/admin/orders/:orderId/lines': async () => ({ samples: { order: await orderAt() } }),
      'POST /api/admin/orders/:orderId/lines/:productId/:size': async () => ({ samples: { order: await orderAt() } }),
      'POST /api/admin/orders/:orderId/lines/:productId/:size/remove': async () => {
        // An order keeps at least one line: give it a second before the example removes the first.
        const order = await orderAt();
        const other = await store.stockedProduct();
        const added = await store.call({ method: 'POST', path: `/api/admin/orders/${order.id}/lines`, token: tokens.care, body: { id: other.id, size: other.size, qty: 1, reason: 'second line' } });
        expect(added.status).toBe(200);
        return { samples: { order } };
      },
      'GET /api/payments/bkash/callback': async () => ({ example: { query: { paymentID: (await gatewayOrder()).paymentId, status: 'cancel' } } }),
      'GET /api/payments/demo/pay': async () => ({ example: { query: { paymentId: (await gatewayOrder()).paymentId } } }),
      'POST /api/payments/demo/pay': async () => ({ example: { body: { paymentId: (await gatewayOrder()).paymentId, choice: 'success' } } }),
      'POST /api/payments/orders/:orderId/retry': async () => {
        const { order, paymentId } = await gatewayOrder();
        await store.call({ method: 'GET', path: `/api/payments/bkash/callback?paymentID=${paymentId}&status=cancel` });
        return { samples: { order } };
      },
      'POST /api/payments/orders/:orderId/cash': async () => ({ samples: { order: (await gatewayOrder()).order } }),
      'POST /api/admin/orders/:orderId/refunds': async () => ({ samples: { order: (await gatewayOrder('paid')).order } }),
      'POST /api/public/orders/:orderId/returns': async () => ({ samples: { order: await orderAt(STEPS.confirm, STEPS.start, STEPS.ship, STEPS.deliver) } }),
      'POST /api/admin/returns/:returnId/approve': async () => ({ samples: { order: await returnAt('return') } }),
      'POST /api/admin/returns/:returnId/refuse': async () => ({ samples: { order: await returnAt('return') } }),
      'POST /api/admin/returns/:returnId/called': async () => ({ samples: { order: await returnAt('return') } }),
      'POST /api/admin/returns/:returnId/pickup': async () => ({ samples: { order: await returnAt('return', ['approve', {}]) } }),
      'POST /api/admin/returns/:returnId/receive': async () => ({ samples: { order: await returnAt('return', ['approve', {}]) } }),
      'POST /api/admin/returns/:returnId/exchange': async () => ({ samples: { order: await returnAt('exchange', ['approve', {}]) } }),
      'POST /api/admin/returns/:returnId/refund': async () => ({ samples: { order: await returnAt('return', ['approve', {}], ['receive', { condition: 'stock' }]) } }),
      'GET /api/admin/returns/:returnId/photo': async () => {
        // A return whose shopper attached a photo (uploaded as the tracking page does, then named on the request).
        const order = await orderAt(STEPS.confirm, STEPS.start, STEPS.ship, STEPS.deliver);
        const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 50, b: 50 } } }).png().toBuffer();
        const form = new FormData();
        form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
        form.append('phone', order.phone);
        const uploaded = await fetch(`${store.server().baseUrl}/api/public/orders/${order.id}/returns/photos`, { method: 'POST', body: form });
        expect(uploaded.status).toBe(201);
        const { photo } = (await uploaded.json()) as { photo: string };
        const asked = await store.call({
          method: 'POST', path: `/api/public/orders/${order.id}/returns`,
          body: { phone: order.phone, product_id: samples.product.id, size: samples.product.size, unit: 1, kind: 'return', reason: 'damaged', photo },
        });
        expect(asked.status).toBe(201);
        return { samples: { order } };
      },
      'POST /api/admin/phones/:phone/unblock': async () => {
        const phone = freshPhone();
        await store.call({ method: 'POST', path: `/api/admin/phones/${phone}/block`, token: tokens.admin, body: { reason: 'to unblock' } });
        return { samples: { phone: () => phone } };
      },
    };

    /** Writes not called here, and why; their answers are checked by the route fuzzer whenever its valid request succeeds. */
    const NOT_CALLED: Record<string, string> = {
      'POST /api/public/update-verifymail': 'needs the token of a mailed link',
      'POST /api/public/restPassword': 'needs the token of a mailed link',
      'GET /api/public/staff-invitations/:token': 'needs the token of a mailed link (test/api/staff-invitations.api-spec.ts opens them)',
      'POST /api/public/staff-invitations/accept': 'needs the token of a mailed link (test/api/staff-invitations.api-spec.ts opens them)',
      'POST /api/auth/refresh': 'needs the session cookie of a sign-in (test/api/staff-invitations.api-spec.ts sends them)',
      'POST /api/public/phone-codes/verify': 'needs the code of an SMS',
      'POST /api/public/reset-password-by-phone': 'needs the code of an SMS',
      'POST /api/user/verify-phone': 'needs the code of an SMS',
      'POST /api/webhooks/couriers/:courier': 'needs a courier\'s webhook token (test/api/fulfilment.api-spec.ts sends them)',
      'POST /api/admin/products/:id/images': 'needs a picture upload (test/api/catalog-admin.api-spec.ts sends them)',
      'POST /api/public/orders/:orderId/returns/photos': 'needs a photo upload (test/api/returns.api-spec.ts sends them; the photo route\'s preparation here uploads one)',
      'GET /api/metrics': 'open to loopback without a proxy header only (test/api/metrics-and-health.api-spec.ts)',
    };

    it('names every route it does not call, with the reason', () => {
      const unknown = Object.keys({ ...NOT_CALLED, ...PREPARE }).filter((key) => !ROUTE_CATALOGUE.find(key));
      expect(unknown).toEqual([]);
    });

    it.each(ROUTES.filter((route) => !NOT_CALLED[routeKey(route)]).map((route) => [routeKey(route), route] as const))(
      '%s answers what the catalogue says',
      async (key, route) => {
        const prepared = (await PREPARE[key]?.()) ?? {};
        const answer = await callExample(route, prepared.samples, prepared.token, prepared.example);
        expect({ key, status: answer.status }).toEqual({ key, status: route.success ?? 200 });
        if (route.answer) expect({ key, problems: answerProblems(route, answer.json) }).toEqual({ key, problems: [] });
        else expect(answer.headers['content-type']).not.toMatch(/json/);
      },
    );
  });

  it('is browsable at /api/docs from files served by the store itself, with no script from elsewhere', async () => {
    const base = store.server().baseUrl;
    const page = await fetch(`${base}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(sources).toEqual(['/api/docs/swagger-ui.css', '/api/docs/swagger-ui-bundle.js', '/api/docs/docs.js']);
    for (const source of sources) {
      const asset = await fetch(`${base}${source}`);
      expect({ source, status: asset.status }).toEqual({ source, status: 200 });
      expect((await asset.text()).length).toBeGreaterThan(source.endsWith('docs.js') ? 50 : 10_000);
    }
    expect(await (await fetch(`${base}/api/docs/docs.js`)).text()).toContain("url: '/api/openapi.json'");
    const outside = await fetch(`${base}/api/docs/package.json`);
    expect(outside.status).toBe(404);
    expect(await outside.json()).toEqual({ success: false, code: expect.any(String), message: 'Not found.' });
  });
});
