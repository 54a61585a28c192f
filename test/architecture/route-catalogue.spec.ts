import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { routeKey, type ApiRoute } from '../../server/observability/openapi/api-route';
import { renderApiReference, withReference } from '../../server/observability/openapi/api-reference';
import { DOCUMENT_SAMPLES } from '../../server/observability/openapi/document-samples';
import { buildOpenApiDocument } from '../../server/observability/openapi/openapi-document';
import { ROUTE_CATALOGUE, RouteCatalogue } from '../../server/observability/openapi/route-catalogue';
import { caseOf, catalogueCases, DEFAULT_FUZZ_SEED, mutationsOf, sampleMutations, type Mutation } from '../security/fuzz-cases';
import { answerProblems } from '../support/route-answers';

/**
 * ADR 055: a route is declared once, in its context's `api/routes.ts`, and the OpenAPI document, the route
 * fuzzer and docs/api.md follow from the catalogue. (test/api/openapi.api-spec.ts and the fuzzer check the
 * catalogue against the routes the running app serves and the answers it gives.)
 */

const ROOT = resolve(__dirname, '../..');

/** A route the store does not have: what a new feature would add. */
const giftWrap: ApiRoute = {
  method: 'post',
  path: '/api/admin/orders/:orderId/gift-wrap',
  tag: 'Staff: orders',
  summary: 'Wrap an order as a gift, with a card',
  access: 'care',
  params: { orderId: z.string().min(1).max(40) },
  body: z.object({ paper: z.enum(['red', 'gold']), card_text: z.string().max(200).optional() }),
  answer: z.object({ success: z.literal(true), orderId: z.string(), wrapped: z.boolean() }),
  example: (s) => ({ params: { orderId: s.order.id }, body: { paper: 'gold', card_text: 'Eid Mubarak' } }),
};

describe('the route catalogue', () => {
  it('is all a new route needs: the OpenAPI document, the fuzzer and docs/api.md know it from its declaration', () => {
    expect(ROUTE_CATALOGUE.find(routeKey(giftWrap))).toBeUndefined();
    const catalogue = new RouteCatalogue([...ROUTE_CATALOGUE.routes, giftWrap]);

    // The document: the path, who may call it, the body's schema with its example, the answer's schema.
    const document = buildOpenApiDocument('test', catalogue) as { paths: Record<string, Record<string, any>> }; // eslint-disable-line @typescript-eslint/no-explicit-any
    const operation = document.paths['/api/admin/orders/{orderId}/gift-wrap'].post;
    expect(operation.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '401', '403', '422', '503']);
    expect(operation.requestBody.content['application/json'].schema.properties.paper).toEqual({ type: 'string', enum: ['red', 'gold'] });
    expect(operation.requestBody.content['application/json'].example).toEqual({ paper: 'gold', card_text: 'Eid Mubarak' });
    expect(operation.parameters).toEqual([expect.objectContaining({ name: 'orderId', in: 'path', example: DOCUMENT_SAMPLES.order.id })]);
    expect(operation.responses['200'].content['application/json'].schema).toMatchObject({ required: ['success', 'orderId', 'wrapped'], additionalProperties: false });

    // The fuzzer: a case with care's token, its example filled, every kind of mutation, in the full run and the sample.
    const fuzzCase = catalogueCases(catalogue, DOCUMENT_SAMPLES).find((candidate) => candidate.key === 'POST /api/admin/orders/:orderId/gift-wrap')!;
    expect(fuzzCase).toMatchObject({ role: 'care', concurrency: 8 });
    const mutations = mutationsOf(fuzzCase);
    expect(mutations[0]).toMatchObject({ kind: 'valid', request: { method: 'POST', path: `/api/admin/orders/${DOCUMENT_SAMPLES.order.id}/gift-wrap`, body: '{"paper":"gold","card_text":"Eid Mubarak"}' } });
    expect(new Set(mutations.map((mutation) => mutation.target))).toEqual(new Set(['', 'orderId', 'paper', 'card_text', 'x-request-id', 'x-correlation-id', 'idempotency-key', 'x-forwarded-for', 'accept']));
    const sample = sampleMutations(catalogueCases(catalogue, DOCUMENT_SAMPLES).map((each) => ({ key: each.key, mutations: mutationsOf(each) })));
    expect(kindsOf(sample.get(fuzzCase.key)!)).toEqual(kindsOf(mutations));

    // docs/api.md: a row with who may call it, what it takes and what it answers.
    expect(renderApiReference(catalogue)).toContain(
      '| POST `/admin/orders/{orderId}/gift-wrap` | care, admin | Wrap an order as a gift, with a card. | `{paper: red\\|gold, card_text?}`; bearer | 200 `{success: true, orderId, wrapped}` |',
    );
    expect(renderApiReference()).not.toContain('gift-wrap');
  });

  it('refuses a route declared twice, one outside /api, and one that takes input without an example', () => {
    const [first] = ROUTE_CATALOGUE.routes;
    expect(() => new RouteCatalogue([first, { ...first }])).toThrow(`${routeKey(first)} is declared twice`);
    expect(() => new RouteCatalogue([{ ...giftWrap, path: '/gift-wrap' }])).toThrow('the catalogue holds routes under /api only');
    expect(() => new RouteCatalogue([{ ...giftWrap, example: undefined }])).toThrow('takes input but has no example');
  });

  it('gives every route a JSON answer schema or the content type of what it serves', () => {
    expect(ROUTE_CATALOGUE.routes.filter((route) => !route.answer && !route.produces).map(routeKey)).toEqual([]);
    expect(ROUTE_CATALOGUE.routes.length).toBeGreaterThan(110);
  });

  it('tells an answer that fits its schema from one with a field missing, of the wrong type, or not declared', () => {
    const fits = { success: true, orderId: '7KQ2M9XA', wrapped: true };
    expect(answerProblems(giftWrap, fits)).toEqual([]);
    expect(answerProblems(giftWrap, { success: true, orderId: '7KQ2M9XA' }).join('\n')).toMatch(/wrapped/);
    expect(answerProblems(giftWrap, { ...fits, wrapped: 'yes' }).join('\n')).toMatch(/wrapped/);
    expect(answerProblems(giftWrap, { ...fits, ribbon: 'red' })).toEqual(['JSON Schema: (answer) must NOT have additional properties (ribbon)']);
  });
});

describe('docs/api.md', () => {
  it('holds the reference the catalogue gives (npm run docs:api writes it)', () => {
    const markdown = readFileSync(join(ROOT, 'docs', 'api.md'), 'utf8');
    const wanted = withReference(markdown, renderApiReference());
    // Compared by section so a failure names the part that is out of date, not the whole file.
    expect(markdown.split('\n### ')).toEqual(wanted.split('\n### '));
  });
});

describe('the route fuzzer\'s sample (npm test; npm run test:fuzz sends every mutation)', () => {
  const full = catalogueCases(ROUTE_CATALOGUE, DOCUMENT_SAMPLES).map((fuzzCase) => ({ key: fuzzCase.key, mutations: mutationsOf(fuzzCase) }));
  const sample = sampleMutations(full);
  const count = (routes: Iterable<Mutation[]>) => [...routes].reduce((total, mutations) => total + mutations.length, 0);

  it('is the same for the same seed, and another for another', () => {
    const labels = (of: Map<string, Mutation[]>) => [...of.values()].flat().map((mutation) => mutation.label);
    expect(labels(sampleMutations(full, DEFAULT_FUZZ_SEED))).toEqual(labels(sample));
    expect(labels(sampleMutations(full, DEFAULT_FUZZ_SEED + 1))).not.toEqual(labels(sample));
  });

  it('sends every route its valid request and its requests without a token, and at least one of each kind of mutation it has', () => {
    for (const { key, mutations } of full) {
      const sampled = sample.get(key)!;
      expect({ key, kinds: kindsOf(sampled) }).toEqual({ key, kinds: kindsOf(mutations) });
      expect({ key, kept: sampled.filter((mutation) => mutation.kind === 'valid' || mutation.kind === 'token').length }).toEqual({
        key,
        kept: mutations.filter((mutation) => mutation.kind === 'valid' || mutation.kind === 'token').length,
      });
    }
  });

  it('sends, across the routes, every value of every kind of mutation', () => {
    const variants = (routes: Iterable<Mutation[]>) => new Set([...routes].flat().map((mutation) => `${mutation.kind}: ${mutation.variant}`));
    expect([...variants(full.map(({ mutations }) => mutations))].filter((variant) => !variants(sample.values()).has(variant))).toEqual([]);
  });

  it('is about a tenth of the full run, and keeps the password-hashing routes (scrypt, 128 MiB a request) to a few requests', () => {
    const share = count(sample.values()) / count(full.map(({ mutations }) => mutations));
    expect(share).toBeGreaterThan(0.07);
    expect(share).toBeLessThan(0.13);
    expect(Math.max(...['POST /api/auth/register', 'POST /api/auth/userLogin'].map((key) => sample.get(key)!.length))).toBeLessThanOrEqual(15);
    expect(caseOf(ROUTE_CATALOGUE.find('POST /api/auth/updatePassword')!, DOCUMENT_SAMPLES)).toMatchObject({ role: 'sessionEnding', concurrency: 1 });
    expect(caseOf(ROUTE_CATALOGUE.find('POST /api/auth/register')!, DOCUMENT_SAMPLES)).toMatchObject({ concurrency: 2 });
  });
});

function kindsOf(mutations: Mutation[]): string[] {
  return [...new Set(mutations.map((mutation) => mutation.kind))].sort();
}
