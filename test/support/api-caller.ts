import { DEMO_STAFF_ACCOUNTS } from '../../server/seed/demo-accounts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

export type StaffRole = (typeof DEMO_STAFF_ACCOUNTS)[number]['role'];

/** JSON calls to a test server, with or without a bearer token; the answer body parsed when there is one. */
export function apiCaller(baseUrl: () => string) {
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Json };
  };

  const login = async (email: string, password: string) => {
    const { status, body } = await call('POST', '/api/auth/userLogin', undefined, { email, password });
    if (status !== 200) throw new Error(`login of ${email} answered ${status}: ${JSON.stringify(body)}`);
    return body as { access_token: string; user: Json };
  };

  /** Tokens of the seeded admin and care accounts and of a freshly registered customer. */
  const signInEveryRole = async (): Promise<Record<StaffRole | 'customer', string>> => {
    const tokens = { admin: '', care: '', customer: '' };
    for (const account of DEMO_STAFF_ACCOUNTS) tokens[account.role] = (await login(account.email, account.password)).access_token;
    const email = `shopper-${Date.now()}@gmail.com`;
    const registered = await call('POST', '/api/auth/register', undefined, { name: 'Rahim Uddin', email, password: 'a long shopper passphrase' });
    if (registered.status >= 300) throw new Error(`registering a customer answered ${registered.status}`);
    tokens.customer = (await login(email, 'a long shopper passphrase')).access_token;
    return tokens;
  };

  return { call, login, signInEveryRole };
}
