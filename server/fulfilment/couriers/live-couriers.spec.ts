import { startSteadfastFake } from '../../../test/support/fakes/steadfast-fake';
import { parseEnv } from '../../config/env';
import { chooseAdapters } from '../../outside/outside-adapter';
import { callOutside } from '../../outside/outside-http';
import type { Courier } from './courier-port';
import { liveCourierOptions } from './live-couriers';

const outside = { call: callOutside };
const demo = () => ({ service: 'courier', name: 'demo', provider: 'demo', mode: 'demo', label: 'demo courier' }) as unknown as Courier;
const choose = (source: Record<string, string>) => chooseAdapters(liveCourierOptions(parseEnv({ NODE_ENV: 'test', ...source }), outside), demo);

const steadfast = { STEADFAST_API_KEY: 'key-1', STEADFAST_SECRET_KEY: 'secret-1', STEADFAST_WEBHOOK_TOKEN: 'steadfast-webhook-token-1' };
const pathao = {
  PATHAO_CLIENT_ID: 'client',
  PATHAO_CLIENT_SECRET: 'client-secret',
  PATHAO_USERNAME: 'shop@example.com',
  PATHAO_PASSWORD: 'password',
  PATHAO_STORE_ID: '130820',
  PATHAO_WEBHOOK_SECRET: 'pathao-webhook-secret-1',
};
const redx = { REDX_TOKEN: 'redx-token', REDX_WEBHOOK_TOKEN: 'redx-webhook-token-01' };

describe('liveCourierOptions', () => {
  it('offers no live courier without settings (the demo alone)', () => {
    expect(choose({}).map((courier) => courier.provider)).toEqual(['demo']);
  });

  it('offers every courier whose settings are all given, live', () => {
    const chosen = choose({ ...steadfast, ...pathao, ...redx });
    expect(chosen.map((courier) => [courier.name, courier.mode])).toEqual([
      ['steadfast', 'live'],
      ['pathao', 'live'],
      ['redx', 'live'],
    ]);
  });

  it.each([
    ['Steadfast', { STEADFAST_API_KEY: 'key-1' }, 'steadfast is half configured: set STEADFAST_SECRET_KEY, STEADFAST_WEBHOOK_TOKEN as well'],
    ['Pathao', { ...pathao, PATHAO_STORE_ID: '', PATHAO_WEBHOOK_SECRET: '' }, 'pathao is half configured: set PATHAO_STORE_ID, PATHAO_WEBHOOK_SECRET as well'],
    ['RedX', { REDX_TOKEN: 'redx-token' }, 'redx is half configured: set REDX_WEBHOOK_TOKEN as well'],
  ])('stops the start when %s is half configured, naming the missing settings', (_name, source, message) => {
    expect(() => choose(source)).toThrow(message);
  });

  it('takes the documented live addresses by default, and a local fake’s when told', async () => {
    const env = parseEnv({ NODE_ENV: 'test' });
    expect([env.STEADFAST_BASE_URL, env.PATHAO_BASE_URL, env.REDX_BASE_URL]).toEqual([
      'https://portal.packzy.com/api/v1',
      'https://api-hermes.pathao.com',
      'https://openapi.redx.com.bd/v1.0.0-beta',
    ]);
    const fake = await startSteadfastFake();
    try {
      const [courier] = choose({ STEADFAST_BASE_URL: fake.url, STEADFAST_API_KEY: fake.apiKey, STEADFAST_SECRET_KEY: fake.secretKey, STEADFAST_WEBHOOK_TOKEN: fake.webhookToken });
      await courier.book({ orderId: 'TB-ENV-1', recipientName: 'Rahim', recipientPhone: '01712345678', recipientAddress: 'Road 1, Mirpur, Dhaka', amountToCollectTaka: 500, itemCount: 1, weightGrams: 300, itemDescription: '1 × tee' });
      expect(fake.parcels.has('TB-ENV-1')).toBe(true);
    } finally {
      await fake.stop();
    }
  });

  it.each([
    [{ STEADFAST_BASE_URL: 'portal.packzy.com' }, 'STEADFAST_BASE_URL must be a URL starting with http:// or https://'],
    [{ REDX_WEBHOOK_TOKEN: 'short' }, 'REDX_WEBHOOK_TOKEN must be at least 16 characters'],
    [{ PATHAO_STORE_ID: 'main' }, 'PATHAO_STORE_ID'],
  ])('refuses a bad value, naming the setting', (source, message) => {
    expect(() => parseEnv({ NODE_ENV: 'test', ...source })).toThrow(message);
  });
});
