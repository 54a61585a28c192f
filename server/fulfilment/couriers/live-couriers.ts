import type { LiveCourierSettings } from '../../config/app-config';
import type { OutsideServices } from '../../outside/outside-services';
import type { Courier } from './courier-port';
import { PathaoCourier } from './pathao-courier';
import { RedxCourier } from './redx-courier';
import { SteadfastCourier } from './steadfast-courier';

type CourierEnv = LiveCourierSettings;

/**
 * The live couriers as `chooseAdapters` takes them (ADR 056): each with the settings that configure it (all or
 * none; the base URLs have defaults and so are not counted) and how to create it. The fulfilment module's
 * registry adds them beside the demo and manual couriers; a courier whose settings are all unset is not offered,
 * and half of them stops the start naming the missing ones.
 */
export function liveCourierOptions(
  env: CourierEnv,
  outside: Pick<OutsideServices, 'call'>,
  timeoutMs?: number,
): Array<{ provider: string; settings: Record<string, string | undefined>; create: () => Courier }> {
  return [
    {
      provider: 'steadfast',
      settings: { STEADFAST_API_KEY: env.STEADFAST_API_KEY, STEADFAST_SECRET_KEY: env.STEADFAST_SECRET_KEY, STEADFAST_WEBHOOK_TOKEN: env.STEADFAST_WEBHOOK_TOKEN },
      create: () =>
        new SteadfastCourier(outside, {
          baseUrl: env.STEADFAST_BASE_URL,
          apiKey: env.STEADFAST_API_KEY!,
          secretKey: env.STEADFAST_SECRET_KEY!,
          webhookToken: env.STEADFAST_WEBHOOK_TOKEN!,
          timeoutMs,
        }),
    },
    {
      provider: 'pathao',
      settings: {
        PATHAO_CLIENT_ID: env.PATHAO_CLIENT_ID,
        PATHAO_CLIENT_SECRET: env.PATHAO_CLIENT_SECRET,
        PATHAO_USERNAME: env.PATHAO_USERNAME,
        PATHAO_PASSWORD: env.PATHAO_PASSWORD,
        PATHAO_STORE_ID: env.PATHAO_STORE_ID === undefined ? undefined : String(env.PATHAO_STORE_ID),
        PATHAO_WEBHOOK_SECRET: env.PATHAO_WEBHOOK_SECRET,
      },
      create: () =>
        new PathaoCourier(outside, {
          baseUrl: env.PATHAO_BASE_URL,
          clientId: env.PATHAO_CLIENT_ID!,
          clientSecret: env.PATHAO_CLIENT_SECRET!,
          username: env.PATHAO_USERNAME!,
          password: env.PATHAO_PASSWORD!,
          storeId: env.PATHAO_STORE_ID!,
          webhookSecret: env.PATHAO_WEBHOOK_SECRET!,
          timeoutMs,
        }),
    },
    {
      provider: 'redx',
      settings: { REDX_TOKEN: env.REDX_TOKEN, REDX_WEBHOOK_TOKEN: env.REDX_WEBHOOK_TOKEN },
      create: () => new RedxCourier(outside, { baseUrl: env.REDX_BASE_URL, token: env.REDX_TOKEN!, webhookToken: env.REDX_WEBHOOK_TOKEN!, timeoutMs }),
    },
  ];
}
