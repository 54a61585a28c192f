import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ConflictError, UnauthorizedError, ValidationFailedError, issue } from '../../common/errors/domain-error';
import { systemMetadata } from '../../common/request/request-metadata';
import type { EventMetadata } from '../../event-store/event-store.types';
import { ShipmentDesk, UnknownOrder, type LineKey, type ParcelStepData } from '../../ordering/published';
import type { Courier, ParcelStep, WebhookDelivery } from '../couriers/courier-port';
import { Couriers } from '../couriers/couriers';
import { DemoCourier } from '../couriers/demo-courier';
import { Payouts } from '../payouts/payouts';

const paisa = (taka: number | undefined) => (taka === undefined || !Number.isFinite(taka) ? null : Math.round(taka * 100));

/** A courier's step in the order's words (amounts in paisa, texts cut to size). */
export function stepData(step: ParcelStep): ParcelStepData {
  const text = (value: string | undefined, max: number) => (value?.trim() ? value.trim().slice(0, max) : null);
  return {
    stage: step.stage,
    courierStatus: String(step.courierStatus).slice(0, 60),
    at: new Date(step.at).toISOString(),
    message: text(step.message, 300),
    messageBn: text(step.messageBn, 300),
    collectedPaisa: paisa(step.collectedTaka),
    deliveryChargePaisa: paisa(step.deliveryChargeTaka),
  };
}

/**
 * The parcel's life after booking (issue 29): courier steps from webhooks (a signal with a step is recorded; a
 * signal without one is read back with `track`), from the polling job, from care (a manual parcel's steps, the
 * demo courier's "Move to next step") and the returned parcel care receives. Every step is an event on the
 * order through ordering's desk; the decider drops a step already recorded and never moves an order back.
 */
@Injectable()
export class ParcelSteps {
  private readonly logger = new Logger('ParcelSteps');

  constructor(
    private readonly desk: ShipmentDesk,
    private readonly couriers: Couriers,
    private readonly dataSource: DataSource,
    private readonly payouts: Payouts,
  ) {}

  /** Records one step; false when the order already had it (a replayed webhook). */
  async record(orderId: string, step: ParcelStep, metadata: EventMetadata): Promise<boolean> {
    const before = await this.desk.current(orderId);
    if (!before) throw new UnknownOrder(orderId);
    const data = stepData(step);
    const seen = before.shipment?.seen.length ?? 0;
    await this.desk.recordStep(before.orderId, data, metadata);
    const after = await this.desk.current(before.orderId);
    return (after?.shipment?.seen.length ?? 0) > seen;
  }

  /** A webhook: 401 when the courier's proof fails (nothing changes), else each signal recorded; the courier's answer. */
  async webhook(courierName: string, delivery: WebhookDelivery): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> {
    const courier = this.couriers.find(courierName);
    const reading = courier ? courier.readWebhook(delivery) : { verified: false as const };
    if (!reading.verified) throw new UnauthorizedError('webhook-unverified');
    const metadata = systemMetadata(`${courierName} webhook`);
    for (const signal of reading.signals) {
      const orderId = await this.orderOf(courier!.name, signal.orderId, signal.consignmentId);
      if (!orderId) {
        this.logger.warn(`${courierName} webhook for a parcel the store does not know (${signal.consignmentId ?? signal.orderId ?? 'no id'})`);
        continue;
      }
      try {
        if (signal.step) await this.record(orderId, signal.step, metadata);
        else await this.readBack(courier!, orderId, metadata);
        if (signal.payoutId) await this.payouts.fromWebhook(courier!.name, orderId, signal.payoutId, signal.paid ?? {}, metadata);
      } catch (error) {
        // A step the order cannot take (not booked yet, unknown stage) is the courier's mistake: logged, answered.
        if (!(error instanceof ValidationFailedError || error instanceof UnknownOrder)) throw error;
        this.logger.warn(`${courierName} webhook for ${orderId} not recorded: ${error.message}`);
      }
    }
    return reading.answer;
  }

  /** Reads the parcel back from its courier and records every step it did not have (a Pathao nudge, the polling job). */
  async readBack(courier: Courier, orderId: string, metadata: EventMetadata): Promise<number> {
    const current = await this.desk.current(orderId);
    const booked = current?.shipment?.booked;
    if (!current || !booked) return 0;
    const state = await courier.track(booked.consignmentId, current.orderId);
    const steps = state.steps.length > 0 ? state.steps : [state.latest];
    let recorded = 0;
    for (const step of [...steps].sort((a, b) => new Date(a.at).getTime() - new Date(b.at).getTime())) {
      if (step.stage === 'booked') continue;
      if (await this.record(current.orderId, step, metadata)) recorded += 1;
    }
    return recorded;
  }

  /** The demo courier's "Move to next step": its rider moves the parcel, and the store records the step. */
  async advanceDemo(orderId: string, metadata: EventMetadata, at = new Date()): Promise<void> {
    const current = await this.desk.current(orderId);
    if (!current) throw new UnknownOrder(orderId);
    if (!current.shipment?.booked) throw new ValidationFailedError({ step: [issue('shipment-not-booked')] });
    const demo = this.couriers.find('demo');
    if (current.shipment.courier !== 'demo' || !(demo instanceof DemoCourier)) throw new ConflictError('parcel-not-demo');
    const step = await demo.advance(current.orderId, at);
    if (!step) throw new ConflictError('parcel-at-last-step');
    await this.record(current.orderId, step, metadata);
  }

  /** Care records a step of a manual parcel by hand (the courier's word is care's). */
  async recordByHand(orderId: string, step: { stage: ParcelStep['stage']; at?: string; message?: string; collectedTaka?: number }, metadata: EventMetadata): Promise<boolean> {
    const current = await this.desk.current(orderId);
    if (!current) throw new UnknownOrder(orderId);
    if (!current.shipment?.booked) throw new ValidationFailedError({ stage: [issue('shipment-not-booked')] });
    if (current.shipment.courier !== 'manual') throw new ValidationFailedError({ stage: [issue('parcel-step-invalid', { reason: 'only a manual parcel is moved by hand' })] });
    return this.record(current.orderId, { stage: step.stage, courierStatus: `${step.stage} (by hand)`, at: step.at ?? new Date().toISOString(), message: step.message, collectedTaka: step.collectedTaka }, metadata);
  }

  receiveReturn(orderId: string, damaged: LineKey[], metadata: EventMetadata) {
    return this.desk.receiveReturn(orderId, damaged, metadata);
  }

  /** Parcels not final whose last step is older than `before`, with live couriers to ask (manual parcels are care's). */
  async late(before: Date, limit = 100): Promise<Array<{ order_id: string; courier: string }>> {
    return this.dataSource.query(
      `SELECT order_id, courier FROM parcels WHERE NOT final AND courier <> 'manual' AND last_step_at < $1 ORDER BY last_step_at LIMIT $2`,
      [before, limit],
    );
  }

  private async orderOf(courier: string, orderId: string | undefined, consignmentId: string | undefined): Promise<string | null> {
    if (consignmentId) {
      const rows: Array<{ order_id: string }> = await this.dataSource.query(`SELECT order_id FROM parcels WHERE courier = $1 AND consignment_id = $2`, [courier, consignmentId]);
      if (rows[0]) return rows[0].order_id;
    }
    if (orderId) {
      const current = await this.desk.current(orderId);
      if (current?.shipment?.booked && current.shipment.courier === courier && (!consignmentId || current.shipment.booked.consignmentId === consignmentId)) return current.orderId;
    }
    return null;
  }
}
