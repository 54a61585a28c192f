import type { LuckyDrawToken } from '../../../../../contracts/offers';
import { formatDateTime } from '../../console-kit/format';
import { ListTable, type Column } from '../../console-kit/list-table';
import { QueryView } from '../../console-kit/query-state';
import { useOrderTokens } from '../api/get-order-tokens';

const COLUMNS: Array<Column<LuckyDrawToken>> = [
  { header: 'Token', rowHeader: true, cell: (row) => row.token },
  { header: 'State', cell: (row) => `${row.state_label}${row.void_reason ? ` (order ${row.void_reason})` : ''}` },
  { header: 'Since', cell: (row) => formatDateTime(row.since) },
];

/** Care's view of an order's lucky-draw tokens: one per t-shirt, issued, eligible once delivered, or void. */
export function OrderTokens({ orderId }: { orderId: string }) {
  const tokens = useOrderTokens(orderId);
  return (
    <section className="card" aria-labelledby="order-tokens-title">
      <h2 id="order-tokens-title" className="section-title">
        Lucky-draw tokens
      </h2>
      <QueryView query={tokens} what="Lucky-draw tokens" empty={{ when: (rows) => rows.length === 0, text: 'No lucky-draw tokens for this order (yet).' }}>
        {(rows) => <ListTable rows={rows} columns={COLUMNS} rowKey={(row) => row.token} cards={false} />}
      </QueryView>
    </section>
  );
}
