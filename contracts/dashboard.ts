import type { OrderStatusCode } from './orders';

/** The console's dashboard (GET /admin/dashboard). */
export interface DashboardResponse {
  ordersPerDay: Array<{ day: string; orders: number; revenue: number }>;
  byStatus: Array<{ status: OrderStatusCode; name: string; count: number }>;
  topProducts: Array<{ productId: number; name: string; units: number; revenue: number }>;
  coupons: Array<{ code: string; redemptions: number }>;
  lowStock: Array<{ productId: number; name: string; size: string; available: number }>;
}
