import { timingSafeEqual } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { BookedParcel, Courier, CourierPayout, ParcelRequest, PickupRequest, ParcelStage, ParcelState, ParcelStep, WebhookDelivery, WebhookReading } from './courier-port';

/** The steps the demo courier moves a parcel through, one per "Move to next step" (or per timer tick). */
export const DEMO_STEPS: ReadonlyArray<{ stage: ParcelStage; courierStatus: string; message: string; messageBn: string }> = [
  { stage: 'picked-up', courierStatus: 'picked_up', message: 'The rider picked the parcel up from the shop.', messageBn: 'রাইডার দোকান থেকে পার্সেলটি নিয়েছেন।' },
  { stage: 'in-transit', courierStatus: 'in_transit', message: 'The parcel is on its way to your area.', messageBn: 'পার্সেলটি আপনার এলাকার পথে আছে।' },
  { stage: 'out-for-delivery', courierStatus: 'out_for_delivery', message: 'The rider is bringing the parcel today.', messageBn: 'রাইডার আজ পার্সেলটি নিয়ে আসছেন।' },
  { stage: 'delivered', courierStatus: 'delivered', message: 'The parcel was delivered.', messageBn: 'পার্সেলটি পৌঁছে দেওয়া হয়েছে।' },
];

interface DemoParcelRow {
  order_id: string;
  consignment_id: string;
  tracking_code: string;
  step_index: number;
  steps: ParcelStep[];
  booked_at: Date;
}

export interface DemoCourierOptions {
  /** Bearer token its webhooks carry (DEMO_COURIER_WEBHOOK_TOKEN); without one, no demo webhook is believed. */
  webhookToken?: string;
  /** Milliseconds each call waits, as a courier's network would (the booking benchmark: 200). */
  latencyMs?: number;
  /** The store's origin, for the demo tracking page link (the store's own tracking page). */
  origin?: string;
}

/**
 * The demo courier (ADR 056, issue 29): a courier inside the store, for a shop without a courier account and for
 * tests. It books at once (the consignment id is made from our order id, so asking twice gives the same parcel),
 * keeps its parcels in `demo_parcels` as a courier keeps them in its own system, and moves a parcel one step
 * when care presses "Move to next step" (or on DEMO_COURIER_STEP_SECONDS). Nothing leaves the store.
 */
export class DemoCourier implements Courier {
  readonly service = 'courier' as const;
  readonly name = 'demo' as const;
  readonly provider = 'demo';
  readonly mode = 'demo' as const;
  readonly label = 'demo courier: parcels are booked inside the store and move on when care presses "Move to next step"; nothing is sent to a courier';

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: DemoCourierOptions = {},
  ) {}

  trackingUrl(trackingCode: string): string | null {
    // No courier site to send the shopper to: the store's own tracking page is the demo parcel's page.
    return `${this.options.origin ?? ''}/order-tracking?orderId=${encodeURIComponent(trackingCode.replace(/^DEMO-/, ''))}`;
  }

  async book(parcel: ParcelRequest): Promise<BookedParcel> {
    await this.wait();
    const consignmentId = `DM${parcel.orderId}`;
    const trackingCode = `DEMO-${parcel.orderId}`;
    // The order id is the demo courier's invoice: a second booking of one order is the first parcel.
    await this.dataSource.query(
      `INSERT INTO demo_parcels (order_id, consignment_id, tracking_code) VALUES ($1, $2, $3) ON CONFLICT (order_id) DO NOTHING`,
      [parcel.orderId, consignmentId, trackingCode],
    );
    const row = await this.row(parcel.orderId);
    return { consignmentId: row!.consignment_id, trackingCode: row!.tracking_code, courierStatus: 'booked', deliveryFeeTaka: 60 };
  }

  /** A pick-up inside the store (issue 35): its consignment is made from the return id, so asking twice gives the same one. */
  async bookPickup(pickup: PickupRequest): Promise<BookedParcel> {
    await this.wait();
    return { consignmentId: `DMP${pickup.returnId}`, trackingCode: `DEMO-P-${pickup.returnId}`, courierStatus: 'pickup_booked', deliveryFeeTaka: 60 };
  }

  async findByOrder(orderId: string): Promise<BookedParcel | null> {
    await this.wait();
    const row = await this.row(orderId);
    return row ? { consignmentId: row.consignment_id, trackingCode: row.tracking_code, courierStatus: row.steps.at(-1)?.courierStatus ?? 'booked' } : null;
  }

  async track(consignmentId: string, orderId: string): Promise<ParcelState> {
    await this.wait();
    const row = await this.row(orderId);
    if (!row || row.consignment_id !== consignmentId) throw new Error(`the demo courier has no parcel ${consignmentId}`);
    const booked: ParcelStep = { stage: 'booked', courierStatus: 'booked', at: new Date(row.booked_at).toISOString() };
    return { consignmentId, latest: row.steps.at(-1) ?? booked, steps: row.steps };
  }

  /**
   * Moves the parcel one step (the demo courier's rider at work): the step it reached, or null when the parcel
   * was already delivered (or the courier has no parcel for the order).
   */
  async advance(orderId: string, at: Date): Promise<ParcelStep | null> {
    const rows: DemoParcelRow[] = await this.dataSource.query(
      `WITH moved AS (UPDATE demo_parcels SET step_index = step_index + 1, moved_at = $2,
              steps = steps || jsonb_build_array(($3::jsonb -> step_index) || jsonb_build_object('at', $5::text))
        WHERE order_id = $1 AND step_index < $4
        RETURNING order_id, consignment_id, tracking_code, step_index, steps, booked_at)
       SELECT * FROM moved`,
      [orderId, at, JSON.stringify(DEMO_STEPS), DEMO_STEPS.length, at.toISOString()],
    );
    return rows[0]?.steps.at(-1) ?? null;
  }

  /** Orders whose demo parcel last moved before `before` and is not delivered yet (the demo timer's work). */
  async due(before: Date, limit = 100): Promise<string[]> {
    const rows: Array<{ order_id: string }> = await this.dataSource.query(
      `SELECT order_id FROM demo_parcels WHERE step_index < $1 AND moved_at < $2 ORDER BY moved_at LIMIT $3`,
      [DEMO_STEPS.length, before, limit],
    );
    return rows.map((row) => row.order_id);
  }

  /**
   * A demo webhook (to try the webhook route by hand): `Authorization: Bearer <DEMO_COURIER_WEBHOOK_TOKEN>`,
   * body `{invoice, consignment_id, stage, status, updated_at, message?}`; with `stage` it is a step, without
   * one a nudge to read the parcel back.
   */
  readWebhook(delivery: WebhookDelivery): WebhookReading {
    const token = this.options.webhookToken;
    const header = delivery.headers.authorization;
    const given = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!token || !sameText(given, token)) return { verified: false };
    const body = (delivery.body ?? {}) as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
    const stage = text(body.stage) as ParcelStage | undefined;
    const step: ParcelStep | undefined = stage
      ? { stage, courierStatus: text(body.status) ?? stage, at: text(body.updated_at) ?? new Date().toISOString(), message: text(body.message), collectedTaka: numberOf(body.cod_amount), deliveryChargeTaka: numberOf(body.delivery_charge) }
      : undefined;
    return {
      verified: true,
      signals: [{ orderId: text(body.invoice), consignmentId: text(body.consignment_id), step }],
      answer: { status: 200, body: { status: 'success', message: 'Webhook received.' } },
    };
  }

  payouts(): Promise<CourierPayout[] | null> {
    return Promise.resolve(null);
  }

  private async row(orderId: string): Promise<DemoParcelRow | null> {
    const rows: DemoParcelRow[] = await this.dataSource.query(
      `SELECT order_id, consignment_id, tracking_code, step_index, steps, booked_at FROM demo_parcels WHERE order_id = $1`,
      [orderId],
    );
    return rows[0] ?? null;
  }

  private wait(): Promise<void> {
    const ms = this.options.latencyMs ?? 0;
    return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
  }
}

function numberOf(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(number) ? number : undefined;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
