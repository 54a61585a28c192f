import { z } from 'zod';
import type { EventRow } from '../../../contracts/events';
import { answerOf } from './api-route';

/** Pieces most answers share; each context's `api/answers.ts` builds its answers from them. */

/** A moment as the server writes it (`Date.toISOString()`: UTC, milliseconds). */
export const isoTime = z.iso.datetime();

/** A day (YYYY-MM-DD). */
export const isoDay = z.iso.date();

/** Money in Taka (at most two decimals). */
export const taka = z.number();

/** `{ success: true, message }`: the answer of most changes that have nothing else to say. */
export const messageAnswer = z.object({ success: z.literal(true), message: z.string() });

/** `{ data: [item, ...] }` (contracts/paginated.ts `DataList`). */
export const listOf = <S extends z.ZodType>(item: S) => z.object({ data: z.array(item) });

/** `{ data: [...], current_page, last_page, total, per_page }` (contracts/paginated.ts `Paginated`). */
export const pageOf = <S extends z.ZodType>(item: S) =>
  z.object({ data: z.array(item), current_page: z.number().int(), last_page: z.number().int(), total: z.number().int(), per_page: z.number().int() });

/** An event as the event browser and the stock history show it (contracts/events.ts). */
export const eventRow = answerOf<EventRow>()(
  z.object({
    position: z.string().describe('Global position (a bigint, as text)'),
    id: z.string(),
    streamId: z.string(),
    streamPosition: z.number().int(),
    type: z.string(),
    schemaVersion: z.number().int(),
    data: z.unknown(),
    metadata: z.unknown(),
    recordedAt: isoTime,
  }),
);
