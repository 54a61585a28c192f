import type { RecordedEvent } from '../../event-store/event-store.types';

/**
 * How a lucky-draw token lives (docs/decisions/051-lucky-draw.md, docs/lucky-draw.md), read from order events
 * only: issued when the order is placed (online or by phone), eligible when it is delivered, void when it is
 * cancelled, returned or expired. Tokens follow the units actually ordered: an amendment that leaves the order
 * fewer units voids the tokens past them (`amended`), one that adds units issues them (or gives back those an
 * earlier amendment voided). A phone order's tokens follow what was paid (`instantOrderTokenCount`).
 * Void by a step of the order is final; only an issued token becomes eligible.
 */
export type TokenState = 'issued' | 'eligible' | 'void';

/** The order events this fold reads. `OrderExpired` (unpaid orders the shop lets go) is read by name. */
export const TOKEN_EVENT_TYPES = [
  'OrderPlaced',
  'InstantOrderPlaced',
  'OrderLineAdded',
  'OrderLineChanged',
  'OrderLineRemoved',
  'OrderDelivered',
  'OrderCancelled',
  'OrderReturned',
  'OrderExpired',
];

const VOID_REASON: Record<string, string> = { OrderCancelled: 'cancelled', OrderReturned: 'returned', OrderExpired: 'expired' };
const AMENDMENTS = new Set(['OrderLineAdded', 'OrderLineChanged', 'OrderLineRemoved']);
/** The reason of a token voided because an amendment left the order fewer units than its number. */
export const AMENDED = 'amended';

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

interface Line {
  quantity: number;
  unitPricePaisa?: number;
}

interface PlacedData {
  orderId: string;
  orderType: number;
  placedAt: string;
  customer: { name: string; email: string | null; phone: string };
  lines: Line[];
  luckyDrawTokens?: string[];
  payment?: { amountPaisa?: number; discountPaisa?: number };
}

/**
 * How many tokens a phone order earns: staff state its money, so its units count only as far as that money
 * pays for them at the catalog prices recorded on its lines: units × (amount − discount) / catalog value,
 * rounded to the nearest whole token, never more than the units. 30 t-shirts "sold" for 1 taka earn none.
 */
export function instantOrderTokenCount(data: Pick<PlacedData, 'lines' | 'payment'>): number {
  const units = data.lines.reduce((sum, line) => sum + line.quantity, 0);
  const value = data.lines.reduce((sum, line) => sum + line.quantity * (line.unitPricePaisa ?? 0), 0);
  const paid = Math.max(0, (data.payment?.amountPaisa ?? 0) - (data.payment?.discountPaisa ?? 0));
  if (units === 0 || paid === 0) return 0;
  if (value <= 0) return units;
  return Math.min(units, Math.round((units * paid) / value));
}

/** `<orderId>-1` … `<orderId>-<count>`. */
export function numberedTokens(orderId: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => `${orderId}-${index + 1}`);
}

/** One token per unit for online orders (carried in `OrderPlaced`); phone orders as far as they were paid. */
export function tokensOfPlacement(type: string, data: PlacedData): string[] {
  if (type === 'InstantOrderPlaced') return numberedTokens(data.orderId, instantOrderTokenCount(data));
  if (Array.isArray(data.luckyDrawTokens)) return data.luckyDrawTokens;
  return numberedTokens(data.orderId, data.lines.reduce((sum, line) => sum + line.quantity, 0));
}

/** The number n of token `<orderId>-<n>`. */
function tokenNumber(row: Pick<TokenRow, 'token' | 'order_id'>): number {
  return Number(row.token.slice(row.order_id.length + 1));
}

/**
 * The orders whose earlier rows a batch needs: every order a later step names whose placement is not in the
 * batch itself. The projection loads their rows before folding.
 */
export function ordersToLoad(events: readonly RecordedEvent[]): string[] {
  const placedHere = new Set<string>();
  const needed = new Set<string>();
  for (const event of events) {
    const orderId = (event.data as { orderId?: unknown }).orderId;
    if (typeof orderId !== 'string') continue;
    if (event.type === 'OrderPlaced' || event.type === 'InstantOrderPlaced') placedHere.add(orderId);
    else if (TOKEN_EVENT_TYPES.includes(event.type) && !placedHere.has(orderId)) needed.add(orderId);
  }
  return [...needed].sort();
}

/**
 * Applies a batch of order events, in their order, to the rows of the orders they touch (`prior`: the rows
 * stored for orders placed in earlier batches, see `ordersToLoad`). Returns every row of every order the batch
 * touched, as it now is. Each event acts alone and in order, so the result is the same however the log is cut
 * into batches: a rebuild gives the live table hash-equal.
 */
export function foldTokenEvents(events: readonly RecordedEvent[], prior: readonly TokenRow[] = []): { rows: TokenRow[] } {
  const byOrder = new Map<string, Map<string, TokenRow>>();
  for (const row of prior) {
    const rows = byOrder.get(row.order_id) ?? new Map<string, TokenRow>();
    rows.set(row.token, { ...row });
    byOrder.set(row.order_id, rows);
  }
  const touched = new Set<string>();
  for (const event of events) {
    if (!TOKEN_EVENT_TYPES.includes(event.type)) continue;
    const data = event.data as { orderId?: string; at?: string };
    if (!data.orderId) continue;
    const orderId = data.orderId;
    const rows = byOrder.get(orderId) ?? new Map<string, TokenRow>();
    byOrder.set(orderId, rows);
    touched.add(orderId);

    if (event.type === 'OrderPlaced' || event.type === 'InstantOrderPlaced') {
      const placed = event.data as PlacedData;
      for (const token of tokensOfPlacement(event.type, placed)) {
        if (rows.has(token)) continue; // a placement read twice keeps what the first made
        rows.set(token, {
          token,
          order_id: orderId,
          order_type: placed.orderType,
          phone: placed.customer.phone,
          email: placed.customer.email || null,
          customer_name: placed.customer.name,
          placed_at: placed.placedAt,
          state: 'issued',
          state_reason: null,
          state_at: placed.placedAt,
        });
      }
      continue;
    }
    const at = data.at ?? new Date(event.recordedAt).toISOString();
    if (AMENDMENTS.has(event.type)) {
      const lines = (event.data as { lines?: Line[] }).lines;
      if (Array.isArray(lines)) amend(rows, orderId, lines.reduce((sum, line) => sum + line.quantity, 0), at);
      continue;
    }
    for (const row of rows.values()) {
      if (row.state === 'void') continue;
      if (event.type === 'OrderDelivered') {
        if (row.state === 'issued') Object.assign(row, { state: 'eligible', state_reason: null, state_at: at });
      } else Object.assign(row, { state: 'void', state_reason: VOID_REASON[event.type], state_at: at });
    }
  }
  return { rows: [...touched].flatMap((orderId) => [...byOrder.get(orderId)!.values()]) };
}

/**
 * The order now has `units` units: tokens past them are void (`amended`); tokens up to them are issued, those
 * an earlier amendment voided given back and missing ones added (an order is amended only before it ships,
 * so they are issued). A new token copies who holds it from the order's other tokens.
 */
function amend(rows: Map<string, TokenRow>, orderId: string, units: number, at: string): void {
  const holder = rows.values().next().value as TokenRow | undefined;
  for (const row of rows.values()) {
    const n = tokenNumber(row);
    if (n > units && row.state !== 'void') Object.assign(row, { state: 'void', state_reason: AMENDED, state_at: at });
    else if (n <= units && row.state === 'void' && row.state_reason === AMENDED) Object.assign(row, { state: 'issued', state_reason: null, state_at: at });
  }
  if (!holder) return; // an order whose placement this fold never saw
  for (const token of numberedTokens(orderId, units)) {
    if (!rows.has(token)) rows.set(token, { ...holder, token, state: 'issued', state_reason: null, state_at: at });
  }
}
