import { z } from 'zod';
import type { EventRow } from '../../../contracts/events';
import type { DataList, Paginated } from '../../../contracts/paginated';
import type { StockChangeResponse, StockRow } from '../../../contracts/stock';
import { eventRow, listOf, pageOf } from '../../observability/openapi/answer-schemas';
import { answerOf } from '../../observability/openapi/api-route';

/** The inventory context's answers as zod schemas, each mirroring its wire type (contracts/stock.ts). */

export const stockPageAnswer = answerOf<Paginated<StockRow>>()(
  pageOf(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      slug: z.string(),
      sku: z.string(),
      size: z.string(),
      available: z.number().int(),
      reserved: z.number().int(),
    }),
  ),
);

export const stockChangeAnswer = answerOf<StockChangeResponse>()(
  z.object({
    success: z.boolean(),
    message: z.string(),
    data: z.object({ productId: z.number().int(), size: z.string(), available: z.number().int(), reserved: z.number().int(), version: z.number().int() }),
  }),
);

export const skuEventsAnswer = answerOf<DataList<EventRow>>()(listOf(eventRow));
