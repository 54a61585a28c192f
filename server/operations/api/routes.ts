import { z } from 'zod';
import type { ApiRoute } from '../../observability/openapi/api-route';
import { browseEventsRequest, dashboardRequest, listOrdersRequest, streamIdParameter } from './admin-operations.requests';
import { dashboardAnswer, eventPageAnswer, firstRunAnswer, eventTypesAnswer, orderListAnswer, projectionListAnswer, queueListAnswer, rebuildStartedAnswer, streamAnswer } from './answers';

/** Staff reads across contexts: the order list, the dashboard, the event browser, projections and queues. */
export const OPERATIONS_ROUTES: ApiRoute[] = [
  {
    method: 'get', path: '/api/admin/orders', tag: 'Staff: orders', summary: 'Orders, newest first, 25 a page: by status, payment, dates, phone digits, order id', access: 'care', query: listOrdersRequest, answer: orderListAnswer,
    example: () => ({ query: { page: '1', status: 'pending', payment: 'cash', from: '2026-01-01', to: '2026-12-31', phone: '0171', orderId: 'ABCD' } }),
  },
  {
    method: 'get', path: '/api/admin/dashboard', tag: 'Staff: orders', summary: 'Sales per day, orders per status, orders and revenue by source (facebook, instagram, search, direct, other; issue 33), top products, coupons and low stock over the last days', access: 'care', query: dashboardRequest, answer: dashboardAnswer,
    example: () => ({ query: { days: '30' } }),
  },
  {
    method: 'get', path: '/api/admin/first-run', tag: 'Staff: orders', summary: 'First-run checklist: whether the shop can take an order, and which of settings, a category, a product and stock it lacks', access: 'admin', answer: firstRunAnswer,
  },
  {
    method: 'get', path: '/api/admin/events', tag: 'Operations', summary: 'Browse the event log, newest first', access: 'admin', query: browseEventsRequest, answer: eventPageAnswer,
    example: () => ({ query: { type: 'OrderPlaced', stream: 'order', from: '2026-01-01T00:00', to: '2030-01-01T00:00', before: '1000000', limit: '20' } }),
  },
  { method: 'get', path: '/api/admin/events/types', tag: 'Operations', summary: 'The event types in the log, with counts', access: 'admin', answer: eventTypesAnswer },
  {
    method: 'get', path: '/api/admin/events/streams/:streamId', tag: 'Operations', summary: 'One stream\'s events', access: 'admin', params: { streamId: streamIdParameter }, answer: streamAnswer,
    example: (s) => ({ params: { streamId: `order-${s.order.id}` } }),
  },
  { method: 'get', path: '/api/admin/queues', tag: 'Operations', summary: 'Mail and SMS queues: open jobs by state, the oldest, the latest failure, the messages the per-recipient cap held back in the last day', access: 'admin', answer: queueListAnswer },
  { method: 'get', path: '/api/admin/projections', tag: 'Operations', summary: 'Projections: checkpoint, lag, last error, events applied by this process', access: 'admin', answer: projectionListAnswer },
  {
    method: 'post', path: '/api/admin/projections/:name/rebuild', tag: 'Operations', summary: 'Rebuild a read model from the log with no downtime', access: 'admin', success: 202, params: { name: z.string().min(1).max(100) }, answer: rebuildStartedAnswer,
    description: 'The rebuild runs on; poll the list for its progress.',
    example: () => ({ params: { name: 'order-timeline' } }),
  },
];
