import type { ProjectionRow } from '../../../../../contracts/projections';
import { formatDateTime, formatNumber } from '../../console-kit/format';
import { ListTable, type Column } from '../../console-kit/list-table';
import { FormError, QueryView } from '../../console-kit/query-state';
import { useProjections } from '../api/get-projections';
import { useRebuildProjection } from '../api/rebuild-projection';

/** Read models: checkpoint, lag and errors; Rebuild runs in the background and the list polls its progress. */
export function ProjectionTable() {
  const projections = useProjections();
  const rebuild = useRebuildProjection();
  const columns: Array<Column<ProjectionRow>> = [
    { header: 'Projection', rowHeader: true, cell: (row) => row.name },
    {
      header: 'Status',
      cell: (row) => <span className={`admin-status admin-status--${row.status === 'failing' ? 'cancelled' : 'delivered'}`}>{row.status}</span>,
    },
    { header: 'Checkpoint', numeric: true, cell: (row) => formatNumber(row.checkpoint.position) },
    { header: 'Lag', numeric: true, cell: (row) => `${formatNumber(row.lagEvents)} events · ${formatNumber(Math.round(row.lagSeconds))} s` },
    {
      header: 'Last error',
      cell: (row) =>
        row.lastError ? (
          <span className="admin-error-text">
            {row.lastError} <span className="muted">({formatDateTime(row.lastErrorAt)})</span>
          </span>
        ) : (
          <span className="muted">none</span>
        ),
    },
    {
      header: 'Rebuild',
      className: 'admin-rebuild',
      cell: (row) => <RebuildCell row={row} starting={rebuild.isPending && rebuild.variables === row.name} onRebuild={() => rebuild.mutate(row.name)} />,
    },
  ];
  return (
    <>
      <FormError error={rebuild.error} />
      <QueryView query={projections} loading="Loading projections…" what="Projections">
        {(answer) => <ListTable rows={answer.data} columns={columns} rowKey={(row) => row.name} />}
      </QueryView>
    </>
  );
}

function RebuildCell({ row, starting, onRebuild }: { row: ProjectionRow; starting: boolean; onRebuild: () => void }) {
  const job = row.job;
  const running = job?.state === 'running';
  return (
    <>
      <button type="button" className="button button--secondary" disabled={running || starting} onClick={onRebuild} aria-label={`Rebuild ${row.name}`}>
        {running ? 'Rebuilding…' : 'Rebuild'}
      </button>
      {job && (
        <div className="admin-progress">
          <progress max={100} value={job.percent} aria-label={`${row.name} rebuild progress`}>
            {job.percent}%
          </progress>
          <span className="admin-progress__text" aria-live="polite">
            {job.state === 'running'
              ? `${job.percent}% · ${formatNumber(job.processed)} events · ${job.phase}`
              : job.state === 'done'
                ? `Done: ${formatNumber(job.processed)} events${job.eventsPerSecond ? `, ${formatNumber(Math.round(job.eventsPerSecond))}/s` : ''} (${formatDateTime(job.finishedAt)})`
                : `Failed: ${job.error ?? 'unknown error'}`}
          </span>
        </div>
      )}
    </>
  );
}
