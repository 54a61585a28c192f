import { normalizePhone } from '../../../contracts/phone';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { OrderTrackingDetailsResponse } from '../../../contracts/orders';
import { toTrackingDetails } from '../api/dto/order-tracking-details.response';
import { toTracking, type OrderTrackingResponse } from '../api/dto/order.responses';
import { OrderNotFound } from '../domain/order.errors';
import { normalizeOrderId } from '../domain/order-id';
import { CurrentTimeline } from '../read-model/current-timeline';
import { OrderReadModel } from '../read-model/order-read-model';
import { GetOrderInformationQuery } from './get-order-information.query';
import { OrderPaymentReader } from '../pay-order/order-payments';
import { paymentViewOf } from '../pay-order/payment-view';

/** A wrong id and a wrong phone get the very same answer, so the call never confirms that an id exists. */
@QueryHandler(GetOrderInformationQuery)
export class GetOrderInformationHandler implements IQueryHandler<GetOrderInformationQuery, OrderTrackingResponse & OrderTrackingDetailsResponse> {
  constructor(
    private readonly orders: OrderReadModel,
    private readonly payments: OrderPaymentReader,
    private readonly timelines: CurrentTimeline,
  ) {}

  async execute({ orderId, phone }: GetOrderInformationQuery): Promise<OrderTrackingResponse & OrderTrackingDetailsResponse> {
    const id = normalizeOrderId(orderId);
    const order = id ? await this.orders.details(id) : null;
    if (!order || !samePhone(order.phone, phone)) throw new OrderNotFound();
    const [lines, timeline] = await Promise.all([this.orders.lines(order.order_id), this.timelines.of(order)]);
    // The spec's fields first and unchanged; the details are added beside them.
    const answer = { ...toTracking(order), ...toTrackingDetails(order, lines, timeline) };
    if (order.payment_method !== 'bkash' && !order.advance_required_paisa) return answer;
    // A bKash order (issue 34), or a cash order's advance (issue 30): its payment as its stream says now, just after the shopper's return.
    const facts = await this.payments.facts(order.order_id);
    if (!facts || (!facts.payment && !facts.viaGateway)) return answer;
    const payment = paymentViewOf(facts.payment);
    const paid = payment?.state === 'paid' || payment?.state === 'partly_refunded' || payment?.state === 'refunded';
    // A paid advance leaves the rest of the total for the courier to collect; a paid bKash order nothing.
    const onDelivery = facts.payment?.advance ? Math.max(0, facts.totalPaisa - facts.payment.paidPaisa) / 100 : 0;
    return { ...answer, paymentMethod: facts.paymentMethod, payment, ...(paid ? { pay_on_delivery: onDelivery } : {}) };
  }
}

/** The phone as typed, in any form contracts/phone.ts reads (+880, spaces, Bengali digits), against the stored `01…`. */
export function samePhone(stored: string, given: unknown): boolean {
  return typeof given === 'string' && normalizePhone(given) === stored;
}
