import type { RecordedEvent } from '../../event-store/event-store.types';
import type { Projection, ProjectionContext } from '../../event-store/projection';
import type { OrderEvent } from '../../ordering/published';
import type { PayoutEvent } from '../payouts/payout.decider';

const DELIVERED = new Set(['delivered', 'partly-delivered']);
const RETURNED = new Set(['returning', 'returned']);

interface ParcelCash {
  order_id: string;
  courier: string | null;
  consignment_id: string | null;
  due_paisa: number | null;
  delivery_fee_paisa: number | null;
  stage: string | null;
  collected_paisa: number | null;
  delivered_at: string | null;
  returned: boolean;
  version: number;
}

/**
 * `payouts` (issue 29, the cash coming back): what each booked parcel should bring back (`payout_parcels`, from
 * the order's shipment events: the amount to collect, delivered when, returned or not) and what the couriers
 * paid (`courier_payouts`, `payout_lines`, from the `payout-` streams). The reconciliation reads the three.
 */
export class PayoutsProjection implements Projection {
  readonly name = 'payouts';
  readonly tables = ['payout_parcels', 'courier_payouts', 'payout_lines'];
  readonly eventTypes = ['ShipmentBooked', 'ParcelStepRecorded', 'ReturnedParcelReceived', 'CourierPayoutRecorded'];

  async apply(events: RecordedEvent[], { manager, table }: ProjectionContext): Promise<void> {
    const parcels = new Map<string, ParcelCash>();
    const payouts = new Map<string, { courier: string; payout_id: string; paid_at: string; total_paisa: number | null; source: string }>();
    const lines = new Map<string, Record<string, unknown>>();
    for (const recorded of events) {
      if (recorded.streamId.startsWith('payout-')) {
        const event = { type: recorded.type, data: recorded.data } as PayoutEvent;
        if (event.type !== 'CourierPayoutRecorded') continue;
        const { courier, payoutId, paidAt, totalPaisa, source } = event.data;
        const key = `${courier}\u0000${payoutId}`;
        if (!payouts.has(key)) payouts.set(key, { courier, payout_id: payoutId, paid_at: paidAt, total_paisa: totalPaisa, source });
        for (const line of event.data.lines) {
          lines.set(`${key}\u0000${line.consignmentId}`, {
            courier, payout_id: payoutId, consignment_id: line.consignmentId, order_id: line.orderId, paid_at: paidAt,
            collected_paisa: line.collectedPaisa, delivery_charge_paisa: line.deliveryChargePaisa, cod_fee_paisa: line.codFeePaisa,
          });
        }
        continue;
      }
      if (!recorded.streamId.startsWith('order-')) continue;
      const event = { type: recorded.type, data: recorded.data } as OrderEvent;
      if (event.type !== 'ShipmentBooked' && event.type !== 'ParcelStepRecorded' && event.type !== 'ReturnedParcelReceived') continue;
      const orderId = event.data.orderId;
      const row = parcels.get(orderId) ?? {
        order_id: orderId, courier: null, consignment_id: null, due_paisa: null, delivery_fee_paisa: null, stage: null,
        collected_paisa: null, delivered_at: null, returned: false, version: 0,
      };
      row.version = Math.max(row.version, recorded.streamPosition);
      if (event.type === 'ShipmentBooked') {
        Object.assign(row, {
          courier: event.data.courier, consignment_id: event.data.consignmentId, due_paisa: event.data.amountToCollectPaisa,
          delivery_fee_paisa: event.data.deliveryFeePaisa, stage: 'booked',
        });
      } else if (event.type === 'ParcelStepRecorded') {
        if (event.data.current) {
          const step = event.data.step;
          row.stage = step.stage;
          if (DELIVERED.has(step.stage)) {
            row.delivered_at = step.at;
            if (step.collectedPaisa !== null) row.collected_paisa = step.collectedPaisa;
          }
          if (RETURNED.has(step.stage)) row.returned = true;
        }
      } else {
        row.returned = true;
      }
      parcels.set(orderId, row);
    }

    if (parcels.size > 0) {
      const target = table('payout_parcels');
      await manager.query(
        `INSERT INTO ${target} AS t (order_id, courier, consignment_id, due_paisa, delivery_fee_paisa, stage, collected_paisa, delivered_at, returned, version)
         SELECT order_id, courier, consignment_id, due_paisa, delivery_fee_paisa, stage, collected_paisa, delivered_at, coalesce(returned, false), version
           FROM jsonb_populate_recordset(NULL::${target}, $1::jsonb)
         ON CONFLICT (order_id) DO UPDATE
            SET courier = coalesce(EXCLUDED.courier, t.courier), consignment_id = coalesce(EXCLUDED.consignment_id, t.consignment_id),
                due_paisa = coalesce(EXCLUDED.due_paisa, t.due_paisa), delivery_fee_paisa = coalesce(EXCLUDED.delivery_fee_paisa, t.delivery_fee_paisa),
                stage = coalesce(EXCLUDED.stage, t.stage), collected_paisa = coalesce(EXCLUDED.collected_paisa, t.collected_paisa),
                delivered_at = coalesce(EXCLUDED.delivered_at, t.delivered_at), returned = t.returned OR EXCLUDED.returned, version = EXCLUDED.version
          WHERE t.version < EXCLUDED.version`,
        [JSON.stringify([...parcels.values()])],
      );
    }
    if (payouts.size > 0) {
      const target = table('courier_payouts');
      await manager.query(
        `INSERT INTO ${target} (courier, payout_id, paid_at, total_paisa, source)
         SELECT courier, payout_id, paid_at, total_paisa, source FROM jsonb_populate_recordset(NULL::${target}, $1::jsonb)
         ON CONFLICT (courier, payout_id) DO NOTHING`,
        [JSON.stringify([...payouts.values()])],
      );
    }
    if (lines.size > 0) {
      const target = table('payout_lines');
      await manager.query(
        `INSERT INTO ${target} (courier, payout_id, consignment_id, order_id, paid_at, collected_paisa, delivery_charge_paisa, cod_fee_paisa)
         SELECT courier, payout_id, consignment_id, order_id, paid_at, collected_paisa, delivery_charge_paisa, cod_fee_paisa
           FROM jsonb_populate_recordset(NULL::${target}, $1::jsonb)
         ON CONFLICT (courier, payout_id, consignment_id) DO NOTHING`,
        [JSON.stringify([...lines.values()])],
      );
    }
  }
}
