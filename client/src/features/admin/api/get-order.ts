import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** The order row as the care view sends it (server: order.responses.ts, personal fields included). */
export interface CareOrderRow {
  orderId: string;
  order_status_name: string;
  customer_name: string | null;
  email: string | null;
  phone_number: string | null;
  address: string | null;
  shipping_phone: string | null;
  order_date: string;
  order_type: number;
  subtotal: number | null;
  discount: number;
  discount_amount: number;
  devliery_charge: number | null;
  grand_total: number | null;
  paymentMethod: string | null;
  bkash_number: string | null;
  transaction_id: string | null;
  payment_type: string | null;
  amount: number | null;
  advance: number | null;
  due: number | null;
  coupon_code: string | null;
  coupons: string;
  currencySymbol: string;
  /** Sent by newer servers; otherwise read from the timeline. */
  bkash_verified?: boolean;
}

export interface CareOrderLine {
  productName: string;
  name: string;
  id: number;
  slug: string;
  thumbnail: string;
  qty: number;
  size: string;
  price: number;
}

export interface TimelineEntry {
  position: number;
  event: string;
  at: string;
  actor: { id: string; role: string; name: string | null };
  note: string | null;
  details: Record<string, unknown>;
}

export interface CareOrderView {
  orderrow: CareOrderRow;
  history: CareOrderLine[];
  timeline: TimelineEntry[];
}

export function getOrder(orderId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet<CareOrderView>(`/admin/orders/${encodeURIComponent(orderId)}`, { signal });
}

export function orderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: adminKeys.order(orderId),
    queryFn: ({ signal }) => getOrder(orderId, { signal }),
    staleTime: 5_000,
  });
}

/** After an action: how many timeline entries to wait for, and until when. */
export interface TimelineWait {
  entries: number;
  until: number;
}

/**
 * The timeline is a projection and may trail the command by a moment: after an action the page polls every
 * 300 ms until the new event shows (for at most a few seconds).
 */
export function useOrder(orderId: string, wait?: TimelineWait | null) {
  return useQuery({
    ...orderQueryOptions(orderId),
    refetchInterval: (query) => {
      const shown = query.state.data?.timeline.length ?? 0;
      return wait && shown < wait.entries && Date.now() < wait.until ? 300 : false;
    },
  });
}
