import { z } from 'zod';
import type { AdvanceRulesSetting } from '../../../contracts/catalog';
import { says } from '../../common/validation/rule-message';
import { areaIndex } from './area-index';

/**
 * When an order needs an advance by bKash before care may confirm it, and how much (ADR 059). Any rule that
 * holds asks for the advance: the phone's first order, a phone with returns, a grand total above `total_above`
 * Taka (0: never), a district listed in `districts`. The amount is the delivery charge, or `percent` of the
 * grand total (rounded up to the Taka). Stored as JSON in the settings column `advance_rules`; empty: never.
 */
export type AdvanceRules = AdvanceRulesSetting;

export const NO_ADVANCE: AdvanceRules = { first_order: false, phone_with_returns: false, total_above: 0, districts: [], amount: 'delivery_charge', percent: 0 };

const invalid = says('advance-rules-invalid');

export const advanceRulesSchema = z
  .object({
    first_order: z.boolean({ error: invalid }).default(false),
    phone_with_returns: z.boolean({ error: invalid }).default(false),
    total_above: z.number({ error: invalid }).min(0, invalid).max(10_000_000, invalid).default(0),
    districts: z
      .array(z.string({ error: invalid }).refine((id) => areaIndex().get(id)?.kind === 'district', says('area-unknown')), { error: invalid })
      .max(64, invalid)
      .default([]),
    amount: z.enum(['delivery_charge', 'percent'], { error: invalid }).default('delivery_charge'),
    percent: z.number({ error: invalid }).int(invalid).min(0, invalid).max(100, invalid).default(0),
  }, { error: invalid })
  .refine((rules) => rules.amount !== 'percent' || rules.percent >= 1, invalid);

let lastParsed: { json: string; rules: AdvanceRules } | null = null;

/** The rules of a settings row (never, when unset or unreadable); the last column value read is remembered. */
export function advanceRulesOf(row: { advance_rules?: unknown }): AdvanceRules {
  if (typeof row.advance_rules !== 'string' || row.advance_rules.trim() === '') return { ...NO_ADVANCE };
  if (lastParsed?.json === row.advance_rules) return lastParsed.rules;
  let rules: AdvanceRules = { ...NO_ADVANCE };
  try {
    const parsed = advanceRulesSchema.safeParse(JSON.parse(row.advance_rules));
    if (parsed.success) rules = parsed.data;
  } catch {
    // unreadable: never ask an advance
  }
  lastParsed = { json: row.advance_rules, rules };
  return rules;
}

export type AdvanceReason = 'first-order' | 'phone-with-returns' | 'total-above' | 'district';

export interface AdvanceFacts {
  /** The phone has no earlier order. */
  firstOrder: boolean;
  /** The phone had an order returned. */
  phoneHasReturns: boolean;
  grandTotalPaisa: number;
  deliveryChargePaisa: number;
  /** `d-47`; null when the order has no structured address. */
  districtId: string | null;
}

/** The advance an order needs (paisa, at most its grand total) and why, or null when none. Pure. */
export function advanceFor(rules: AdvanceRules, facts: AdvanceFacts): { paisa: number; reasons: AdvanceReason[] } | null {
  const reasons: AdvanceReason[] = [];
  if (rules.first_order && facts.firstOrder) reasons.push('first-order');
  if (rules.phone_with_returns && facts.phoneHasReturns) reasons.push('phone-with-returns');
  if (rules.total_above > 0 && facts.grandTotalPaisa > Math.round(rules.total_above * 100)) reasons.push('total-above');
  if (facts.districtId && rules.districts.includes(facts.districtId)) reasons.push('district');
  if (reasons.length === 0) return null;
  const wanted = rules.amount === 'percent' ? Math.ceil((facts.grandTotalPaisa * rules.percent) / 100 / 100) * 100 : facts.deliveryChargePaisa;
  const paisa = Math.min(Math.max(0, wanted), facts.grandTotalPaisa);
  return paisa > 0 ? { paisa, reasons } : null;
}
