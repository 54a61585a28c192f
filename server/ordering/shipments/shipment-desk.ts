import { Inject, Injectable } from '@nestjs/common';
import { districtInText } from '../../catalog/areas/area-index';
import { CLOCK, type Clock } from '../../common/clock';
import type { EventMetadata } from '../../event-store/event-store.types';
import { CommandPath } from '../../event-store/command-path/command-path';
import { OrderChanges, type OrderChangeResult } from '../change-order/order-changes';
import { orderStateOf } from '../domain/loaded-states';
import type { ShipmentState } from '../domain/order';
import type { LineKey, ParcelStepData, ShipmentBooked } from '../domain/order.events';
import { normalizeOrderId, orderStreamId } from '../domain/order-id';
import type { OrderStatus } from '../domain/order-status';
import { UnknownOrder } from '../domain/order.errors';
import { cashToCollectPaisa } from '../paperwork/packing-slip';
import { CurrentTimeline } from '../read-model/current-timeline';
import { OrderReadModel, type OrderTimelineEntry } from '../read-model/order-read-model';
import { shipmentFromTimeline, type ShipmentView } from './shipment-view';

/** What a courier needs of an order to carry it (the recipient, what to collect, what is inside). */
export interface ParcelFacts {
  orderId: string;
  status: OrderStatus;
  recipientName: string;
  recipientPhone: string;
  recipientAddress: string;
  /** The order's due amount: what the rider collects, in paisa. */
  amountToCollectPaisa: number;
  itemCount: number;
  itemDescription: string;
  /**
   * Where the parcel goes, as couriers that book by their own area ids need it (issue 30, ADR 059): the picked
   * area's district and thana (or upazila; null when only a district was picked), else the one district the
   * free-text address names (`fromText`), else null: the district cannot be told and care must complete it.
   */
  area: ParcelArea | null;
}

export interface ParcelArea {
  /** The picked area (`t-26`), null for a district read from the free text. */
  areaId: string | null;
  district: string;
  thana: string | null;
  fromText: boolean;
}

/** What the booked parcel's courier said at booking: the `ShipmentBooked` facts the booking brings. */
export type BookedShipment = Omit<ShipmentBooked['data'], 'orderId' | 'at' | 'amountToCollectPaisa'>;

/** Grams a folded t-shirt weighs in its bag, for couriers that price by weight. */
const GRAMS_PER_UNIT = 250;
export const parcelWeightGrams = (units: number) => Math.max(1, units) * GRAMS_PER_UNIT;

/**
 * What ordering offers fulfilment (issue 29), published through `published.ts`: the facts a courier needs,
 * the order's parcel as its own stream knows it (the authority for "already booked"), and the steps that
 * record a booking and the parcel's life as events on the order, each through the one command path.
 */
@Injectable()
export class ShipmentDesk {
  constructor(
    private readonly changes: OrderChanges,
    private readonly writer: CommandPath,
    private readonly orders: OrderReadModel,
    private readonly timelines: CurrentTimeline,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The order's status and parcel as its stream says now (null: no such order). */
  async current(orderId: string): Promise<{ orderId: string; status: OrderStatus; shipment: ShipmentState | null } | null> {
    const id = normalizeOrderId(orderId);
    if (!id) return null;
    const stream = orderStreamId(id);
    const state = orderStateOf(await this.writer.read([stream]), stream);
    if (state.status === 'none') return null;
    return { orderId: id, status: state.status, shipment: state.shipment ?? null };
  }

  async parcelFacts(orderId: string): Promise<ParcelFacts | null> {
    const id = normalizeOrderId(orderId);
    const order = id ? await this.orders.details(id) : null;
    if (!order) return null;
    const lines = await this.orders.lines(order.order_id);
    return {
      orderId: order.order_id,
      status: order.status,
      recipientName: order.customer_name,
      recipientPhone: order.shipping_phone || order.phone,
      recipientAddress: order.address,
      amountToCollectPaisa: cashToCollectPaisa(order),
      itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
      itemDescription: lines.map((line) => `${line.quantity} x ${line.name} (${line.size})`).join(', ').slice(0, 250),
      area: parcelAreaOf(order),
    };
  }

  /** Every area id orders were placed to (or amended to), for care's review of areas a courier cannot place. */
  async areasUsed(): Promise<string[]> {
    return this.orders.areaIdsUsed();
  }

  /** The order's parcel from the read models (the tracking page and care's panel read the same). */
  async view(orderId: string): Promise<ShipmentView> {
    const id = normalizeOrderId(orderId);
    return shipmentFromTimeline(id ? await this.timelineOf(id) : []);
  }

  private async timelineOf(orderId: string): Promise<OrderTimelineEntry[]> {
    const order = await this.orders.details(orderId);
    return order ? this.timelines.of(order) : [];
  }

  requestBooking(orderId: string, courier: string, amountToCollectPaisa: number, metadata: EventMetadata): Promise<OrderChangeResult> {
    return this.changes.apply({ type: 'RequestShipmentBooking', data: { orderId: this.id(orderId), now: this.clock.now(), courier, amountToCollectPaisa } }, metadata);
  }

  recordBooked(orderId: string, booked: BookedShipment, metadata: EventMetadata): Promise<OrderChangeResult> {
    return this.changes.apply({ type: 'RecordShipmentBooked', data: { orderId: this.id(orderId), now: this.clock.now(), ...booked } }, metadata);
  }

  recordStep(orderId: string, step: ParcelStepData, metadata: EventMetadata): Promise<OrderChangeResult> {
    return this.changes.apply({ type: 'RecordParcelStep', data: { orderId: this.id(orderId), now: this.clock.now(), step } }, metadata);
  }

  receiveReturn(orderId: string, damaged: LineKey[], metadata: EventMetadata): Promise<OrderChangeResult> {
    return this.changes.apply({ type: 'ReceiveReturnedParcel', data: { orderId: this.id(orderId), now: this.clock.now(), damaged } }, metadata);
  }

  private id(orderId: string): string {
    const id = normalizeOrderId(orderId);
    if (!id) throw new UnknownOrder(orderId);
    return id;
  }
}

/** The order's picked area, else the district its free text names (the same reading as care's order view). */
/** Where a parcel (or a return's pick-up) goes: the picked area, else the one district the address names, else none. */
export function parcelAreaOf(order: { area_id: string | null; district: string | null; thana: string | null; address: string }): ParcelArea | null {
  if (order.area_id && order.district) return { areaId: order.area_id, district: order.district, thana: order.thana, fromText: false };
  const named = districtInText(order.address);
  return named ? { areaId: null, district: named.name, thana: null, fromText: true } : null;
}
