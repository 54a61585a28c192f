import { z } from 'zod';
import type { ApiRoute } from '../../observability/openapi/api-route';
import { adjustStockRequest, listStockRequest, receiveStockRequest } from './admin-stock.requests';
import { skuEventsAnswer, stockChangeAnswer, stockPageAnswer } from './answers';

const TAG = 'Staff: stock, coupons, brands';

/** Stock per product and size in the console: care reads it, admins record receipts and recounts as events. */
export const INVENTORY_ROUTES: ApiRoute[] = [
  {
    method: 'get', path: '/api/admin/stock', tag: TAG, summary: 'Stock per product and size, 50 a page', access: 'care', query: listStockRequest, answer: stockPageAnswer,
    description: '`low=true` lists only the sizes at or below the low-stock threshold.',
    example: () => ({ query: { page: '1', search: 'tee', low: 'false' } }),
  },
  {
    method: 'post', path: '/api/admin/stock/receive', tag: TAG, summary: 'Receive units of a SKU', access: 'admin', body: receiveStockRequest, answer: stockChangeAnswer,
    example: (s) => ({ body: { productId: s.product.id, size: s.product.size, quantity: 24, note: 'new box' } }),
  },
  {
    method: 'post', path: '/api/admin/stock/adjust', tag: TAG, summary: 'Correct a SKU\'s count after a recount', access: 'admin', body: adjustStockRequest, answer: stockChangeAnswer,
    description: '`delta` is a non-zero whole number of units (negative takes units away); `reason` has at least 3 characters.',
    example: (s) => ({ body: { productId: s.product.id, size: s.product.size, delta: 1, reason: 'recount' } }),
  },
  {
    method: 'get', path: '/api/admin/stock/:productId/:size/stream', tag: TAG, summary: 'A SKU\'s stock events', access: 'care', answer: skuEventsAnswer,
    description: 'Oldest first. A size the product (published or a draft) is sold in but never stocked answers an empty list; a size it is not sold in is a 404.',
    params: { productId: z.string().regex(/^\d{1,9}$/), size: z.string().min(1).max(10) },
    example: (s) => ({ params: { productId: String(s.product.id), size: s.product.size } }),
  },
];
