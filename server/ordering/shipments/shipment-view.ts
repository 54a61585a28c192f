import type { ParcelStageCode, ParcelStepResponse, ShipmentResponse } from '../../../contracts/shipments';
import { paisaToTaka } from '../../common/money';
import type { ParcelStepData } from '../domain/order.events';
import type { OrderTimelineEntry } from '../read-model/order-read-model';

const taka = (paisa: unknown) => (typeof paisa === 'number' ? paisaToTaka(paisa) : null);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A booking asked for (intent) and not answered yet. */
export interface PendingBooking {
  courier: string;
  requestedAt: string;
}

type LineUnits = Array<{ productId: number; size: string; quantity: number }>;

export interface ShipmentView {
  pending: PendingBooking | null;
  shipment: ShipmentResponse | null;
  returnReceived: { restocked: LineUnits; damaged: LineUnits } | null;
}

/**
 * The order's parcel from its timeline (the events ShipmentBookingRequested, ShipmentBooked,
 * ParcelStepRecorded, ReturnedParcelReceived): the same read model the tracking page's steps come from.
 */
export function shipmentFromTimeline(timeline: readonly OrderTimelineEntry[]): ShipmentView {
  let pending: PendingBooking | null = null;
  let shipment: ShipmentResponse | null = null;
  let returnReceived: ShipmentView['returnReceived'] = null;
  for (const entry of timeline) {
    const details = entry.details;
    switch (entry.event_type) {
      case 'ShipmentBookingRequested':
        pending = { courier: text(details.courier), requestedAt: new Date(entry.occurred_at).toISOString() };
        break;
      case 'ShipmentBooked':
        pending = null;
        shipment = {
          courier: text(details.courier),
          courier_name: text(details.courierName),
          consignment_id: text(details.consignmentId),
          tracking_code: text(details.trackingCode),
          tracking_url: typeof details.trackingUrl === 'string' ? details.trackingUrl : null,
          stage: 'booked',
          courier_status: text(details.courierStatus),
          booked_at: new Date(entry.occurred_at).toISOString(),
          amount_to_collect: taka(details.amountToCollectPaisa) ?? 0,
          steps: [],
        };
        break;
      case 'ParcelStepRecorded': {
        if (!shipment) break;
        const step = details.step as ParcelStepData;
        shipment.steps.push(stepResponse(step));
        if (details.current === true) {
          shipment.stage = step.stage as ParcelStageCode;
          shipment.courier_status = step.courierStatus;
        }
        break;
      }
      case 'ReturnedParcelReceived':
        returnReceived = { restocked: (details.restocked ?? []) as LineUnits, damaged: (details.damaged ?? []) as LineUnits };
        break;
    }
  }
  // Oldest first by the courier's time (a late webhook lands where it happened).
  shipment?.steps.sort((a, b) => a.at.localeCompare(b.at));
  return { pending, shipment, returnReceived };
}

function stepResponse(step: ParcelStepData): ParcelStepResponse {
  return {
    stage: step.stage as ParcelStageCode,
    courier_status: step.courierStatus,
    at: new Date(step.at).toISOString(),
    message: step.message ?? null,
    message_bn: step.messageBn ?? null,
    collected: taka(step.collectedPaisa),
    delivery_charge: taka(step.deliveryChargePaisa),
  };
}
