import type { RecordedEvent } from '../../event-store/event-store.types';
import type { Projection, ProjectionContext } from '../../event-store/projection';
import { foldTokenEvents, ordersToLoad, TOKEN_EVENT_TYPES, type TokenRow } from './lucky-draw-tokens.fold';

/** `lucky_draw_tokens`: every token and its state, what the draw's close, care and "your tokens" read. */
export class LuckyDrawTokensProjection implements Projection {
  readonly name = 'lucky-draw-tokens';
  readonly tables = ['lucky_draw_tokens'];
  readonly eventTypes = TOKEN_EVENT_TYPES;

  async apply(events: RecordedEvent[], { manager, table }: ProjectionContext): Promise<void> {
    const target = table('lucky_draw_tokens');
    // The rows of orders placed in earlier batches that this batch steps, amends or voids: one read.
    const earlier = ordersToLoad(events);
    const prior: TokenRow[] =
      earlier.length === 0
        ? []
        : (
            await manager.query(
              `SELECT token, order_id, order_type, phone, email, customer_name, placed_at, state, state_reason, state_at
                 FROM ${target} WHERE order_id = ANY($1::text[])`,
              [earlier],
            )
          ).map((row: TokenRow & { placed_at: Date | string; state_at: Date | string }) => ({
            ...row,
            placed_at: new Date(row.placed_at).toISOString(),
            state_at: new Date(row.state_at).toISOString(),
          }));
    const { rows } = foldTokenEvents(events, prior);
    if (rows.length === 0) return;
    // Every row of every touched order as the fold left it: one statement. Who holds a token never changes.
    await manager.query(
      `INSERT INTO ${target} SELECT * FROM jsonb_populate_recordset(NULL::${target}, $1::jsonb)
         ON CONFLICT (token) DO UPDATE SET state = EXCLUDED.state, state_reason = EXCLUDED.state_reason, state_at = EXCLUDED.state_at`,
      [JSON.stringify(rows)],
    );
  }
}
