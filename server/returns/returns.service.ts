import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { CLOCK, type Clock } from '../common/clock';
import { SharedAttempts } from '../common/shared-attempts';
import { NotFoundError, ServiceUnavailableError, ValidationFailedError } from '../common/errors/domain-error';
import type { AuthenticatedUser } from '../common/request/authenticated-user';
import { CommandPath } from '../event-store/command-path/command-path';
import type { StreamEvents } from '../event-store/command-path/decider';
import type { StreamState } from '../event-store/command-path/stream-states';
import { quoteIdentifier } from '../event-store/projection';
import { writeReturnRows } from './projections/returns.projection';
import { writeReturnTimelineRows } from './projections/return-timeline.projection';
import type { AppendResult, EventMetadata } from '../event-store/event-store.types';
import { personalDataVault } from '../event-store/personal-data/personal-data';
import { COURIER_NAMES_FOR_PEOPLE, Couriers } from '../fulfilment/couriers/couriers';
import { CourierRefusal, type BookedParcel, type PickupRequest } from '../fulfilment/couriers/courier-port';
import { skuDecider, type SkuCommand } from '../inventory/domain/sku';
import { skuStateOf, type SkuLedger } from '../inventory/domain/sku-ledger';
import { OutOfStock } from '../inventory/domain/sku.errors';
import { normalizeSize, skuStreamId } from '../inventory/domain/sku-stream';
import { ReturnDesk, type ReturnOrderFacts } from '../ordering/published';
import { OutsideServiceError } from '../outside/outside-http';
import { PaymentGatewayRefused, PaymentsService } from '../payments/payments.service';
import type { RefundMethod, ReturnKind, ReturnReason } from '../../contracts/returns';
import { creditStreamId, RETURN_SETTINGS_STREAM, returnsStreamId, type ReturnEvent, type StoreCreditEvent } from './domain/return.events';
import { returnSettingsDecider, type ChangeReturnSettings } from './domain/return-settings';
import { returnsDecider, type ReturnCommand, type ReturnRequestState, type ReturnSettings, type ReturnsState } from './domain/returns';
import { storeCreditDecider, type StoreCreditState } from './domain/store-credit';

export interface AskInput {
  productId: number;
  size: string;
  unit: number;
  kind: ReturnKind;
  reason: ReturnReason;
  newSize: string | null;
  photo?: string | null;
}

/** A product's price and sizes as the catalog shows them now, with each size's stock available. */
interface ProductNow {
  pricePaisa: number;
  sizes: Array<{ size: string; available: number }>;
}

/**
 * Returns and size exchanges (issue 35, ADR 062): the shopper's request, care's decisions, the courier's
 * pick-up, the unit received back, the exchange's linked order and the refund. Each step goes through the one
 * command path on the order's `returns-<orderId>` stream, with the SKU streams it moves (inventory's rules) and
 * the phone's store credit in the same append. Outside calls (courier, bKash) are recorded as an intent first
 * and are idempotent by return id, so a retry after a crash books and refunds once.
 */
@Injectable()
export class ReturnsService {
  private readonly logger = new Logger('Returns');
  private readonly pickups = new SharedAttempts<ReturnRequestState>();

  constructor(
    private readonly writer: CommandPath,
    private readonly desk: ReturnDesk,
    private readonly couriers: Couriers,
    private readonly payments: PaymentsService,
    private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async settings(): Promise<ReturnSettings> {
    return (await this.writer.read([RETURN_SETTINGS_STREAM])).get(RETURN_SETTINGS_STREAM)!.state as ReturnSettings;
  }

  async changeSettings(settings: ReturnSettings, metadata: EventMetadata): Promise<ReturnSettings> {
    const command: ChangeReturnSettings = { type: 'ChangeReturnSettings', data: { ...settings, now: this.clock.now() } };
    await this.writer.handle(RETURN_SETTINGS_STREAM, (state: ReturnSettings) => returnSettingsDecider.decide(command, state), metadata);
    return this.settings();
  }

  forShopper(orderId: unknown, phone: unknown, user: AuthenticatedUser | undefined): Promise<ReturnOrderFacts> {
    return this.desk.forShopper(orderId, phone, user);
  }

  async state(orderId: string): Promise<ReturnsState> {
    const stream = returnsStreamId(orderId);
    return (await this.writer.read([stream])).get(stream)!.state as ReturnsState;
  }

  /** The products' prices and sizes now, with the stock of each size. */
  async productsNow(productIds: number[]): Promise<Map<number, ProductNow>> {
    if (productIds.length === 0) return new Map();
    const rows: Array<{ id: number; price_paisa: number; sizes: Array<{ size: string; available: number }> }> = await this.dataSource.query(
      `SELECT p.id, p.price_paisa,
              (SELECT coalesce(json_agg(json_build_object('size', z.value, 'available', coalesce(s.available, 0)) ORDER BY z.id), '[]'::json)
                 FROM product_sizes ps JOIN sizes z ON z.id = ps.size_id
                 LEFT JOIN sku_stock s ON s.product_id = p.id AND s.size = upper(z.value)
                WHERE ps.product_id = p.id) AS sizes
         FROM products p WHERE p.id = ANY($1::int[])`,
      [productIds],
    );
    return new Map(rows.map((row) => [row.id, { pricePaisa: Number(row.price_paisa), sizes: row.sizes.map((entry) => ({ size: normalizeSize(entry.size), available: entry.available })) }]));
  }

  /** The shopper asks: the request, and for an exchange the new size's unit reserved in the same append. */
  async ask(order: ReturnOrderFacts, input: AskInput, metadata: EventMetadata): Promise<{ returnId: string; state: ReturnsState }> {
    const settings = await this.settings();
    const stream = returnsStreamId(order.orderId);
    const newSize = input.kind === 'exchange' && input.newSize ? safeSize(input.newSize) : null;
    const product = (await this.productsNow([input.productId])).get(input.productId);
    const offered = newSize !== null && product?.sizes.some((entry) => entry.size === newSize) === true;
    const sku = offered ? skuStreamId(input.productId, newSize) : null;
    const exchangeOrderId = input.kind === 'exchange' ? this.desk.newOrderId() : null;
    return this.writer.write(sku ? [stream, sku] : [stream], async (attempt) => {
      const loaded = await attempt.load(sku ? [stream, sku] : [stream]);
      const state = loaded.get(stream)!.state as ReturnsState;
      const skuState = sku ? skuStateOf(loaded.get(sku)!.state as SkuLedger) : null;
      const command: ReturnCommand = {
        type: 'AskReturn',
        data: {
          order, settings, now: this.clock.now(), productId: input.productId, size: normalizeSize(input.size), unit: input.unit, kind: input.kind, reason: input.reason,
          newSize, newSizePricePaisa: product && offered ? product.pricePaisa : null, newSizeSold: skuState !== null && skuState.available >= 1, exchangeOrderId, photo: input.photo ?? null,
        },
      };
      const events = returnsDecider.decide(command, state);
      const streams: StreamEvents[] = [{ streamId: stream, events }];
      if (sku && exchangeOrderId && skuState) {
        const reserve: SkuCommand = { type: 'ReserveStock', data: { productId: input.productId, size: newSize!, quantity: 1, orderId: exchangeOrderId } };
        try {
          streams.push({ streamId: sku, events: skuDecider.decide(reserve, skuState) });
        } catch (error) {
          if (error instanceof OutOfStock) throw ValidationFailedError.field('new_size', 'exchange-size-unavailable', { size: newSize! });
          throw error;
        }
      }
      await attempt.append(streams, metadata, inline);
      const after = events.reduce((folded, event) => returnsDecider.evolve(folded, event), state);
      return { returnId: (events[0] as Extract<ReturnEvent, { type: 'ReturnRequested' }>).data.returnId, state: after };
    });
  }

  /** A staff step that touches only the returns stream (approve, call) or also SKU streams (refuse, receive). */
  async step(returnId: string, given: ReturnCommand, metadata: EventMetadata): Promise<ReturnRequestState> {
    const command = { ...given, data: { ...given.data, now: this.clock.now() } } as ReturnCommand;
    const orderId = orderIdOf(returnId);
    const stream = returnsStreamId(orderId);
    const before = requestIn(await this.state(orderId), returnId);
    const skus = this.skusTouched(before, command);
    return this.writer.write([stream, ...skus], async (attempt) => {
      const loaded = await attempt.load([stream, ...skus]);
      const state = loaded.get(stream)!.state as ReturnsState;
      const events = returnsDecider.decide(command, state);
      const request = requestIn(state, returnId);
      const streams: StreamEvents[] = [{ streamId: stream, events }];
      if (events.length > 0) streams.push(...this.stockMoves(request, command, orderId, loaded));
      if (events.length > 0) await attempt.append(streams, metadata, inline);
      return requestIn(events.reduce((folded, event) => returnsDecider.evolve(folded, event), state), returnId);
    });
  }

  private skusTouched(request: ReturnRequestState, command: ReturnCommand): string[] {
    if (command.type === 'RefuseReturn' && request.kind === 'exchange' && request.newSize) return [skuStreamId(request.productId, request.newSize)];
    if (command.type === 'ReceiveReturn') return [skuStreamId(request.productId, request.size)];
    return [];
  }

  /** What a step moves in stock, decided by inventory's rules on the SKU states loaded. */
  private stockMoves(request: ReturnRequestState, command: ReturnCommand, orderId: string, loaded: ReadonlyMap<string, StreamState>): StreamEvents[] {
    if (command.type === 'RefuseReturn' && request.kind === 'exchange' && request.newSize && request.exchangeOrderId) {
      // The exchange's reserved unit goes back to stock.
      const sku = skuStreamId(request.productId, request.newSize);
      const state = skuStateOf(loaded.get(sku)!.state as SkuLedger, request.exchangeOrderId);
      if ((state.reservations[request.exchangeOrderId] ?? 0) < 1) return [];
      return [{ streamId: sku, events: skuDecider.decide({ type: 'ReleaseStock', data: { productId: request.productId, size: request.newSize, quantity: 1, orderId: request.exchangeOrderId, reason: `exchange ${request.returnId} refused` } }, state) }];
    }
    if (command.type === 'ReceiveReturn') {
      const sku = skuStreamId(request.productId, request.size);
      const state = skuStateOf(loaded.get(sku)!.state as SkuLedger, orderId);
      const held = (state.reservations[orderId] ?? 0) >= 1;
      const ref = { productId: request.productId, size: request.size };
      // The sold unit leaves the order's reservation: back to the shelf, or written off as damaged.
      const events = held
        ? skuDecider.decide({ type: 'ReleaseStock', data: { ...ref, quantity: 1, orderId, reason: `return ${request.returnId} received` } }, state)
        : command.data.condition === 'stock'
          ? skuDecider.decide({ type: 'ReceiveStock', data: { ...ref, quantity: 1 } }, state)
          : [];
      if (command.data.condition === 'damaged' && held) {
        const after = events.reduce((folded, event) => skuDecider.evolve(folded, event), state);
        events.push(...skuDecider.decide({ type: 'AdjustStock', data: { ...ref, delta: -1, reason: `damaged return ${request.returnId}` } }, after));
      }
      return [{ streamId: sku, events }];
    }
    return [];
  }

  /**
   * Books the pick-up through the courier port: the intent first, then the courier (idempotent by return id),
   * then its answer. An intent already recorded with this courier and no answer (a crash, a timeout) makes this
   * attempt ask the courier for the pick-up it may hold before it books (`findPickup`, as the order's booking
   * asks `findByOrder`); in this process, concurrent bookings of one return share one attempt.
   */
  bookPickup(returnId: string, courierName: string, trackingCode: string | undefined, metadata: EventMetadata): Promise<ReturnRequestState> {
    return this.pickups.run(returnId.trim().toUpperCase(), () => this.bookPickupOnce(returnId, courierName, trackingCode, metadata)).attempt;
  }

  private async bookPickupOnce(returnId: string, courierName: string, trackingCode: string | undefined, metadata: EventMetadata): Promise<ReturnRequestState> {
    const orderId = orderIdOf(returnId);
    const request = requestIn(await this.state(orderId), returnId);
    if (request.pickupBooked) return request;
    const courier = this.couriers.get(courierName);
    if (!courier.bookPickup) throw ValidationFailedError.field('courier', 'courier-no-pickups');
    if (courier.name === 'manual' && !trackingCode?.trim()) throw ValidationFailedError.field('trackingCode', 'tracking-code-required');
    const facts = await this.desk.facts(orderId);
    if (!facts) throw ValidationFailedError.field('unit', 'return-unit-unknown');
    // Couriers that book by their own area ids get no pick-up whose district cannot be told (as for a parcel).
    if (courier.needsDistrict && !facts.recipient.district) throw ValidationFailedError.field('address', 'address-incomplete');
    const pickup: PickupRequest = {
      returnId: request.returnId,
      orderId,
      kind: request.kind,
      senderName: facts.recipient.name,
      senderPhone: facts.recipient.phone,
      senderAddress: facts.recipient.address,
      district: facts.recipient.district ?? undefined,
      thana: facts.recipient.thana ?? undefined,
      // Nothing is collected at the pick-up: an exchange's difference and charge are its linked order's due.
      amountToCollectTaka: 0,
      itemDescription: `1 x ${facts.lines.find((line) => line.productId === request.productId)?.name ?? 'tee'} (${request.size})`,
      trackingCode: trackingCode?.trim(),
    };
    const unanswered = request.pickupCourier === courier.name;
    await this.step(returnId, { type: 'RequestReturnPickup', data: { returnId, now: this.clock.now(), courier: courier.name } }, metadata);
    let parcel: BookedParcel | null = null;
    try {
      if (unanswered && courier.findPickup) parcel = await courier.findPickup(pickup);
      parcel ??= await courier.bookPickup(pickup);
    } catch (error) {
      if (error instanceof CourierRefusal) throw ValidationFailedError.field('courier', 'courier-refused', { reason: error.reason.slice(0, 200) });
      if (error instanceof OutsideServiceError) {
        if (!error.retryable) throw ValidationFailedError.field('courier', 'courier-refused', { reason: (error.detail || 'refused').slice(0, 200) });
        this.logger.warn(`${courier.name} pick-up of ${returnId}: ${error.message}`);
        throw new ServiceUnavailableError('courier-unavailable');
      }
      throw error;
    }
    const courierLabel = courier.name === 'manual' ? 'Manual' : COURIER_NAMES_FOR_PEOPLE[courier.name];
    return this.step(returnId, { type: 'RecordReturnPickup', data: { returnId, now: this.clock.now(), courier: courier.name, courierName: courierLabel, consignmentId: parcel.consignmentId, trackingCode: parcel.trackingCode } }, metadata);
  }

  /** Places the exchange's linked order (once), then records it on the request. */
  async shipExchange(returnId: string, metadata: EventMetadata): Promise<ReturnRequestState> {
    const orderId = orderIdOf(returnId);
    const state = await this.state(orderId);
    const request = requestIn(state, returnId);
    const command: ReturnCommand = { type: 'RecordExchangeOrder', data: { returnId, now: this.clock.now() } };
    // The rules first (nothing is placed for a request that may not ship), then the order, then the record.
    const events = returnsDecider.decide(command, state);
    if (events.length === 0) return request;
    await this.desk.placeExchangeOrder(
      {
        exchangeOrderId: request.exchangeOrderId!, originalOrderId: orderId, returnId, productId: request.productId, newSize: request.newSize!,
        unitPricePaisa: request.unitPricePaisa + request.priceDifferencePaisa, pickupChargePaisa: request.pickupChargePaisa, collectPaisa: request.priceDifferencePaisa + request.pickupChargePaisa,
      },
      metadata,
    );
    return this.step(returnId, command, metadata);
  }

  /** Refunds a received return: to bKash through the payment port (once per return), as cash, or as store credit. */
  async refund(returnId: string, method: RefundMethod, amountPaisa: number | null, metadata: EventMetadata): Promise<ReturnRequestState> {
    const orderId = orderIdOf(returnId);
    const facts = await this.desk.facts(orderId);
    if (!facts) throw ValidationFailedError.field('unit', 'return-unit-unknown');
    const state = await this.state(orderId);
    const request = requestIn(state, returnId);
    const amount = amountPaisa ?? request.refundAmountPaisa;
    const command = (refundTrxId: string | null): ReturnCommand => ({ type: 'RecordReturnRefund', data: { returnId, now: this.clock.now(), method, amountPaisa: amount, refundTrxId, orderPaidPaisa: facts.paidPaisa } });
    // The rules first: a refund above what was paid never reaches bKash.
    returnsDecider.decide(command(null), state);
    if (method === 'bkash') {
      if (!facts.paidByGateway) throw ValidationFailedError.field('method', 'return-refund-not-bkash');
      // One refund id per attempt: a refund bKash refused may be tried again under the next id; one bKash made
      // (an answer recorded before a crash) is recorded on the return without asking bKash again.
      const refunds = Object.entries((await this.payments.factsOf(orderId))?.payment?.refunds ?? {}).filter(([id]) => id.startsWith(`return-${returnId}-`));
      const made = refunds.find(([, refund]) => refund.state === 'refunded');
      if (made) return this.step(returnId, command(made[1].refundTrxId), metadata);
      const waiting = refunds.find(([, refund]) => refund.state === 'requested');
      const refundId = waiting?.[0] ?? `return-${returnId}-${refunds.length + 1}`;
      const paid = await this.payments.refund(orderId, amount, `Return ${returnId}`, refundId, metadata);
      const refund = paid.payment?.refunds[refundId];
      if (refund?.state !== 'refunded') throw new PaymentGatewayRefused('the refund was not made');
      return this.step(returnId, command(refund.refundTrxId), metadata);
    }
    if (method === 'cash') return this.step(returnId, command(null), metadata);
    return this.grantCredit(returnId, facts, command(null), amount, metadata);
  }

  /** Store credit: the refund on the request and the credit on the phone's balance, in one append. */
  private async grantCredit(returnId: string, facts: ReturnOrderFacts, command: ReturnCommand, amountPaisa: number, metadata: EventMetadata): Promise<ReturnRequestState> {
    const stream = returnsStreamId(facts.orderId);
    const credit = this.creditStream(facts.phone);
    return this.writer.write([stream, credit], async (attempt) => {
      const loaded = await attempt.load([stream, credit]);
      const state = loaded.get(stream)!.state as ReturnsState;
      const events = returnsDecider.decide(command, state);
      const granted = storeCreditDecider.decide({ type: 'GrantStoreCredit', data: { amountPaisa, orderId: facts.orderId, returnId, now: this.clock.now() } }, loaded.get(credit)!.state as StoreCreditState);
      await attempt.append([{ streamId: stream, events }, { streamId: credit, events: granted }], metadata, inline);
      return requestIn(events.reduce((folded, event) => returnsDecider.evolve(folded, event), state), returnId);
    });
  }

  creditStream(phone: string): string {
    const vault = personalDataVault(this.dataSource);
    if (!vault) throw new Error('No personal-data key is configured.');
    return creditStreamId(vault.phonePseudonym(phone));
  }

  async creditOf(phone: string): Promise<{ balancePaisa: number; entries: Array<{ at: string; amountPaisa: number; kind: 'granted' | 'spent' | 'restored'; orderId: string }> }> {
    const stream = this.creditStream(phone);
    const rows: Array<{ type: StoreCreditEvent['type']; data: StoreCreditEvent['data'] }> = await this.dataSource.query(`SELECT type, data FROM events WHERE stream_id = $1 ORDER BY stream_position`, [stream]);
    const balance = (await this.writer.read([stream])).get(stream)!.state as StoreCreditState;
    return {
      balancePaisa: balance.balancePaisa,
      entries: rows.map((row) => ({ at: row.data.at, amountPaisa: row.data.amountPaisa, kind: row.type === 'StoreCreditGranted' ? 'granted' : row.type === 'StoreCreditRestored' ? 'restored' : 'spent', orderId: row.data.orderId })),
    };
  }
}

/** The request rows written in the append's own transaction (the projection's rows, at once). */
const inline = async (manager: EntityManager, result: AppendResult) => {
  const events = result.events.filter((event) => event.streamId.startsWith('returns-'));
  await writeReturnRows(manager, quoteIdentifier, events);
  await writeReturnTimelineRows(manager, quoteIdentifier, events);
};

/** `<orderId>-R<n>` names its order. */
export function orderIdOf(returnId: string): string {
  return returnId.trim().toUpperCase().replace(/-R\d+$/, '');
}

function requestIn(state: ReturnsState, returnId: string): ReturnRequestState {
  const request = state.requests[returnId];
  if (!request) throw new NotFoundError('return-unknown');
  return request;
}

function safeSize(size: string): string | null {
  try {
    return normalizeSize(size);
  } catch {
    return null;
  }
}
