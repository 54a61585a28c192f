import type { AppConfig } from '../../config/app-config';
import { chooseAdapters } from '../../outside/outside-adapter';
import type { OutsideServices } from '../../outside/outside-services';
import { BkashGateway } from './bkash-gateway';
import { DemoGateway, type DemoGatewayStore } from './demo-gateway';
import type { PaymentGateway } from './payment-gateway';

/**
 * The store's payment gateway as the configuration chooses it (ADR 056): bKash when its four credentials are
 * given, the demo gateway when none is; half of them stops the start naming the missing ones.
 */
export function choosePaymentGateway(config: Pick<AppConfig, 'payments' | 'appOrigins'>, outside: Pick<OutsideServices, 'call'>, store: DemoGatewayStore): PaymentGateway {
  const bkash = config.payments?.bkash;
  const [chosen] = chooseAdapters<PaymentGateway>(
    [
      {
        provider: 'bkash',
        settings: { BKASH_APP_KEY: bkash?.appKey, BKASH_APP_SECRET: bkash?.appSecret, BKASH_USERNAME: bkash?.username, BKASH_PASSWORD: bkash?.password },
        create: () =>
          new BkashGateway(outside, { baseUrl: bkash!.baseUrl, timeoutMs: bkash!.timeoutMs, appKey: bkash!.appKey!, appSecret: bkash!.appSecret!, username: bkash!.username!, password: bkash!.password! }),
      },
    ],
    () => new DemoGateway((paymentId) => `${config.appOrigins[0]}/api/payments/demo/pay?paymentId=${encodeURIComponent(paymentId)}`, store),
  );
  return chosen;
}
