import type { Decider } from '../../event-store/command-path/decider';

/** Where a payout was learnt from: the courier's API (Steadfast `/payments`), its webhook (Pathao `order.paid`), or a statement file care imported. */
export type PayoutSource = 'courier-api' | 'webhook' | 'statement';

/** One parcel a payout pays for, in paisa; `orderId` is the store's order when the parcel was found among its parcels. */
export interface PayoutLine {
  consignmentId: string;
  orderId: string | null;
  collectedPaisa: number;
  deliveryChargePaisa: number;
  codFeePaisa: number;
}

/**
 * A courier's payout, or more of its parcels (Pathao tells one parcel of a payout per webhook): the parcels it
 * pays for that the stream did not hold yet. Fires from `RecordPayout`; a replay of what is known records
 * nothing. Consumed by the `payouts` projection (list, reconciliation).
 */
export type CourierPayoutRecorded = {
  type: 'CourierPayoutRecorded';
  data: { courier: string; payoutId: string; paidAt: string; totalPaisa: number | null; source: PayoutSource; lines: PayoutLine[] };
};

export type PayoutEvent = CourierPayoutRecorded;

export type RecordPayout = { type: 'RecordPayout'; data: CourierPayoutRecorded['data'] };

export interface PayoutState {
  recorded: boolean;
  /** Consignment ids of the parcels the payout already pays for. */
  consignments: string[];
}

/** The stream of one payout: `payout-<courier>-<payout id>` (ids outside [A-Za-z0-9_.-] are the caller's to avoid). */
export const payoutStreamId = (courier: string, payoutId: string) => `payout-${courier}-${payoutId}`;

/** A payout's rules: each parcel is paid for once per payout; what is already known is not recorded again. */
export const payoutDecider: Decider<RecordPayout, PayoutEvent, PayoutState> = {
  initialState: () => ({ recorded: false, consignments: [] }),
  evolve(state, event) {
    if (event.type !== 'CourierPayoutRecorded') return state;
    return { recorded: true, consignments: [...state.consignments, ...event.data.lines.map((line) => line.consignmentId)] };
  },
  decide(command, state) {
    const known = new Set(state.consignments);
    const lines: PayoutLine[] = [];
    for (const line of command.data.lines) {
      if (known.has(line.consignmentId)) continue;
      known.add(line.consignmentId);
      lines.push(line);
    }
    if (lines.length === 0) return [];
    return [{ type: 'CourierPayoutRecorded', data: { ...command.data, lines } }];
  },
};
