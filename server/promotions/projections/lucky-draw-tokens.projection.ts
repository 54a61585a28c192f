import type { RecordedEvent } from '../../event-store/event-store.types';
import type { Projection, ProjectionContext } from '../../event-store/projection';
import { foldTokenEvents, TOKEN_EVENT_TYPES } from './lucky-draw-tokens.fold';

/** `lucky_draw_tokens`: every token and its state, what the draw's close, care and "your tokens" read. */
export class LuckyDrawTokensProjection implements Projection {
  readonly name = 'lucky-draw-tokens';
  readonly tables = ['lucky_draw_tokens'];
  readonly eventTypes = TOKEN_EVENT_TYPES;

  async apply(events: RecordedEvent[], { manager, table }: ProjectionContext): Promise<void> {
    const { issued, changes } = foldTokenEvents(events);
    const target = table('lucky_draw_tokens');
    if (issued.length > 0) {
      await manager.query(
        `INSERT INTO ${target} SELECT * FROM jsonb_populate_recordset(NULL::${target}, $1::jsonb) ON CONFLICT (token) DO NOTHING`,
        [JSON.stringify(issued)],
      );
    }
    if (changes.length > 0) {
      // Void is final, and only an issued token becomes eligible.
      await manager.query(
        `UPDATE ${target} AS t SET state = c.state, state_reason = c.reason, state_at = c.at::timestamptz
           FROM jsonb_to_recordset($1::jsonb) AS c(order_id text, state text, reason text, at text)
          WHERE t.order_id = c.order_id AND t.state <> 'void' AND (c.state = 'void' OR t.state = 'issued')`,
        [JSON.stringify(changes)],
      );
    }
  }
}
