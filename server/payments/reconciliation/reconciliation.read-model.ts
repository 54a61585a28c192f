import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PaymentReconciliationResponse, ReconciliationFindingView } from '../../../contracts/payments';
import type { ReconciliationChecked, ReconciliationFinding } from './reconciliation.decider';

const taka = (paisa: number | null) => (paisa === null ? null : paisa / 100);
const DAYS_LISTED = 30;

/** What admins read of the payments reconciliations: the `payment-reconciliations` projection's table. */
@Injectable()
export class ReconciliationReadModel {
  constructor(private readonly dataSource: DataSource) {}

  /** One day's reconciliation (the newest without a day), and the last 30 days with their counts. */
  async read(day?: string): Promise<PaymentReconciliationResponse> {
    const days: Array<{ day: string; ran_at: Date; findings: number }> = await this.dataSource.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, ran_at, jsonb_array_length(findings)::int AS findings FROM payment_reconciliations ORDER BY day DESC LIMIT $1`,
      [DAYS_LISTED],
    );
    const rows: Array<{ day: string; ran_at: Date; checked: ReconciliationChecked; findings: ReconciliationFinding[] }> = day
      ? await this.dataSource.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day, ran_at, checked, findings FROM payment_reconciliations WHERE day = $1::date`, [day])
      : await this.dataSource.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day, ran_at, checked, findings FROM payment_reconciliations ORDER BY day DESC LIMIT 1`);
    const row = rows[0];
    return {
      success: true,
      day: row?.day ?? null,
      ran_at: row ? new Date(row.ran_at).toISOString() : null,
      checked: row
        ? { payments: row.checked.payments, orders: row.checked.orders, gateway_asked: row.checked.gatewayAsked, gateway_unanswered: row.checked.gatewayUnanswered, unchecked_by_hand: row.checked.uncheckedByHand }
        : null,
      findings: (row?.findings ?? []).map(
        (finding): ReconciliationFindingView => ({
          kind: finding.kind,
          order_id: finding.orderId,
          gateway: finding.gateway,
          payment_id: finding.paymentId,
          trx_id: finding.trxId,
          recorded: taka(finding.recordedPaisa),
          expected: taka(finding.expectedPaisa),
          detail: finding.detail,
        }),
      ),
      days: days.map((each) => ({ day: each.day, ran_at: new Date(each.ran_at).toISOString(), findings: each.findings })),
    };
  }
}
