import type { OrderSource } from './attribution';
import type { OrderStatusCode } from './orders';

/** The console's dashboard (GET /admin/dashboard). */
export interface DashboardResponse {
  ordersPerDay: Array<{ day: string; orders: number; revenue: number }>;
  byStatus: Array<{ status: OrderStatusCode; name: string; count: number }>;
  topProducts: Array<{ productId: number; name: string; units: number; revenue: number }>;
  coupons: Array<{ code: string; redemptions: number }>;
  lowStock: Array<{ productId: number; name: string; size: string; available: number }>;
  /**
   * Issue 33: orders the shop's checkout placed in the same days, by where the shopper came from (every source,
   * in the order of `ORDER_SOURCES`, zeros included); revenue counts orders neither cancelled nor returned.
   */
  bySource: Array<{ source: OrderSource; orders: number; revenue: number }>;
}
