import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PayoutListResponse, PayoutReconciliationResponse, PayoutSourceCode } from '../../../contracts/payouts';

const DAY_MS = 24 * 60 * 60 * 1000;
const LIST_LIMIT = 200;
const ROWS_LIMIT = 500;
const taka = (paisa: number | string | null | undefined) => (paisa === null || paisa === undefined ? 0 : Number(paisa) / 100);
const iso = (value: Date | string) => new Date(value).toISOString();

/** What care and the owner read of the payouts: the `payouts` projection's tables (payouts.projection.ts). */
@Injectable()
export class PayoutsReadModel {
  constructor(private readonly dataSource: DataSource) {}

  async list(): Promise<PayoutListResponse> {
    const rows: Array<Record<string, string | number | Date | null>> = await this.dataSource.query(
      `SELECT p.courier, p.payout_id, p.paid_at, p.source, p.total_paisa, count(l.consignment_id)::int AS parcels,
              coalesce(sum(l.collected_paisa), 0)::bigint AS collected, coalesce(sum(l.delivery_charge_paisa), 0)::bigint AS charge,
              coalesce(sum(l.cod_fee_paisa), 0)::bigint AS fee
         FROM courier_payouts p LEFT JOIN payout_lines l ON l.courier = p.courier AND l.payout_id = p.payout_id
        GROUP BY p.courier, p.payout_id ORDER BY p.paid_at DESC, p.courier, p.payout_id LIMIT $1`,
      [LIST_LIMIT],
    );
    const [totals] = await this.dataSource.query(
      `SELECT (SELECT count(*) FROM courier_payouts)::int AS payouts, count(*)::int AS parcels, coalesce(sum(collected_paisa), 0)::bigint AS collected,
              coalesce(sum(delivery_charge_paisa), 0)::bigint AS charge, coalesce(sum(cod_fee_paisa), 0)::bigint AS fee
         FROM payout_lines`,
    );
    return {
      success: true,
      data: rows.map((row) => ({
        courier: String(row.courier),
        payout_id: String(row.payout_id),
        paid_at: iso(row.paid_at as Date),
        source: row.source as PayoutSourceCode,
        total: row.total_paisa === null ? null : taka(row.total_paisa as string),
        parcels: Number(row.parcels),
        collected: taka(row.collected as string),
        delivery_charge: taka(row.charge as string),
        cod_fee: taka(row.fee as string),
        net: taka(Number(row.collected) - Number(row.charge) - Number(row.fee)),
      })),
      totals: {
        payouts: Number(totals.payouts),
        parcels: Number(totals.parcels),
        collected: taka(totals.collected),
        delivery_charge: taka(totals.charge),
        cod_fee: taka(totals.fee),
        net: taka(Number(totals.collected) - Number(totals.charge) - Number(totals.fee)),
      },
    };
  }

  /** Mismatches, parcels unpaid `unpaidDays` after delivery, cash the couriers hold, paid out this month and return rates, as of `now`. */
  async reconciliation(unpaidDays: number, now = new Date()): Promise<PayoutReconciliationResponse> {
    const paid = `EXISTS (SELECT 1 FROM payout_lines l WHERE l.order_id = pp.order_id)`;
    const [mismatches, unpaid, held, month, returns] = await Promise.all([
      this.dataSource.query(
        `SELECT l.order_id, l.courier, l.consignment_id, l.payout_id, l.paid_at, l.collected_paisa, l.delivery_charge_paisa, l.cod_fee_paisa, pp.due_paisa
           FROM payout_lines l LEFT JOIN payout_parcels pp ON pp.order_id = l.order_id
          WHERE pp.due_paisa IS NULL OR l.collected_paisa <> pp.due_paisa
          ORDER BY l.paid_at DESC, l.courier, l.consignment_id LIMIT $1`,
        [ROWS_LIMIT],
      ),
      this.dataSource.query(
        `SELECT pp.order_id, pp.courier, pp.consignment_id, pp.due_paisa, pp.delivered_at
           FROM payout_parcels pp
          WHERE pp.stage IN ('delivered', 'partly-delivered') AND pp.delivered_at < $1 AND NOT ${paid}
          ORDER BY pp.delivered_at, pp.order_id LIMIT $2`,
        [new Date(now.getTime() - unpaidDays * DAY_MS), ROWS_LIMIT],
      ),
      this.dataSource.query(
        `SELECT pp.courier, count(*)::int AS parcels, sum(coalesce(pp.collected_paisa, pp.due_paisa))::bigint AS amount
           FROM payout_parcels pp WHERE pp.stage IN ('delivered', 'partly-delivered') AND NOT ${paid}
          GROUP BY pp.courier ORDER BY pp.courier`,
      ),
      this.dataSource.query(
        `SELECT courier, count(DISTINCT payout_id)::int AS payouts, sum(collected_paisa - delivery_charge_paisa - cod_fee_paisa)::bigint AS amount
           FROM payout_lines WHERE paid_at >= (date_trunc('month', $1::timestamptz AT TIME ZONE 'Asia/Dhaka') AT TIME ZONE 'Asia/Dhaka')
          GROUP BY courier ORDER BY courier`,
        [now],
      ),
      this.dataSource.query(
        `SELECT courier, count(*) FILTER (WHERE returned OR stage IN ('delivered', 'partly-delivered'))::int AS finished, count(*) FILTER (WHERE returned)::int AS returned
           FROM payout_parcels WHERE courier IS NOT NULL GROUP BY courier ORDER BY courier`,
      ),
    ]);
    const sum = (rows: Array<{ amount: string }>) => rows.reduce((total, row) => total + Number(row.amount), 0);
    return {
      success: true,
      unpaid_after_days: unpaidDays,
      mismatches: mismatches.map((row: Record<string, string | null>) => ({
        order_id: row.order_id,
        courier: String(row.courier),
        consignment_id: String(row.consignment_id),
        payout_id: String(row.payout_id),
        paid_at: iso(row.paid_at as string),
        due: row.due_paisa === null ? null : taka(row.due_paisa),
        collected: taka(row.collected_paisa),
        delivery_charge: taka(row.delivery_charge_paisa),
        cod_fee: taka(row.cod_fee_paisa),
        difference: row.due_paisa === null ? null : taka(Number(row.collected_paisa) - Number(row.due_paisa)),
      })),
      unpaid: unpaid.map((row: { order_id: string; courier: string; consignment_id: string; due_paisa: string; delivered_at: Date }) => ({
        order_id: row.order_id,
        courier: row.courier,
        consignment_id: row.consignment_id,
        due: taka(row.due_paisa),
        delivered_at: iso(row.delivered_at),
        days_since_delivery: Math.floor((now.getTime() - new Date(row.delivered_at).getTime()) / DAY_MS),
      })),
      cash_held: { total: taka(sum(held)), by_courier: held.map((row: { courier: string; parcels: number; amount: string }) => ({ courier: row.courier, parcels: row.parcels, amount: taka(row.amount) })) },
      paid_out_this_month: { total: taka(sum(month)), by_courier: month.map((row: { courier: string; payouts: number; amount: string }) => ({ courier: row.courier, payouts: row.payouts, amount: taka(row.amount) })) },
      return_rate: returns.map((row: { courier: string; finished: number; returned: number }) => ({
        courier: row.courier,
        district: null,
        finished: row.finished,
        returned: row.returned,
        rate: row.finished === 0 ? 0 : Math.round((row.returned / row.finished) * 1000) / 1000,
      })),
    };
  }
}
