import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../common/clock';
import type { AuthenticatedUser } from '../../common/request/authenticated-user';
import { CommandPath } from '../../event-store/command-path/command-path';
import { EventStore } from '../../event-store/event-store';
import type { EventMetadata } from '../../event-store/event-store.types';
import { quoteIdentifier } from '../../event-store/projection';
import { skuStreamId } from '../../inventory/domain/sku-stream';
import { orderStateOf, skuStatesOf } from '../domain/loaded-states';
import type { InstantOrderPlaced, OrderCustomer, OrderEvent, OrderLine, OrderLocale, OrderTotals } from '../domain/order.events';
import { normalizeOrderId, newOrderId, orderStreamId } from '../domain/order-id';
import { OrderNotFound, OrderRuleViolation } from '../domain/order.errors';
import type { OrderStatus } from '../domain/order-status';
import { writeOrderTracking } from '../projections/order-tracking.writer';
import { OrderReadModel } from '../read-model/order-read-model';
import { samePhone } from '../track-order/get-order-information.handler';
import { parcelAreaOf } from '../shipments/shipment-desk';

/** An order as returns and exchanges read it (issue 35): its lines, when it was delivered, what was paid. */
export interface ReturnOrderFacts {
  orderId: string;
  status: OrderStatus;
  delivered: boolean;
  deliveredAt: string | null;
  locale: OrderLocale;
  /** The phone the order was placed with (its store credit's owner) and its signed-in owner, if any. */
  phone: string;
  userId: string | null;
  lines: OrderLine[];
  /** The goods' share of their catalog price the shopper paid after discounts (1: none). */
  paidShare: number;
  /** What the shopper paid in all: the bKash payment, or the cash of a delivered order. */
  paidPaisa: number;
  /** True when the order was paid through the bKash gateway (refunds go back there). */
  paidByGateway: boolean;
  /** Where a pick-up comes from: the order's recipient. */
  recipient: { name: string; phone: string; address: string; district: string | null; thana: string | null };
}

/**
 * What ordering offers the returns context (issue 35, ADR 062), published through `published.ts`: an order's
 * facts for its return rules (read from its own stream), who may ask (its phone or signed-in owner, alike for a
 * wrong id or phone), and placing the linked order that ships an exchange's new size, whose unit the request
 * already reserved under the new order's id.
 */
@Injectable()
export class ReturnDesk {
  constructor(
    private readonly writer: CommandPath,
    private readonly events: EventStore,
    private readonly orders: OrderReadModel,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The order, when the phone (or signed-in owner) is its own; "not found" alike otherwise. */
  async forShopper(orderId: unknown, phone: unknown, user: AuthenticatedUser | undefined): Promise<ReturnOrderFacts> {
    const id = normalizeOrderId(orderId);
    const order = id ? await this.orders.details(id) : null;
    const owner = order !== null && user?.role === 'customer' && order.user_id === user.id;
    if (!order || !(owner || samePhone(order.phone, phone))) throw new OrderNotFound();
    const facts = await this.facts(order.order_id);
    if (!facts) throw new OrderNotFound();
    return facts;
  }

  /** The phones a customer's orders were placed with (their store credit is kept per phone). */
  async phonesOfUser(userId: string): Promise<string[]> {
    return [...new Set((await this.orders.ofUser(userId)).map((order) => order.phone))].sort();
  }

  /** A new order id for an exchange's linked order (its unit is reserved under it when the shopper asks). */
  newOrderId(): string {
    return newOrderId();
  }

  async facts(orderId: string): Promise<ReturnOrderFacts | null> {
    const id = normalizeOrderId(orderId);
    if (!id) return null;
    const stream = orderStreamId(id);
    const state = orderStateOf(await this.writer.read([stream]), stream);
    if (state.status === 'none') return null;
    const details = await this.orders.details(id);
    if (!details) return null;
    const recorded = await this.events.readStream(stream);
    let lines: OrderLine[] = [];
    let totals: OrderTotals | null = null;
    let instantPaid: number | null = null;
    let locale: OrderLocale = 'en';
    let phone = '';
    let userId: string | null = null;
    let deliveredAt: string | null = null;
    for (const { type, data } of recorded as unknown as OrderEvent[]) {
      if (type === 'OrderPlaced') {
        ({ lines, totals } = data);
        locale = data.locale ?? 'en';
        phone = data.customer.phone;
        userId = data.customer.userId;
      } else if (type === 'InstantOrderPlaced') {
        lines = data.lines;
        instantPaid = data.payment.amountPaisa - data.payment.discountPaisa;
        locale = data.exchangeFor?.locale ?? 'en';
        phone = data.customer.phone;
        userId = data.customer.userId;
      } else if (type === 'OrderLineAdded' || type === 'OrderLineChanged' || type === 'OrderLineRemoved') {
        ({ lines, totals } = data);
      } else if (type === 'OrderDelivered') {
        deliveredAt = data.at;
      }
    }
    // The district and thana as a parcel's booking reads them (picked area, else the district the address names).
    const area = parcelAreaOf(details);
    const catalogTotal = lines.reduce((sum, line) => sum + line.unitPricePaisa * line.quantity, 0);
    const goodsPaid = totals ? totals.subtotalPaisa - totals.discountPaisa : (instantPaid ?? catalogTotal);
    const paidShare = catalogTotal > 0 ? Math.min(1, Math.max(0, goodsPaid / catalogTotal)) : 1;
    const paidByGateway = state.payment?.state === 'completed';
    const cashPaid = state.status === 'delivered' ? (totals ? totals.grandTotalPaisa : (instantPaid ?? 0)) : 0;
    return {
      orderId: id,
      status: state.status,
      delivered: state.status === 'delivered' && deliveredAt !== null,
      deliveredAt,
      locale,
      phone,
      userId,
      lines,
      paidShare,
      paidPaisa: paidByGateway ? state.payment!.paidPaisa : cashPaid,
      paidByGateway,
      recipient: { name: details.customer_name, phone: details.shipping_phone || details.phone, address: details.address, district: area?.district ?? null, thana: area?.thana ?? null },
    };
  }

  /**
   * Places the linked order that ships an exchange's new size (an order taken by the store, type 2, payment type
   * "exchange"): the shopper pays the price difference and the pick-up charge at the door (`duePaisa`); its unit
   * is the one the request reserved under `exchangeOrderId`, so nothing is reserved again. Once only: a second
   * call finds the order placed and changes nothing.
   */
  async placeExchangeOrder(
    input: { exchangeOrderId: string; originalOrderId: string; returnId: string; productId: number; newSize: string; unitPricePaisa: number; pickupChargePaisa: number; collectPaisa: number },
    metadata: EventMetadata,
  ): Promise<void> {
    const original = orderStreamId(input.originalOrderId);
    const placed = (await this.events.readStream(original)).find((event) => event.type === 'OrderPlaced' || event.type === 'InstantOrderPlaced');
    if (!placed) throw new OrderNotFound();
    const first = placed.data as { customer: OrderCustomer; lines: OrderLine[]; locale?: OrderLocale };
    const line = first.lines.find((candidate) => candidate.productId === input.productId);
    if (!line) throw new OrderRuleViolation('lines', 'order-line-unknown');
    const stream = orderStreamId(input.exchangeOrderId);
    const sku = skuStreamId(input.productId, input.newSize);
    await this.writer.write([stream, sku], async (attempt) => {
      const loaded = await attempt.load([stream, sku]);
      if (orderStateOf(loaded, stream).status !== 'none') return;
      const held = skuStatesOf(loaded, input.exchangeOrderId).get(sku)?.reservations[input.exchangeOrderId] ?? 0;
      if (held < 1) throw new OrderRuleViolation('lines', 'out-of-stock', { product: line.name, size: input.newSize });
      const amountPaisa = input.unitPricePaisa + input.pickupChargePaisa;
      const event: InstantOrderPlaced = {
        type: 'InstantOrderPlaced',
        data: {
          orderId: input.exchangeOrderId,
          orderType: 2,
          placedAt: this.clock.now().toISOString(),
          customer: first.customer,
          payment: { type: 'exchange', amountPaisa, discountPaisa: amountPaisa - input.collectPaisa, advancePaisa: 0, duePaisa: input.collectPaisa },
          lines: [{ ...line, size: input.newSize, quantity: 1, unitPricePaisa: input.unitPricePaisa }],
          exchangeFor: { orderId: input.originalOrderId, returnId: input.returnId, locale: first.locale ?? 'en' },
        },
      };
      await attempt.append([{ streamId: stream, events: [event] }], metadata, (manager, result) => writeOrderTracking(manager, quoteIdentifier, result.events));
    });
  }
}
