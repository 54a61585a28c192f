import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ServiceUnavailableError, ValidationFailedError, issue } from '../../common/errors/domain-error';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CommandPath } from '../../event-store/command-path/command-path';
import type { EventMetadata } from '../../event-store/event-store.types';
import { ShipmentDesk } from '../../ordering/published';
import { OutsideServiceError } from '../../outside/outside-http';
import type { CourierPayout } from '../couriers/courier-port';
import { Couriers } from '../couriers/couriers';
import { payoutDecider, payoutStreamId, type PayoutEvent, type PayoutLine, type PayoutSource, type PayoutState } from './payout.decider';
import { readStatement } from './statement-file';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back the first fetch of a courier's payouts looks, and how far before the newest known payout later ones do. */
const FIRST_FETCH_DAYS = 90;
const REFETCH_OVERLAP_DAYS = 7;
const SAFE_ID = /^[A-Za-z0-9_.-]{1,80}$/;

/** A payout's id as a stream name takes it: as the courier wrote it when it is plain, else a digest of it. */
const streamSafe = (id: string) => (SAFE_ID.test(id) ? id : `h${createHash('sha256').update(id).digest('hex').slice(0, 24)}`);
const paisa = (taka: number | undefined) => Math.round((taka ?? 0) * 100);

export interface PayoutRecording {
  courier: string;
  payoutId: string;
  /** Parcels in the payout, and those of them not recorded before. */
  lines: number;
  recorded: number;
  /** Parcels the store does not know (no booked order with that consignment id or invoice). */
  unmatched: number;
}

/** A parcel of a payout as a source gave it: by consignment id, by our order id (the invoice), or both. */
interface IncomingLine {
  consignmentId?: string;
  orderId?: string;
  collectedPaisa: number;
  deliveryChargePaisa: number;
  codFeePaisa: number;
}

/**
 * The cash coming back (issue 29): payouts are events on `payout-<courier>-<id>` streams, recorded through the
 * command path with their actor (the worker's daily fetch, a webhook, the staff member who imported a file).
 * Each parcel of a payout is matched to its order when recorded; the `payouts` projection reconciles them.
 */
@Injectable()
export class Payouts {
  constructor(
    private readonly commands: CommandPath,
    private readonly couriers: Couriers,
    private readonly desk: ShipmentDesk,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Records a payout (only the parcels its stream does not hold yet): the matching of each parcel to its order included. */
  async record(courier: string, payoutId: string, payout: { paidAt: string; totalPaisa: number | null; lines: IncomingLine[] }, source: PayoutSource, metadata: EventMetadata): Promise<PayoutRecording> {
    const id = streamSafe(payoutId);
    const lines = await this.matched(courier, payout.lines);
    const { events } = await this.commands.handle<PayoutState, PayoutEvent>(
      payoutStreamId(courier, id),
      (state) => payoutDecider.decide({ type: 'RecordPayout', data: { courier, payoutId: id, paidAt: new Date(payout.paidAt).toISOString(), totalPaisa: payout.totalPaisa, source, lines } }, state),
      metadata,
    );
    return { courier, payoutId: id, lines: lines.length, recorded: events.reduce((sum, event) => sum + event.data.lines.length, 0), unmatched: lines.filter((line) => !line.orderId).length };
  }

  /** Asks every courier that lists its payouts (Steadfast `/payments`) for those since a little before the newest known. */
  async fetch(metadata: EventMetadata, only?: string): Promise<Array<PayoutRecording & { payouts: number }>> {
    const results: Array<PayoutRecording & { payouts: number }> = [];
    const couriers = only ? [this.couriers.get(only)] : this.couriers.all();
    for (const courier of couriers) {
      const [{ newest }] = await this.dataSource.query(`SELECT max(paid_at) AS newest FROM courier_payouts WHERE courier = $1`, [courier.name]);
      const since = newest ? new Date(new Date(newest).getTime() - REFETCH_OVERLAP_DAYS * DAY_MS) : new Date(Date.now() - FIRST_FETCH_DAYS * DAY_MS);
      let listed: CourierPayout[] | null;
      try {
        listed = await courier.payouts(since.toISOString());
      } catch (error) {
        if (error instanceof OutsideServiceError) throw new ServiceUnavailableError('courier-unavailable');
        throw error;
      }
      if (listed === null) {
        if (only) throw new ValidationFailedError({ courier: [issue('payouts-not-listed', { courier: courier.name })] });
        continue;
      }
      const total = { courier: courier.name, payoutId: '', payouts: listed.length, lines: 0, recorded: 0, unmatched: 0 };
      for (const payout of listed) {
        const recorded = await this.record(
          courier.name,
          payout.payoutId,
          {
            paidAt: payout.paidAt,
            totalPaisa: paisa(payout.totalTaka),
            lines: payout.parcels.map((parcel) => ({ consignmentId: parcel.consignmentId, orderId: parcel.orderId, collectedPaisa: paisa(parcel.collectedTaka), deliveryChargePaisa: paisa(parcel.deliveryChargeTaka), codFeePaisa: paisa(parcel.codFeeTaka) })),
          },
          'courier-api',
          metadata,
        );
        total.lines += recorded.lines;
        total.recorded += recorded.recorded;
        total.unmatched += recorded.unmatched;
      }
      results.push(total);
    }
    return results;
  }

  /**
   * A courier's webhook said an order was paid (Pathao `order.paid`, naming its payout invoice): one parcel of that
   * payout, with the figures the webhook gave, else what the order was to collect and the courier's quoted fee.
   */
  async fromWebhook(courier: string, orderId: string, payoutId: string, figures: { collectedTaka?: number; deliveryChargeTaka?: number; codFeeTaka?: number }, metadata: EventMetadata): Promise<PayoutRecording | null> {
    const current = await this.desk.current(orderId);
    const booked = current?.shipment?.booked;
    if (!current || !booked || current.shipment?.courier !== courier) return null;
    return this.record(
      courier,
      payoutId,
      {
        paidAt: new Date().toISOString(),
        totalPaisa: null,
        lines: [
          {
            consignmentId: booked.consignmentId,
            orderId: current.orderId,
            collectedPaisa: figures.collectedTaka !== undefined ? paisa(figures.collectedTaka) : current.shipment.amountToCollectPaisa,
            deliveryChargePaisa: paisa(figures.deliveryChargeTaka),
            codFeePaisa: paisa(figures.codFeeTaka),
          },
        ],
      },
      'webhook',
      metadata,
    );
  }

  /**
   * A statement file care imported (CSV). Its payout id is the statement number care gives, else a digest of the
   * file, so the same file imported twice records nothing the second time.
   */
  async importStatement(courier: string, content: string, options: { statementId?: string; paidAt?: string }, metadata: EventMetadata): Promise<PayoutRecording> {
    this.couriers.get(courier);
    const rows = readStatement(content);
    const normalised = content.replace(/^\uFEFF/, '').split(/\r?\n/).map((line) => line.trim()).filter(Boolean).join('\n');
    const payoutId = options.statementId?.trim() || `statement-${createHash('sha256').update(`${courier}\n${normalised}`).digest('hex').slice(0, 16)}`;
    return this.record(
      courier,
      payoutId,
      {
        paidAt: options.paidAt ?? new Date().toISOString(),
        totalPaisa: rows.reduce((sum, row) => sum + row.collectedPaisa - row.deliveryChargePaisa - row.codFeePaisa, 0),
        lines: rows.map((row) => ({ consignmentId: row.consignmentId, orderId: row.invoice, collectedPaisa: row.collectedPaisa, deliveryChargePaisa: row.deliveryChargePaisa, codFeePaisa: row.codFeePaisa })),
      },
      'statement',
      metadata,
    );
  }

  /** The days after delivery a parcel may wait for its payout before it is listed as unpaid (PAYOUT_UNPAID_DAYS). */
  get unpaidDays(): number {
    return this.config.couriers.unpaidDays;
  }

  /** Each line with its order: found by consignment id among the courier's parcels, else by the invoice (our order id). */
  private async matched(courier: string, incoming: IncomingLine[]): Promise<PayoutLine[]> {
    const consignments = incoming.map((line) => line.consignmentId).filter((id): id is string => Boolean(id));
    const invoices = incoming.map((line) => line.orderId).filter((id): id is string => Boolean(id));
    const rows: Array<{ order_id: string; consignment_id: string }> = await this.dataSource.query(
      `SELECT order_id, consignment_id FROM parcels WHERE courier = $1 AND (consignment_id = ANY($2::text[]) OR order_id = ANY($3::text[]))`,
      [courier, consignments, invoices.map((id) => id.toUpperCase())],
    );
    const byConsignment = new Map(rows.map((row) => [row.consignment_id, row]));
    const byOrder = new Map(rows.map((row) => [row.order_id, row]));
    return incoming.map((line) => {
      const parcel = (line.consignmentId ? byConsignment.get(line.consignmentId) : undefined) ?? (line.orderId ? byOrder.get(line.orderId.toUpperCase()) : undefined);
      return {
        consignmentId: line.consignmentId ?? parcel?.consignment_id ?? `invoice:${line.orderId}`,
        orderId: parcel?.order_id ?? null,
        collectedPaisa: line.collectedPaisa,
        deliveryChargePaisa: line.deliveryChargePaisa,
        codFeePaisa: line.codFeePaisa,
      };
    });
  }
}
