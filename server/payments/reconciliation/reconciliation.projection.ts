import type { RecordedEvent } from '../../event-store/event-store.types';
import type { Projection, ProjectionContext } from '../../event-store/projection';
import type { ReconciliationEvent } from './reconciliation.decider';

/**
 * `payment-reconciliations`: each day's reconciliation (issue 34, ADR 061) as its `PaymentsReconciled` event says,
 * one row per day; the first event of a day wins (there is only one per stream).
 */
export class PaymentReconciliationsProjection implements Projection {
  readonly name = 'payment-reconciliations';
  readonly tables = ['payment_reconciliations'];
  readonly eventTypes = ['PaymentsReconciled'];

  async apply(events: RecordedEvent[], { manager, table }: ProjectionContext): Promise<void> {
    const rows = events
      .filter((recorded) => recorded.type === 'PaymentsReconciled' && recorded.streamId.startsWith('payment-reconciliation-'))
      .map((recorded) => {
        const { data } = { type: recorded.type, data: recorded.data } as ReconciliationEvent;
        return { day: data.day, ran_at: data.at, checked: data.checked, findings: data.findings };
      });
    if (rows.length === 0) return;
    const target = table('payment_reconciliations');
    await manager.query(
      `INSERT INTO ${target} (day, ran_at, checked, findings)
       SELECT day, ran_at, checked, findings FROM jsonb_populate_recordset(NULL::${target}, $1::jsonb)
       ON CONFLICT (day) DO NOTHING`,
      [JSON.stringify(rows)],
    );
  }
}
