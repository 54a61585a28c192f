import { startFakeProvider, type FakeProvider } from '../../test/support/fake-provider';
import { chooseAdapters, type OutsideAdapter } from './outside-adapter';
import { callOutside, OutsideServiceError, type OutsideFailure } from './outside-http';

describe('callOutside', () => {
  let provider: FakeProvider;
  const outcomes: Array<{ provider: string; outcome: string }> = [];
  const observe = (request: { provider: string }, outcome: string) => void outcomes.push({ provider: request.provider, outcome });

  beforeAll(async () => {
    provider = await startFakeProvider({
      'POST /orders': ({ json, headers }) =>
        headers['api-key'] === 'key-1234567' ? { status: 200, json: { received: json } } : { status: 401, json: { message: 'Unauthorized: key-1234567 expected' } },
      'GET /empty': () => ({ status: 204 }),
    });
  });
  afterAll(() => provider.stop());
  beforeEach(() => (outcomes.length = 0));

  const order = (overrides: Partial<Parameters<typeof callOutside>[0]> = {}) =>
    callOutside(
      { service: 'courier', provider: 'fake', method: 'POST', url: `${provider.url}/orders`, headers: { 'Api-Key': 'key-1234567' }, json: { invoice: 'AB12' }, secrets: ['key-1234567'], ...overrides },
      observe,
    );

  const failureOf = async (call: Promise<unknown>): Promise<OutsideServiceError> => {
    const error = await call.then(() => undefined, (thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(OutsideServiceError);
    return error as OutsideServiceError;
  };

  it('sends JSON with the headers given and answers the parsed JSON', async () => {
    await expect(order()).resolves.toEqual({ status: 200, body: { received: { invoice: 'AB12' } } });
    const sent = provider.requestsTo('/orders').at(-1)!;
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.json).toEqual({ invoice: 'AB12' });
    expect(outcomes).toEqual([{ provider: 'fake', outcome: 'ok' }]);
  });

  it('sends form fields as a form', async () => {
    await order({ json: undefined, form: { number: '8801712345678', message: 'হ্যালো' } });
    expect(provider.requestsTo('/orders').at(-1)!.form?.get('message')).toBe('হ্যালো');
  });

  it('answers an empty body as undefined', async () => {
    await expect(callOutside({ service: 'sms', provider: 'fake', method: 'GET', url: `${provider.url}/empty` })).resolves.toEqual({ status: 204, body: undefined });
  });

  it.each<{ name: string; fault: Parameters<FakeProvider['fail']>[0]; failure: OutsideFailure; retryable: boolean; status: number }>([
    { name: 'a 5xx', fault: { kind: 'status', status: 503, text: 'maintenance' }, failure: 'unavailable', retryable: true, status: 503 },
    { name: 'a 429', fault: { kind: 'status', status: 429, json: { message: 'slow down' } }, failure: 'unavailable', retryable: true, status: 429 },
    { name: 'a 422', fault: { kind: 'status', status: 422, json: { errors: { recipient_phone: ['invalid'] } } }, failure: 'refused', retryable: false, status: 422 },
    { name: 'an HTML page where JSON is documented', fault: { kind: 'garbage' }, failure: 'unreadable', retryable: true, status: 200 },
  ])('reads $name as $failure (retryable: $retryable)', async ({ fault, failure, retryable, status }) => {
    provider.fail(fault);
    const error = await failureOf(order());
    expect({ failure: error.failure, retryable: error.retryable, status: error.status }).toEqual({ failure, retryable, status });
    expect(outcomes).toEqual([{ provider: 'fake', outcome: failure }]);
  });

  it('gives up after its timeout, and says so', async () => {
    provider.fail({ kind: 'hang', ms: 5_000 });
    const error = await failureOf(order({ timeoutMs: 200 }));
    expect(error.failure).toBe('timeout');
    expect(error.retryable).toBe(true);
    expect(error.message).toBe('fake (courier) did not answer in time');
  });

  it('reads a closed port as unreachable', async () => {
    const gone = await startFakeProvider({});
    await gone.stop();
    const error = await failureOf(callOutside({ service: 'payment', provider: 'fake', method: 'GET', url: `${gone.url}/x` }));
    expect(error.failure).toBe('unreachable');
    expect(error.message).toMatch(/^fake \(payment\) could not be reached: ECONNREFUSED/);
  });

  it('never repeats a secret in its error, even when the provider echoes it', async () => {
    const error = await failureOf(order({ headers: { 'Api-Key': 'wrong' } }));
    expect(error.failure).toBe('refused');
    expect(error.message).toContain('[redacted]');
    expect(error.message).not.toContain('key-1234567');
  });
});

describe('chooseAdapters', () => {
  const adapter = (provider: string, mode: 'live' | 'demo' = 'live'): OutsideAdapter => ({ service: 'courier', provider, mode, label: provider });
  const options = (steadfast: Record<string, string | undefined>, pathao: Record<string, string | undefined>) => [
    { provider: 'steadfast', settings: steadfast, create: () => adapter('steadfast') },
    { provider: 'pathao', settings: pathao, create: () => adapter('pathao') },
  ];

  it('takes the demo when no provider is configured', () => {
    expect(chooseAdapters(options({ KEY: undefined }, { ID: '' }), () => adapter('demo', 'demo')).map((a) => `${a.provider}:${a.mode}`)).toEqual(['demo:demo']);
  });

  it('takes every configured provider, in order, and no demo beside them', () => {
    expect(chooseAdapters(options({ KEY: 'k' }, { ID: 'i' }), () => adapter('demo', 'demo')).map((a) => a.provider)).toEqual(['steadfast', 'pathao']);
  });

  it('refuses to start with a provider half configured, naming what is missing', () => {
    expect(() => chooseAdapters(options({ KEY: 'k', SECRET: undefined }, {}), () => adapter('demo', 'demo'))).toThrow(
      'steadfast is half configured: set SECRET as well, or none of KEY, SECRET',
    );
  });
});
