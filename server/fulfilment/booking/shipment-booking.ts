import { Injectable, Logger } from '@nestjs/common';
import type { BatchBookingResult, ShipmentBookedResponse } from '../../../contracts/shipments';
import { DomainError, ServiceUnavailableError, ValidationFailedError, issue } from '../../common/errors/domain-error';
import { paisaToTaka } from '../../common/money';
import type { EventMetadata } from '../../event-store/event-store.types';
import { parcelWeightGrams, ShipmentDesk, UnknownOrder, type ShipmentState } from '../../ordering/published';
import { OutsideServiceError } from '../../outside/outside-http';
import { CourierRefusal, type BookedParcel, type Courier } from '../couriers/courier-port';
import { COURIER_NAMES_FOR_PEOPLE, Couriers } from '../couriers/couriers';
import { districtOfAddress } from '../couriers/courier-http';
import { SharedAttempts } from '../../common/shared-attempts';

/** What care asks: the courier, and for a manual booking the tracking code (and the courier's name) it typed. */
export interface BookingRequest {
  courier: string;
  trackingCode?: string;
  courierName?: string;
  note?: string;
}

export interface BookingOutcome {
  answer: ShipmentBookedResponse;
  /** False when the order already had its parcel: the answer is that parcel. */
  created: boolean;
}

/** Orders booked at once by a batch: enough that a courier answering in 200 ms books 200 orders in about 2 s. */
export const BATCH_CONCURRENCY = 25;
export const BATCH_MAX = 200;

/**
 * Books an order's parcel exactly once (issue 29, ADR 058). The intent (`ShipmentBookingRequested`) is an event
 * on the order before the courier is called; an intent without an answer (a crash, a timeout, a concurrent
 * request in another process) makes the next attempt ask the courier for the parcel by our order id
 * (`findByOrder`) before it books; the courier's answer is `ShipmentBooked`, which the decider records once.
 * In this process, concurrent bookings of one order share one attempt.
 */
@Injectable()
export class ShipmentBooking {
  private readonly logger = new Logger('ShipmentBooking');
  private readonly attempts = new SharedAttempts<BookingOutcome>();

  constructor(
    private readonly desk: ShipmentDesk,
    private readonly couriers: Couriers,
  ) {}

  book(orderId: string, request: BookingRequest, metadata: EventMetadata): Promise<BookingOutcome> {
    const { attempt, joined } = this.attempts.run(orderId.trim().toUpperCase(), () => this.bookOnce(orderId, request, metadata));
    return joined ? attempt.then((outcome) => ({ ...outcome, created: false, answer: { ...outcome.answer, already_booked: true } })) : attempt;
  }

  /** A batch for care's "Book selected": at most BATCH_CONCURRENCY bookings at a time, each on its own. */
  async bookMany(orderIds: readonly string[], request: BookingRequest, metadata: EventMetadata): Promise<BatchBookingResult[]> {
    const results: BatchBookingResult[] = new Array(orderIds.length);
    let next = 0;
    const worker = async () => {
      while (next < orderIds.length) {
        const index = next++;
        const orderId = orderIds[index];
        try {
          const { answer, created } = await this.book(orderId, request, metadata);
          results[index] = { order_id: answer.order_id, ok: true, consignment_id: answer.consignment_id, tracking_code: answer.tracking_code, already_booked: !created, error: null };
        } catch (error) {
          const known = error instanceof DomainError;
          if (!known) this.logger.error(`booking ${orderId} failed: ${error instanceof Error ? error.message : String(error)}`);
          results[index] = {
            order_id: orderId,
            ok: false,
            consignment_id: null,
            tracking_code: null,
            already_booked: false,
            error: known ? { code: error.code, message: error.message } : { code: 'request-failed', message: 'The request could not be completed.' },
          };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(BATCH_CONCURRENCY, orderIds.length) }, worker));
    return results;
  }

  private async bookOnce(orderId: string, request: BookingRequest, metadata: EventMetadata): Promise<BookingOutcome> {
    let current = await this.desk.current(orderId);
    if (!current) throw new UnknownOrder(orderId);
    if (current.shipment?.booked) return { answer: answerOf(current.orderId, current.shipment), created: false };
    const courier = this.couriers.get(request.courier);
    if (courier.name === 'manual' && !request.trackingCode?.trim()) throw new ValidationFailedError({ trackingCode: [issue('tracking-code-required')] });
    const facts = await this.desk.parcelFacts(current.orderId);
    if (!facts) throw new UnknownOrder(orderId);
    // Couriers that book by their own area ids get no parcel whose district cannot be told (issue 30): care completes the address first.
    if (courier.needsDistrict && !facts.area) throw new ValidationFailedError({ address: [issue('address-incomplete')] });

    let found: BookedParcel | null = null;
    if (current.shipment && current.shipment.courier !== courier.name) {
      // An unanswered booking with another courier: that courier is asked first; a parcel it holds stands.
      const other = this.couriers.find(current.shipment.courier);
      const theirs = other ? await this.ask(other, () => other.findByOrder(current!.orderId)) : null;
      if (theirs) return this.record(current.orderId, other!, theirs, request, metadata);
    } else if (current.shipment) {
      // Intent without a result: the courier may have booked before we crashed. Ask by our order id first.
      found = await this.ask(courier, () => courier.findByOrder(current!.orderId));
    }
    if (!current.shipment || current.shipment.courier !== courier.name) {
      await this.desk.requestBooking(current.orderId, courier.name, facts.amountToCollectPaisa, { ...metadata, ...(request.note ? { note: request.note } : {}) });
      current = (await this.desk.current(current.orderId))!;
    }
    const parcel =
      found ??
      (await this.ask(courier, () =>
        courier.book({
          orderId: facts.orderId,
          recipientName: facts.recipientName,
          recipientPhone: facts.recipientPhone,
          recipientAddress: facts.recipientAddress,
          district: facts.area?.district ?? districtOfAddress(facts.recipientAddress),
          thana: facts.area?.thana ?? undefined,
          amountToCollectTaka: paisaToTaka(current!.shipment?.amountToCollectPaisa ?? facts.amountToCollectPaisa),
          itemCount: facts.itemCount,
          weightGrams: parcelWeightGrams(facts.itemCount),
          itemDescription: facts.itemDescription,
          note: request.note,
          trackingCode: request.trackingCode?.trim(),
        }),
      ));
    return this.record(current.orderId, courier, parcel!, request, metadata);
  }

  private async record(orderId: string, courier: Courier, parcel: BookedParcel, request: BookingRequest, metadata: EventMetadata): Promise<BookingOutcome> {
    const courierName = courier.name === 'manual' && request.courierName?.trim() ? request.courierName.trim().slice(0, 60) : COURIER_NAMES_FOR_PEOPLE[courier.name];
    try {
      await this.desk.recordBooked(
        orderId,
        {
          courier: courier.name,
          courierName,
          consignmentId: String(parcel.consignmentId),
          trackingCode: String(parcel.trackingCode),
          trackingUrl: courier.trackingUrl(parcel.trackingCode),
          courierStatus: parcel.courierStatus,
          deliveryFeePaisa: parcel.deliveryFeeTaka === undefined ? null : Math.round(parcel.deliveryFeeTaka * 100),
        },
        metadata,
      );
    } catch (error) {
      // Another attempt recorded its answer first: that parcel is the order's.
      const after = await this.desk.current(orderId);
      if (after?.shipment?.booked) return { answer: answerOf(orderId, after.shipment), created: false };
      throw error;
    }
    const after = (await this.desk.current(orderId))!;
    return { answer: { ...answerOf(orderId, after.shipment!), already_booked: false }, created: true };
  }

  /** A courier's call, its failures in the store's words: refused (422) or unreachable for now (503). */
  private async ask<T>(courier: Courier, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof CourierRefusal) throw new ValidationFailedError({ courier: [issue('courier-refused', { reason: error.reason.slice(0, 200) })] });
      if (error instanceof OutsideServiceError) {
        if (!error.retryable) throw new ValidationFailedError({ courier: [issue('courier-refused', { reason: error.detail || 'refused' })] });
        this.logger.warn(`${courier.name} booking: ${error.message}`);
        throw new ServiceUnavailableError('courier-unavailable');
      }
      throw error;
    }
  }
}

function answerOf(orderId: string, shipment: ShipmentState): ShipmentBookedResponse {
  const booked = shipment.booked!;
  return {
    success: true,
    order_id: orderId,
    courier: shipment.courier,
    courier_name: booked.courierName,
    consignment_id: booked.consignmentId,
    tracking_code: booked.trackingCode,
    tracking_url: booked.trackingUrl,
    courier_status: booked.courierStatus,
    amount_to_collect: paisaToTaka(shipment.amountToCollectPaisa),
    already_booked: true,
  };
}
