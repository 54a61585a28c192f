import type { RecordedEvent } from '../../event-store/event-store.types';
import type { Projection, ProjectionContext } from '../../event-store/projection';
import type { OrderEvent } from '../../ordering/published';

const FINAL = new Set(['delivered', 'partly-delivered', 'returned', 'cancelled']);

interface ParcelRow {
  order_id: string;
  courier: string | null;
  consignment_id: string | null;
  tracking_code: string | null;
  stage: string | null;
  courier_status: string | null;
  booked_at: string | null;
  last_step_at: string | null;
  final: boolean | null;
  returned_received: boolean | null;
  version: number;
}

/**
 * `parcels`: one row per booked order, from the order's shipment events (issue 29): how a webhook's
 * consignment id finds its order, and which parcels the polling job reads back (not final, quiet too long).
 */
export class ParcelsProjection implements Projection {
  readonly name = 'parcels';
  readonly tables = ['parcels'];
  readonly eventTypes = ['ShipmentBooked', 'ParcelStepRecorded', 'ReturnedParcelReceived'];

  async apply(events: RecordedEvent[], { manager, table }: ProjectionContext): Promise<void> {
    const rows = new Map<string, ParcelRow>();
    for (const recorded of events) {
      if (!recorded.streamId.startsWith('order-')) continue;
      const event = { type: recorded.type, data: recorded.data } as OrderEvent;
      if (event.type !== 'ShipmentBooked' && event.type !== 'ParcelStepRecorded' && event.type !== 'ReturnedParcelReceived') continue;
      const orderId = event.data.orderId;
      const row = rows.get(orderId) ?? {
        order_id: orderId, courier: null, consignment_id: null, tracking_code: null, stage: null, courier_status: null,
        booked_at: null, last_step_at: null, final: null, returned_received: null, version: 0,
      };
      row.version = Math.max(row.version, recorded.streamPosition);
      if (event.type === 'ShipmentBooked') {
        Object.assign(row, {
          courier: event.data.courier, consignment_id: event.data.consignmentId, tracking_code: event.data.trackingCode, stage: 'booked',
          courier_status: event.data.courierStatus, booked_at: event.data.at, last_step_at: event.data.at, final: false,
        });
      } else if (event.type === 'ParcelStepRecorded') {
        // The polling clock restarts on every step the courier told; where the parcel is moves only on a current one.
        row.last_step_at = event.data.at;
        if (event.data.current) {
          row.stage = event.data.step.stage;
          row.courier_status = event.data.step.courierStatus;
          row.final = FINAL.has(event.data.step.stage);
        }
      } else {
        row.returned_received = true;
        row.final = true;
      }
      rows.set(orderId, row);
    }
    if (rows.size === 0) return;
    const target = table('parcels');
    await manager.query(
      `INSERT INTO ${target} AS t (order_id, courier, consignment_id, tracking_code, stage, courier_status, booked_at, last_step_at, final, returned_received, version)
       SELECT order_id, courier, consignment_id, tracking_code, stage, courier_status, booked_at, last_step_at, coalesce(final, false), coalesce(returned_received, false), version
         FROM jsonb_populate_recordset(NULL::${target}, $1::jsonb) WHERE courier IS NOT NULL
       ON CONFLICT (order_id) DO NOTHING`,
      [JSON.stringify([...rows.values()])],
    );
    await manager.query(
      `UPDATE ${target} AS t
          SET stage = coalesce(u.stage, t.stage), courier_status = coalesce(u.courier_status, t.courier_status),
              last_step_at = coalesce(u.last_step_at, t.last_step_at), final = coalesce(u.final, t.final),
              returned_received = coalesce(u.returned_received, t.returned_received), version = u.version
         FROM jsonb_to_recordset($1::jsonb) AS u(order_id text, stage text, courier_status text, last_step_at timestamptz, final boolean, returned_received boolean, version int)
        WHERE t.order_id = u.order_id AND t.version < u.version`,
      [JSON.stringify([...rows.values()])],
    );
  }
}
