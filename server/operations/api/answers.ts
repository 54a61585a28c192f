import { z } from 'zod';
import { ORDER_SOURCES } from '../../../contracts/attribution';
import type { DashboardResponse } from '../../../contracts/dashboard';
import type { FirstRunStatus } from '../../../contracts/first-run';
import type { EventPage, EventRow, EventTypeCount } from '../../../contracts/events';
import type { OrderListRow, OrderStatusCode } from '../../../contracts/orders';
import type { DataList, Paginated } from '../../../contracts/paginated';
import type { ProjectionRow, QueueRow, RebuildJob, RebuildStartedResponse } from '../../../contracts/projections';
import { eventRow, isoDay, isoTime, listOf, pageOf, taka } from '../../observability/openapi/answer-schemas';
import { answerOf } from '../../observability/openapi/api-route';

/** The operations context's answers as zod schemas, each mirroring its wire type (contracts/dashboard.ts, events.ts, projections.ts). */

const orderStatus = z.enum(['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'returned', 'expired'] satisfies OrderStatusCode[]);

export const orderListAnswer = answerOf<Paginated<OrderListRow>>()(
  pageOf(
    z.object({
      orderId: z.string(),
      order_type: z.number().int(),
      status: orderStatus,
      order_status_name: z.string(),
      customer_name: z.string(),
      phone: z.string(),
      payment_method: z.string().nullable(),
      bkash_verified: z.boolean(),
      grand_total: taka.nullable(),
      amount: taka.nullable(),
      placed_at: isoTime,
      phone_risk: z.object({ badge: z.string(), placed: z.number().int(), returned: z.number().int(), blocked: z.boolean() }).nullable(),
    }),
  ),
);

export const dashboardAnswer = answerOf<DashboardResponse>()(
  z.object({
    ordersPerDay: z.array(z.object({ day: isoDay, orders: z.number().int(), revenue: taka })),
    byStatus: z.array(z.object({ status: orderStatus, name: z.string(), count: z.number().int() })),
    topProducts: z.array(z.object({ productId: z.number().int(), name: z.string(), units: z.number().int(), revenue: taka })),
    coupons: z.array(z.object({ code: z.string(), redemptions: z.number().int() })),
    lowStock: z.array(z.object({ productId: z.number().int(), name: z.string(), size: z.string(), available: z.number().int() })),
    bySource: z.array(z.object({ source: z.enum(ORDER_SOURCES), orders: z.number().int(), revenue: taka })),
  }),
);

export const eventPageAnswer = answerOf<EventPage>()(
  z.object({ data: z.array(eventRow), next_before: z.string().nullable().describe('Pass as `before` for the next (older) page; null on the last page') }),
);

export const eventTypesAnswer = answerOf<DataList<EventTypeCount>>()(listOf(z.object({ type: z.string(), count: z.number().int() })));

export const streamAnswer = answerOf<DataList<EventRow>>()(listOf(eventRow));

const rebuildJob = answerOf<RebuildJob>()(
  z.object({
    projection: z.string(),
    state: z.enum(['running', 'done', 'failed']),
    phase: z.enum(['copying', 'swapped']),
    processed: z.number().int(),
    percent: z.number().describe('0 to 100: how far through the log, by global position'),
    startedAt: isoTime,
    finishedAt: isoTime.nullable(),
    eventsPerSecond: z.number().nullable(),
    error: z.string().nullable(),
  }),
);

export const projectionListAnswer = answerOf<DataList<ProjectionRow>>()(
  listOf(
    z.object({
      name: z.string(),
      status: z.string().describe('idle before its first batch, running after a successful one, failing after a failed one'),
      checkpoint: z.object({ transactionId: z.string(), position: z.string() }),
      lagEvents: z.number().int(),
      lagSeconds: z.number(),
      lastError: z.string().nullable(),
      lastErrorAt: isoTime.nullable(),
      updatedAt: isoTime,
      rebuild: z.object({ startedAt: isoTime, processed: z.number().int(), target: z.number().int() }).nullable(),
      eventsAppliedByThisProcess: z.number().int(),
      job: rebuildJob.nullable(),
    }),
  ),
);

export const rebuildStartedAnswer = answerOf<RebuildStartedResponse>()(z.object({ success: z.boolean(), message: z.string(), job: rebuildJob }));

export const queueListAnswer = answerOf<DataList<QueueRow>>()(
  listOf(
    z.object({
      queue: z.string(),
      pending: z.number().int(),
      sending: z.number().int(),
      failed: z.number().int().describe('Failed and waiting for their next try'),
      dead: z.number().int().describe('Gave up after every try: an operator must look'),
      oldest_open_at: isoTime.nullable(),
      last_error: z.string().nullable(),
      capped_last_day: z.number().int().describe('Not sent in the last 24 hours: the recipient was over the cap on messages caused by shoppers'),
    }),
  ),
);

export const firstRunAnswer = answerOf<FirstRunStatus>()(
  z.object({
    ready: z.boolean(),
    steps: z.array(z.object({ step: z.enum(['settings', 'category', 'product', 'stock']), done: z.boolean() })),
  }),
);
