import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { personalDataVault } from '../../event-store/personal-data/personal-data';
import type { DeliveryRow, OutboxChannel, OutboxJobData } from '../outbox-channel';

/**
 * A message that an anonymous action caused (a shopper placing or cancelling an order), to be counted against
 * its recipient's budget: the phone number or e-mail address it goes to, the event's time, and what the row
 * may show staff about the recipient when it is capped (a masked number, the address).
 */
export interface Budgeted {
  kind: 'phone' | 'email';
  address: string;
  at: Date;
  shown?: string;
}

/** A job of a subscription batch, with its budget when a shopper's own action caused it. */
export type BudgetedJob = OutboxJobData & { budgeted?: Budgeted };

/** Messages one recipient may get per hour and per day from shoppers' actions; 0 is no cap. */
export interface RecipientCaps {
  perHour: number;
  perDay: number;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A message already counted (or capped) against a recipient, as its delivery row records it. */
interface Counted {
  key: string;
  at: number;
}

/**
 * Decides, inside the subscription's batch transaction, which budgeted messages are over their recipient's
 * budget (issue 27). The decision is a function of what is recorded: the delivery rows already written for the
 * recipient (their `budget_at`, not capped) and the batch's own messages before this one, counted over the hour
 * and the day up to the message's event time. It is written with the row in the transaction that moves the
 * checkpoint, so a restart, a retried batch or a replayed one never decides a message twice or counts it twice:
 * a message whose row exists keeps the decision its row records. The caps themselves are the settings as they
 * stand when the batch is decided.
 */
export async function decideBudgets(
  manager: EntityManager,
  channel: OutboxChannel,
  jobs: BudgetedJob[],
  caps: () => Promise<RecipientCaps>,
): Promise<DeliveryRow[]> {
  const budgeted = jobs.filter((job) => job.budgeted);
  if (budgeted.length === 0) return jobs.map(withoutBudget);
  const { perHour, perDay } = await caps();
  const keyOf = recipientKeys(manager);
  const keys = new Map(budgeted.map((job) => [job.eventId, keyOf(job.budgeted!.kind, job.budgeted!.address)]));
  const earliest = Math.min(...budgeted.map((job) => job.budgeted!.at.getTime()));
  // One read for the batch: rows already written for these messages (a replay), and every message counted for
  // these recipients within a day of the batch's first. An index probe per message and per recipient (OFFSET 0
  // keeps each subquery apart, so the planner cannot turn it into a read of the whole table, which grows by a
  // row per message).
  const rows: Array<{ event_id: string; budget_key: string | null; budget_at: Date | null; capped: boolean; mine: boolean }> = await manager.query(
    `SELECT d.event_id, d.budget_key, d.budget_at, d.capped, true AS mine FROM unnest($1::uuid[]) AS m(id)
       JOIN LATERAL (SELECT * FROM ${channel.table} WHERE event_id = m.id OFFSET 0) d ON true
     UNION ALL
     SELECT d.event_id, d.budget_key, d.budget_at, d.capped, false AS mine FROM unnest($2::text[]) AS r(key)
       JOIN LATERAL (SELECT * FROM ${channel.table} WHERE budget_key = r.key AND budget_at > $3 AND NOT capped OFFSET 0) d ON true
      WHERE d.event_id <> ALL($1::uuid[])`,
    [budgeted.map((job) => job.eventId), [...new Set(keys.values())], new Date(earliest - DAY_MS)],
  );
  const decidedBefore = new Map(rows.filter((row) => row.mine).map((row) => [row.event_id, row.capped]));
  const counted: Counted[] = rows.filter((row) => !row.mine && row.budget_key && row.budget_at).map((row) => ({ key: row.budget_key!, at: new Date(row.budget_at!).getTime() }));
  return jobs.map((job): DeliveryRow => {
    if (!job.budgeted) return withoutBudget(job);
    const key = keys.get(job.eventId)!;
    const at = job.budgeted.at.getTime();
    const before = decidedBefore.get(job.eventId);
    const reason = before === undefined ? overBudget(counted, key, at, perHour, perDay) : before ? 'recorded as capped before' : null;
    const capped = reason !== null;
    if (!capped) counted.push({ key, at });
    return {
      ...withoutBudget(job),
      budget: { key, at: job.budgeted.at, capped, ...(capped ? { reason: `not sent: ${reason}`, recipient: job.budgeted.shown } : {}) },
    };
  });
}

/** Why a message at `at` is over its recipient's budget, or null when it is within it. */
function overBudget(counted: readonly Counted[], key: string, at: number, perHour: number, perDay: number): string | null {
  let hour = 0;
  let day = 0;
  for (const message of counted) {
    if (message.key !== key || message.at > at) continue;
    if (message.at > at - DAY_MS) day += 1;
    if (message.at > at - HOUR_MS) hour += 1;
  }
  if (perHour > 0 && hour >= perHour) return `over the cap of ${perHour} order messages an hour to this recipient`;
  if (perDay > 0 && day >= perDay) return `over the cap of ${perDay} order messages a day to this recipient`;
  return null;
}

function withoutBudget({ budgeted: _budgeted, ...job }: BudgetedJob): DeliveryRow {
  return job;
}

/**
 * Recipients are counted under a keyed hash (the personal-data vault's), so a delivery row never names the
 * number or the address it counts. A store without a vault (never in a running store) hashes without a key.
 */
function recipientKeys(manager: EntityManager): (kind: 'phone' | 'email', address: string) => string {
  const vault = personalDataVault(manager);
  return (kind, address) => (vault ? vault.pseudonym(kind, address) : `${kind}:${createHash('sha256').update(address).digest('base64url').slice(0, 32)}`);
}
