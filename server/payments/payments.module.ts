import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { OutsideServices } from '../outside/outside-services';
import { STOREFRONT_PAYMENTS } from '../catalog/storefront-payments';
import { CHECKOUT_PAYMENTS } from '../ordering/published';
import { AdminRefundsController, PaymentsController } from './api/payments.controller';
import { choosePaymentGateway } from './gateway/live-gateways';
import { PAYMENT_GATEWAY } from './gateway/payment-gateway';
import { PaymentsService } from './payments.service';

/**
 * Payments through a gateway (issue 34, ADR 060): bKash tokenized checkout, or the demo gateway without its
 * credentials. Offers checkout its hook (`CHECKOUT_PAYMENTS`, declared by ordering); every payment fact is
 * recorded on the order through ordering's published command.
 */
@Global()
@Module({
  controllers: [PaymentsController, AdminRefundsController],
  providers: [
    {
      provide: PAYMENT_GATEWAY,
      inject: [OutsideServices, APP_CONFIG],
      useFactory: (outside: OutsideServices, config: AppConfig) => outside.register(choosePaymentGateway(config, outside)),
    },
    PaymentsService,
    { provide: CHECKOUT_PAYMENTS, useExisting: PaymentsService },
    // The shop's settings answer says whether checkout can send shoppers to a gateway (bkash_checkout).
    { provide: STOREFRONT_PAYMENTS, useExisting: PaymentsService },
  ],
  // Returns refunds a returned unit's bKash payment through the service (issue 35).
  exports: [CHECKOUT_PAYMENTS, STOREFRONT_PAYMENTS, PaymentsService],
})
export class PaymentsModule {}
