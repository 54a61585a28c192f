import type { RecordedEvent } from '../../event-store/event-store.types';

/**
 * How a lucky-draw token lives (docs/decisions/051-lucky-draw.md), read from order events only:
 * issued when the order is placed (online or by phone), eligible when it is delivered, void when it is
 * cancelled, returned or expired. Void is final; only an issued token becomes eligible.
 */
export type TokenState = 'issued' | 'eligible' | 'void';

/** The order events this fold reads. `OrderExpired` (unpaid orders the shop lets go) is read by name. */
export const TOKEN_EVENT_TYPES = ['OrderPlaced', 'InstantOrderPlaced', 'OrderDelivered', 'OrderCancelled', 'OrderReturned', 'OrderExpired'];

const VOID_REASON: Record<string, string> = { OrderCancelled: 'cancelled', OrderReturned: 'returned', OrderExpired: 'expired' };

export interface TokenRow {
  token: string;
  order_id: string;
  order_type: number;
  phone: string;
  email: string | null;
  customer_name: string;
  placed_at: string;
  state: TokenState;
  state_reason: string | null;
  state_at: string;
}

/** What happens to every token of one order in a batch: the first void wins, else a delivery. */
export interface OrderTokenChange {
  order_id: string;
  state: 'eligible' | 'void';
  reason: string | null;
  at: string;
}

interface PlacedData {
  orderId: string;
  orderType: number;
  placedAt: string;
  customer: { name: string; email: string | null; phone: string };
  lines: Array<{ quantity: number }>;
  luckyDrawTokens?: string[];
}

/** One token per unit: online orders carry theirs in `OrderPlaced`; phone orders get the same `<orderId>-<n>`. */
export function tokensOfPlacement(data: PlacedData): string[] {
  if (Array.isArray(data.luckyDrawTokens)) return data.luckyDrawTokens;
  const units = data.lines.reduce((sum, line) => sum + line.quantity, 0);
  return Array.from({ length: units }, (_, index) => `${data.orderId}-${index + 1}`);
}

export function foldTokenEvents(events: readonly RecordedEvent[]): { issued: TokenRow[]; changes: OrderTokenChange[] } {
  const issued: TokenRow[] = [];
  const changes = new Map<string, OrderTokenChange>();
  for (const event of events) {
    if (event.type === 'OrderPlaced' || event.type === 'InstantOrderPlaced') {
      const data = event.data as PlacedData;
      for (const token of tokensOfPlacement(data)) {
        issued.push({
          token,
          order_id: data.orderId,
          order_type: data.orderType,
          phone: data.customer.phone,
          email: data.customer.email || null,
          customer_name: data.customer.name,
          placed_at: data.placedAt,
          state: 'issued',
          state_reason: null,
          state_at: data.placedAt,
        });
      }
      continue;
    }
    const data = event.data as { orderId?: string; at?: string };
    if (!data.orderId || !TOKEN_EVENT_TYPES.includes(event.type)) continue;
    const at = data.at ?? new Date(event.recordedAt).toISOString();
    const previous = changes.get(data.orderId);
    if (previous?.state === 'void') continue;
    if (event.type === 'OrderDelivered') changes.set(data.orderId, { order_id: data.orderId, state: 'eligible', reason: null, at });
    else changes.set(data.orderId, { order_id: data.orderId, state: 'void', reason: VOID_REASON[event.type], at });
  }
  // A placement and its later steps in one batch: apply the steps to the fresh rows too.
  const fresh = new Map(issued.map((row) => [row.token, row]));
  for (const row of fresh.values()) {
    const change = changes.get(row.order_id);
    if (change) Object.assign(row, { state: change.state, state_reason: change.reason, state_at: change.at });
  }
  return { issued, changes: [...changes.values()] };
}
