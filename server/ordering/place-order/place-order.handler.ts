import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { PhoneCodeSecrets } from '../../accounts/phone-codes/phone-code-secrets';
import { CLOCK, type Clock } from '../../common/clock';
import { ValidationFailedError } from '../../common/errors/domain-error';
import { GetRunningOfferQuery } from '../../promotions/offers/offers.queries';
import { DataSource } from 'typeorm';
import { personalDataVault } from '../../event-store/personal-data/personal-data';
import { creditStreamId } from '../../returns/domain/return.events';
import { PhoneRiskReadModel } from '../phone-risk/phone-risk.read-model';
import { OrderReadModel } from '../read-model/order-read-model';
import { CheckoutBatcher } from './checkout-batcher';
import { CheckoutLimitsService } from './checkout-limits.service';
import { PlaceOrderCommand, type CheckoutInput, type PlaceOrderResult } from './place-order.command';

/**
 * Places a checkout through the batcher, which prices the cart from the catalog, decides on the current SKU
 * and coupon states and appends the order, every reservation and the redemption in one transaction, with the
 * idempotency record and the confirmation page's read model inside it (ADR 011, 014, 015, 017). Lines added
 * from the offer page carry the running lucky-draw offer's discount (ADR 051). A checkout that carries a
 * phone proof (a code sent to its phone, issue 17) has a verified phone; the store's setting may require one.
 */
@CommandHandler(PlaceOrderCommand)
export class PlaceOrderHandler implements ICommandHandler<PlaceOrderCommand, PlaceOrderResult> {
  constructor(
    private readonly batcher: CheckoutBatcher,
    private readonly queries: QueryBus,
    private readonly limits: CheckoutLimitsService,
    private readonly proofs: PhoneCodeSecrets,
    private readonly phoneRisk: PhoneRiskReadModel,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly orders: OrderReadModel,
    private readonly dataSource: DataSource,
  ) {}

  async execute({ checkout, idempotencyKey, meta, clientAddress }: PlaceOrderCommand): Promise<PlaceOrderResult> {
    const phoneVerified = await this.phoneCheck(checkout);
    // Lines from the offer page get the running offer's discount, as promotions states its rule.
    const offer = checkout.cart.some((line) => line.fromOffer) ? await this.queries.execute(new GetRunningOfferQuery(this.clock.now())) : null;
    const { phoneProof: _proof, useStoreCredit, ...rest } = checkout;
    const storeCreditStream = useStoreCredit ? await this.creditStreamOf(checkout, phoneVerified) : null;
    return this.batcher.submit(
      { ...rest, offer, ...(phoneVerified ? { phoneVerified } : {}), ...(storeCreditStream ? { storeCreditStream } : {}) },
      idempotencyKey,
      meta,
      clientAddress,
    );
  }

  /**
   * The contact phone's store-credit stream (ADR 062), when the shopper has shown the phone is theirs: proven by a
   * code, or the signed-in customer's own earlier order was placed with it. Anyone else is refused (422).
   */
  private async creditStreamOf(checkout: CheckoutInput, phoneVerified: boolean): Promise<string> {
    const phone = checkout.customer.phone;
    const userId = checkout.customer.userId;
    const owned = phoneVerified || (userId !== null && userId !== undefined && (await this.orders.ofUser(userId)).some((order) => order.phone === phone));
    if (!owned) throw ValidationFailedError.field('use_store_credit', 'store-credit-not-yours');
    const vault = personalDataVault(this.dataSource);
    if (!vault) throw ValidationFailedError.field('use_store_credit', 'store-credit-not-yours');
    return creditStreamId(vault.phonePseudonym(phone));
  }

  /**
   * Whether the contact phone is proven, refusing (422 on `phone_proof`) when the setting asks for a proof
   * that is missing. With the setting off this costs the cached settings and, with a proof, one HMAC: no query.
   * "Risky" asks only phones whose record shows a return, an expiry or a block.
   */
  private async phoneCheck(checkout: CheckoutInput): Promise<boolean> {
    const phone = checkout.customer.phone;
    const proven = this.proofs.proves(checkout.phoneProof, phone, this.clock.now());
    if (proven) return true;
    const { phoneVerification } = await this.limits.current();
    if (phoneVerification === 'off') return false;
    if (phoneVerification === 'risky') {
      const [record] = await this.phoneRisk.of([phone]);
      if (!record || (record.returned === 0 && record.expired === 0 && !record.blocked)) return false;
    }
    throw ValidationFailedError.field('phone_proof', 'phone-verification-required');
  }
}
