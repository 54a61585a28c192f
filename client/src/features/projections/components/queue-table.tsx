import type { QueueRow } from '../../../../../contracts/projections';
import { formatDateTime, formatNumber } from '../../console-kit/format';
import { ListTable, type Column } from '../../console-kit/list-table';
import { QueryView } from '../../console-kit/query-state';
import { useQueues } from '../api/get-queues';

/**
 * Mail and SMS waiting to go out, retrying, or given up on (dead: an operator must look), and those held back
 * because shoppers' own orders and cancellations had already caused as many to that phone or address as the
 * settings allow (issue 27).
 */
export function QueueTable() {
  const queues = useQueues();
  const columns: Array<Column<QueueRow>> = [
    { header: 'Queue', rowHeader: true, cell: (row) => row.queue },
    { header: 'Waiting', numeric: true, cell: (row) => formatNumber(row.pending + row.sending) },
    { header: 'Retrying', numeric: true, cell: (row) => formatNumber(row.failed) },
    {
      header: 'Failed',
      numeric: true,
      cell: (row) => <span className={row.dead > 0 ? 'admin-error-text' : undefined}>{formatNumber(row.dead)}</span>,
    },
    { header: 'Held back by the cap (24 h)', numeric: true, cell: (row) => formatNumber(row.capped_last_day) },
    { header: 'Oldest waiting', cell: (row) => (row.oldest_open_at ? formatDateTime(row.oldest_open_at) : <span className="muted">none</span>) },
    { header: 'Last error', cell: (row) => (row.last_error ? <span className="admin-error-text">{row.last_error}</span> : <span className="muted">none</span>) },
  ];
  return (
    <section aria-label="Message queues">
      <h2 className="section-title">Message queues</h2>
      <QueryView query={queues} loading="Loading queues…" what="Queues">
        {(answer) => <ListTable rows={answer.data} columns={columns} rowKey={(row) => row.queue} />}
      </QueryView>
    </section>
  );
}
