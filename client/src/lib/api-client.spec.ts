import { ApiError, apiGet, apiPost, buildApiUrl } from './api-client';
import { shouldRetry } from './query-client';
import { loadErrorTexts, setLocale } from './i18n/locale';

type FetchArgs = [string, RequestInit];

function setup({ status = 200, body = {} as unknown, token = null as string | null, contentType = 'application/json' } = {}) {
  const calls: FetchArgs[] = [];
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    calls.push([url, init]);
    return new Response(status === 204 ? null : text, { status, headers: { 'content-type': contentType } });
  }) as typeof fetch;
  const storage = new Map<string, string>(token === null ? [] : [['token', token]]);
  (globalThis as { window?: unknown }).window = { sessionStorage: { getItem: (key: string) => storage.get(key) ?? null } };
  return { calls };
}

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('api client', () => {
  it('prefixes /api, adds query parameters and skips empty ones', () => {
    expect(buildApiUrl('/public/getProductsByShop', { page: 2, search: 'polo', category: undefined, x: null })).toBe(
      '/api/public/getProductsByShop?page=2&search=polo',
    );
  });

  it('returns the JSON answer of a successful GET', async () => {
    const { calls } = setup({ body: { data: { name: 'Shop' } } });
    await expect(apiGet('/public/settingRow')).resolves.toEqual({ data: { name: 'Shop' } });
    expect(calls[0]?.[0]).toBe('/api/public/settingRow');
    expect(new Headers(calls[0]?.[1].headers).get('authorization')).toBeNull();
  });

  it('sends the session token as a bearer token', async () => {
    const { calls } = setup({ token: 'abc.def' });
    await apiGet('/orders/getOrders');
    expect(new Headers(calls[0]?.[1].headers).get('authorization')).toBe('Bearer abc.def');
  });

  it('accepts a token stored JSON-encoded', async () => {
    const { calls } = setup({ token: '"abc.def"' });
    await apiGet('/orders/getOrders');
    expect(new Headers(calls[0]?.[1].headers).get('authorization')).toBe('Bearer abc.def');
  });

  it('posts JSON bodies', async () => {
    const { calls } = setup({ body: { ok: true } });
    await apiPost('/public/apply-coupon', { coupon_code: 'EID10' });
    expect(calls[0]?.[1].method).toBe('POST');
    expect(calls[0]?.[1].body).toBe('{"coupon_code":"EID10"}');
    expect(new Headers(calls[0]?.[1].headers).get('content-type')).toBe('application/json');
  });

  it('posts FormData as multipart, leaving the content type to the browser', async () => {
    const { calls } = setup();
    const form = new FormData();
    form.append('name', 'Rahim');
    await apiPost('/user/updateUserFrontend', form);
    expect(calls[0]?.[1].body).toBe(form);
    expect(new Headers(calls[0]?.[1].headers).get('content-type')).toBeNull();
  });

  it('throws an ApiError with status, body and per-field messages on 422', async () => {
    setup({
      status: 422,
      body: { message: 'The given data was invalid.', errors: { email: ['Invalid email format', 'Taken'], name: ['Required'] } },
    });
    const error = await apiPost('/auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.message).toBe('The given data was invalid.');
    expect(apiError.fieldErrors).toEqual({ email: ['Invalid email format', 'Taken'], name: ['Required'] });
    expect(apiError.firstFieldErrors).toEqual({ email: 'Invalid email format', name: 'Required' });
  });

  it('keeps a non-JSON error body as text', async () => {
    setup({ status: 502, body: 'Bad gateway', contentType: 'text/plain' });
    const error = (await apiGet('/public/getProducts').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.body).toBe('Bad gateway');
    expect(error.serverMessage).toBeUndefined();
  });

  it('reports a network failure as status 0', async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const error = (await apiGet('/public/getProducts').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.isNetworkError).toBe(true);
  });

  it('lets an abort through unchanged', async () => {
    const controller = new AbortController();
    controller.abort();
    globalThis.fetch = (async (_url: string, init: RequestInit) => {
      throw init.signal?.reason;
    }) as typeof fetch;
    const error = await apiGet('/public/getProducts', { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('query retry policy', () => {
  it('never retries a 4xx answer', () => {
    expect(shouldRetry(0, new ApiError(404, undefined, 'Not found'))).toBe(false);
    expect(shouldRetry(0, new ApiError(422, undefined, 'Invalid'))).toBe(false);
  });

  it('retries network failures and server errors twice', () => {
    expect(shouldRetry(0, new ApiError(0, undefined, 'offline'))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, undefined, 'busy'))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, undefined, 'busy'))).toBe(false);
  });
});

describe('ApiError in Bengali mode (issue 18)', () => {
  const body = {
    success: false,
    message: 'Out of Stock: Classic Polo (Size: M) has only 1 left.',
    code: 'out-of-stock-left',
    params: { product: 'Classic Polo', size: 'M', available: 1 },
    errors: { 'cart.0.qty': ['Out of Stock: Classic Polo (Size: M) has only 1 left.'], phone: ['Some rule this client has no words for.'] },
    fields: { 'cart.0.qty': ['out-of-stock-left'], phone: ['a-code-added-later'] },
  };

  afterEach(async () => {
    await setLocale('en', { remember: false });
  });

  it('shows the English message as the server sent it in English mode', () => {
    const error = new ApiError(409, body, body.message);
    expect(error.serverMessage).toBe(body.message);
    expect(error.firstFieldErrors).toEqual({ 'cart.0.qty': body.message, phone: 'Some rule this client has no words for.' });
  });

  it("words the answer's code and params in Bengali, keeping English for a code it does not know", async () => {
    await setLocale('bn', { remember: false });
    await loadErrorTexts();
    const error = new ApiError(409, body, body.message);
    expect(error.serverMessage).toBe('স্টক কম: Classic Polo (M সাইজ) মাত্র ১টি বাকি।');
    expect(error.firstFieldErrors).toEqual({ 'cart.0.qty': 'স্টক কম: Classic Polo (M সাইজ) মাত্র ১টি বাকি।', phone: 'Some rule this client has no words for.' });
    expect(error.message).toBe(body.message);
    expect(error.params).toEqual(body.params);
  });

  it('words each field by its code alone, and keeps English where the wording needs values the answer did not send (issue 26)', async () => {
    await setLocale('bn', { remember: false });
    await loadErrorTexts();
    // The answer's params are its own (first) message's; a later field with values of its own has none.
    const limits = {
      success: false,
      message: 'You can order at most 10 of one item in one order.',
      code: 'line-limit',
      params: { max: 10 },
      errors: { 'cart.0.qty': ['You can order at most 10 of one item in one order.'], 'cart.1.qty': ['You can order at most 4 of one item in one order.'], name: ['Reworded: the name is missing.'] },
      fields: { 'cart.0.qty': ['line-limit'], 'cart.1.qty': ['line-limit'], name: ['checkout-name-required'] },
    };
    const error = new ApiError(422, limits, limits.message);
    expect(error.serverMessage).toBe('এক অর্ডারে একটি পণ্য সর্বোচ্চ ১০টি নেওয়া যায়।');
    expect(error.firstFieldErrors).toEqual({
      'cart.0.qty': 'এক অর্ডারে একটি পণ্য সর্বোচ্চ ১০টি নেওয়া যায়।',
      'cart.1.qty': 'You can order at most 4 of one item in one order.',
      name: 'নাম দিতে হবে',
    });
  });
});
