import { useProjections, type ProjectionRow } from '../api/get-projections';
import { useRebuildProjection } from '../api/rebuild-projection';
import { ErrorNotice, errorMessage, Loading } from '../components/query-state';
import { formatDateTime, formatNumber } from '../lib/format';

/** Read models: checkpoint, lag and errors; Rebuild runs in the background and the list polls its progress. */
export function ProjectionsRoute() {
  const { data, isPending, isError, error } = useProjections();
  const rebuild = useRebuildProjection();
  return (
    <section aria-labelledby="projections-title">
      <title>Projections · Operations</title>
      <h1 id="projections-title" className="page__title">
        Projections
      </h1>
      {rebuild.isError && (
        <p className="notice notice--error" role="alert">
          {errorMessage(rebuild.error)}
        </p>
      )}
      {isPending ? (
        <Loading label="Loading projections…" />
      ) : isError ? (
        <ErrorNotice error={error} what="Projections" />
      ) : (
        <table className="admin-table admin-table--cards">
          <thead>
            <tr>
              <th scope="col">Projection</th>
              <th scope="col">Status</th>
              <th scope="col" className="admin-num">
                Checkpoint
              </th>
              <th scope="col" className="admin-num">
                Lag
              </th>
              <th scope="col">Last error</th>
              <th scope="col">Rebuild</th>
            </tr>
          </thead>
          <tbody>
            {data.data.map((row) => (
              <tr key={row.name}>
                <th scope="row" data-label="Projection">
                  {row.name}
                </th>
                <td data-label="Status">
                  <span className={`admin-status admin-status--${row.status === 'failing' ? 'cancelled' : 'delivered'}`}>{row.status}</span>
                </td>
                <td data-label="Checkpoint" className="admin-num">
                  {formatNumber(row.checkpoint.position)}
                </td>
                <td data-label="Lag" className="admin-num">
                  {formatNumber(row.lagEvents)} events · {formatNumber(Math.round(row.lagSeconds))} s
                </td>
                <td data-label="Last error">
                  {row.lastError ? (
                    <span className="admin-error-text">
                      {row.lastError} <span className="muted">({formatDateTime(row.lastErrorAt)})</span>
                    </span>
                  ) : (
                    <span className="muted">none</span>
                  )}
                </td>
                <td data-label="Rebuild" className="admin-rebuild">
                  <RebuildCell row={row} starting={rebuild.isPending && rebuild.variables === row.name} onRebuild={() => rebuild.mutate(row.name)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
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
