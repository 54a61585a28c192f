import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CLOCK, type Clock } from '../../common/clock';
import { CommandPath } from '../../event-store/command-path/command-path';
import type { EventMetadata } from '../../event-store/event-store.types';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../gateway/payment-gateway';
import {
  reconciliationDecider,
  reconciliationStreamId,
  type ReconciliationChecked,
  type ReconciliationEvent,
  type ReconciliationFinding,
} from './reconciliation.decider';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Bangladesh keeps UTC+6 all year: a shop day runs from 18:00 UTC to 18:00 UTC. */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;
/** At most this many questions to the gateway per run; at most this many findings of each kind are kept. */
const GATEWAY_BUDGET = 200;
const FINDINGS_PER_KIND = 500;
const CLOSED = ['cancelled', 'expired'];
const PAID_STATUSES = ['confirmed', 'processing', 'shipped', 'delivered'];

/** The shop's day (Asia/Dhaka) of a moment, as YYYY-MM-DD. */
export function dhakaDay(at: Date): string {
  return new Date(at.getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first moment of a shop day. */
function dayStart(day: string): Date {
  return new Date(new Date(`${day}T00:00:00.000Z`).getTime() - DHAKA_OFFSET_MS);
}

type Row = Record<string, unknown>;
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const str = (value: unknown) => (value === null || value === undefined ? null : String(value));

/**
 * The daily payments reconciliation (issue 34, ADR 061): completed payments against the order log, and, for the
 * payments of the last two days, against what the gateway says of them. Its result is one `PaymentsReconciled`
 * event per shop day, so a second run of a day (another worker, a restart) records nothing.
 */
@Injectable()
export class PaymentReconciliation {
  private readonly logger = new Logger('PaymentReconciliation');

  constructor(
    private readonly dataSource: DataSource,
    private readonly commands: CommandPath,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The day the worker reconciles at `now`: the shop day that ended last. */
  dueDay(now: Date = this.clock.now()): string {
    return dhakaDay(new Date(now.getTime() - DAY_MS));
  }

  /** Whether a day's reconciliation is recorded already (the log, not the read model). */
  async recorded(day: string): Promise<boolean> {
    const state = (await this.commands.read([reconciliationStreamId(day)])).get(reconciliationStreamId(day));
    return (state?.state as { recorded?: boolean } | undefined)?.recorded === true;
  }

  /**
   * Reconciles `day` (by default the one due) once: does nothing when it is recorded already; otherwise checks,
   * and records what it found. Answers whether this run recorded it.
   */
  async run(metadata: EventMetadata, day: string = this.dueDay()): Promise<{ day: string; recorded: boolean; findings: number }> {
    if (await this.recorded(day)) return { day, recorded: false, findings: 0 };
    const now = this.clock.now();
    const { checked, findings } = await this.check(new Date(dayStart(day).getTime() - DAY_MS));
    const { events } = await this.commands.handle<{ recorded: boolean }, ReconciliationEvent>(
      reconciliationStreamId(day),
      (state) => reconciliationDecider.decide({ type: 'RecordReconciliation', data: { day, at: now.toISOString(), checked, findings } }, state),
      metadata,
    );
    if (events.length > 0 && findings.length > 0) this.logger.warn(`payments reconciliation of ${day}: ${findings.length} finding(s)`);
    return { day, recorded: events.length > 0, findings: findings.length };
  }

  /** Every check; the gateway is asked only about payments and hand verifications changed since `since`. */
  private async check(since: Date): Promise<{ checked: ReconciliationChecked; findings: ReconciliationFinding[] }> {
    const findings: ReconciliationFinding[] = [];
    const checked: ReconciliationChecked = { payments: 0, orders: 0, gatewayAsked: 0, gatewayUnanswered: 0, uncheckedByHand: 0 };
    const [{ payments, orders }] = await this.dataSource.query(
      `SELECT (SELECT count(*) FROM order_payments WHERE state = 'completed')::int AS payments,
              (SELECT count(*) FROM order_details d WHERE d.order_type = 1 AND (d.payment_method = 'bkash' OR d.advance_required_paisa IS NOT NULL)
                 AND (d.bkash_verified OR d.status = ANY($1::text[]) OR EXISTS (SELECT 1 FROM order_payments p WHERE p.order_id = d.order_id AND p.state = 'completed')))::int AS orders`,
      [PAID_STATUSES],
    );
    checked.payments = payments;
    checked.orders = orders;

    // Money taken for no live order: the order is missing, or cancelled or expired without a full refund.
    const orphaned: Row[] = await this.dataSource.query(
      `SELECT p.order_id, p.gateway, p.payment_id, p.trx_id, p.paid_paisa, p.refunded_paisa, d.status
         FROM order_payments p LEFT JOIN order_details d ON d.order_id = p.order_id
        WHERE p.state = 'completed' AND p.paid_paisa > p.refunded_paisa AND (d.order_id IS NULL OR d.status = ANY($1::text[]))
        ORDER BY p.updated_at, p.order_id LIMIT $2`,
      [CLOSED, FINDINGS_PER_KIND],
    );
    for (const row of orphaned) {
      findings.push({
        ...this.paymentOf(row),
        kind: 'payment-without-order',
        recordedPaisa: Number(row.paid_paisa) - Number(row.refunded_paisa),
        expectedPaisa: 0,
        detail: row.status ? `the order is ${String(row.status)} and the payment is not refunded` : 'no order in the log has this payment',
      });
    }

    // Orders the log holds as paid by bKash (the courier collects nothing) that moved on with no payment behind them.
    const unpaid: Row[] = await this.dataSource.query(
      `SELECT d.order_id, d.status, d.grand_total_paisa FROM order_details d
        WHERE d.order_type = 1 AND d.payment_method = 'bkash' AND NOT d.bkash_verified AND d.status = ANY($1::text[])
          AND NOT EXISTS (SELECT 1 FROM order_payments p WHERE p.order_id = d.order_id AND p.state = 'completed')
        ORDER BY d.placed_at, d.order_id LIMIT $2`,
      [PAID_STATUSES, FINDINGS_PER_KIND],
    );
    for (const row of unpaid) {
      findings.push({
        kind: 'paid-without-payment',
        orderId: String(row.order_id),
        gateway: null,
        paymentId: null,
        trxId: null,
        recordedPaisa: 0,
        expectedPaisa: num(row.grand_total_paisa),
        detail: `a bKash order ${String(row.status)} with no completed payment and no transfer verified`,
      });
    }

    // Completed payments whose amount is not what the live order asks: its total, or the advance it paid.
    const differing: Row[] = await this.dataSource.query(
      `SELECT * FROM (
         SELECT p.order_id, p.gateway, p.payment_id, p.trx_id, p.paid_paisa,
                CASE WHEN p.payment->>'advance' = 'true' THEN least(d.advance_required_paisa, d.grand_total_paisa) ELSE d.grand_total_paisa END AS expected_paisa,
                p.payment->>'advance' = 'true' AS advance
           FROM order_payments p JOIN order_details d ON d.order_id = p.order_id
          WHERE p.state = 'completed' AND NOT (d.status = ANY($1::text[]))) x
        WHERE x.expected_paisa IS NOT NULL AND x.paid_paisa <> x.expected_paisa
        ORDER BY x.order_id LIMIT $2`,
      [CLOSED, FINDINGS_PER_KIND],
    );
    for (const row of differing) {
      findings.push({
        ...this.paymentOf(row),
        kind: 'amount-differs',
        recordedPaisa: Number(row.paid_paisa),
        expectedPaisa: Number(row.expected_paisa),
        detail: row.advance ? "the payment is not the order's advance" : "the payment is not the order's total",
      });
    }

    await this.checkWithGateway(since, checked, findings);
    return { checked, findings };
  }

  /**
   * What the gateway says of the payments changed since `since`: one it completed that the log does not hold as
   * paid, one the log holds as paid that it did not complete or completed for another amount; and, with bKash
   * itself, each transfer care verified by hand, searched by its transaction id.
   */
  private async checkWithGateway(since: Date, checked: ReconciliationChecked, findings: ReconciliationFinding[]): Promise<void> {
    const recent: Row[] = await this.dataSource.query(
      `SELECT order_id, gateway, payment_id, trx_id, state, paid_paisa FROM order_payments
        WHERE payment_id IS NOT NULL AND gateway = $1 AND state IN ('started', 'executing', 'failed', 'completed') AND updated_at >= $2
        ORDER BY updated_at, order_id LIMIT $3`,
      [this.gateway.name, since, GATEWAY_BUDGET],
    );
    for (const row of recent) {
      const outcome = await this.ask(checked, () => this.gateway.status(String(row.payment_id)));
      if (!outcome) continue;
      if (row.state !== 'completed' && outcome.state === 'completed') {
        findings.push({
          ...this.paymentOf(row),
          trxId: outcome.trxId,
          kind: 'payment-without-order',
          recordedPaisa: 0,
          expectedPaisa: outcome.amountPaisa,
          detail: `the gateway completed this payment; the order log holds it as ${String(row.state)}`,
        });
      } else if (row.state === 'completed' && outcome.state !== 'completed') {
        findings.push({ ...this.paymentOf(row), kind: 'paid-without-payment', recordedPaisa: Number(row.paid_paisa), expectedPaisa: 0, detail: `the gateway says the payment is ${outcome.state}` });
      } else if (row.state === 'completed' && outcome.amountPaisa !== null && outcome.amountPaisa !== Number(row.paid_paisa)) {
        findings.push({ ...this.paymentOf(row), kind: 'amount-differs', recordedPaisa: Number(row.paid_paisa), expectedPaisa: outcome.amountPaisa, detail: "the gateway's amount is not the one recorded" });
      }
    }

    const byHand: Row[] = await this.dataSource.query(
      `SELECT d.order_id, d.transaction_id, d.payment_method, d.grand_total_paisa, d.advance_required_paisa FROM order_details d
        WHERE d.order_type = 1 AND d.bkash_verified AND d.transaction_id IS NOT NULL AND d.updated_at >= $1
          AND NOT EXISTS (SELECT 1 FROM order_payments p WHERE p.order_id = d.order_id AND p.state = 'completed')
        ORDER BY d.updated_at, d.order_id LIMIT $2`,
      [since, GATEWAY_BUDGET],
    );
    if (this.gateway.mode !== 'live') {
      checked.uncheckedByHand += byHand.length;
      return;
    }
    for (const row of byHand) {
      const trxId = String(row.transaction_id);
      const found = await this.ask(checked, () => this.gateway.search(trxId));
      if (found === undefined) continue;
      const expected = row.payment_method === 'bkash' ? Number(row.grand_total_paisa) : Math.min(Number(row.advance_required_paisa ?? 0), Number(row.grand_total_paisa));
      const base = { orderId: String(row.order_id), gateway: this.gateway.name, paymentId: null, trxId };
      if (!found || found.state !== 'completed') {
        findings.push({ ...base, kind: 'paid-without-payment', recordedPaisa: expected, expectedPaisa: 0, detail: 'verified by hand; bKash has no completed transaction by this id' });
      } else if (found.amountPaisa !== expected) {
        findings.push({ ...base, kind: 'amount-differs', recordedPaisa: found.amountPaisa, expectedPaisa: expected, detail: 'verified by hand; the transfer is not what the order asks' });
      }
    }
  }

  /** One question to the gateway: its answer, or undefined when it did not answer (counted). */
  private async ask<T>(checked: ReconciliationChecked, call: () => Promise<T>): Promise<T | undefined> {
    checked.gatewayAsked++;
    try {
      return await call();
    } catch (error) {
      checked.gatewayUnanswered++;
      this.logger.warn(`reconciliation: the gateway did not answer: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  private paymentOf(row: Row): Pick<ReconciliationFinding, 'orderId' | 'gateway' | 'paymentId' | 'trxId'> {
    return { orderId: str(row.order_id), gateway: str(row.gateway), paymentId: str(row.payment_id), trxId: str(row.trx_id) };
  }
}
