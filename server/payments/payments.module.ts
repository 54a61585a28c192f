import { Global, Module, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CLOCK, systemClock } from '../common/clock';
import { OutsideServices } from '../outside/outside-services';
import { STOREFRONT_PAYMENTS } from '../catalog/storefront-payments';
import { CHECKOUT_PAYMENTS } from '../ordering/published';
import { ProjectionRegistry } from '../event-store/projection-registry';
import { StreamFolds } from '../event-store/command-path/stream-folds';
import { AdminPaymentsController, AdminRefundsController, PaymentsController } from './api/payments.controller';
import { PaymentReconciliation } from './reconciliation/payment-reconciliation';
import { ReconciliationTimers } from './reconciliation/reconciliation-timers';
import { reconciliationDecider } from './reconciliation/reconciliation.decider';
import { PaymentReconciliationsProjection } from './reconciliation/reconciliation.projection';
import { ReconciliationReadModel } from './reconciliation/reconciliation.read-model';
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
  controllers: [PaymentsController, AdminRefundsController, AdminPaymentsController],
  providers: [
    {
      provide: PAYMENT_GATEWAY,
      inject: [OutsideServices, APP_CONFIG, DataSource],
      useFactory: (outside: OutsideServices, config: AppConfig, dataSource: DataSource) => outside.register(choosePaymentGateway(config, outside, dataSource)),
    },
    PaymentsService,
    { provide: CLOCK, useValue: systemClock },
    PaymentReconciliation,
    ReconciliationReadModel,
    ReconciliationTimers,
    { provide: CHECKOUT_PAYMENTS, useExisting: PaymentsService },
    // The shop's settings answer says whether checkout can send shoppers to a gateway (bkash_checkout).
    { provide: STOREFRONT_PAYMENTS, useExisting: PaymentsService },
  ],
  // Returns refunds a returned unit's bKash payment through the service (issue 35).
  exports: [CHECKOUT_PAYMENTS, STOREFRONT_PAYMENTS, PaymentsService],
})
export class PaymentsModule implements OnModuleInit {
  constructor(
    private readonly projections: ProjectionRegistry,
    private readonly folds: StreamFolds,
  ) {}

  onModuleInit(): void {
    // The daily reconciliation (ADR 061): one stream per shop day, and its read model.
    this.folds.register('payment-reconciliation-', reconciliationDecider);
    this.projections.register(new PaymentReconciliationsProjection());
  }
}
