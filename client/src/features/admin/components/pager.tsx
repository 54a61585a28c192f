/** Previous / next paging with the position in words; buttons, so the filters in the URL stay in charge. */
export function Pager({ page, lastPage, total, onPage, label }: { page: number; lastPage: number; total: number; onPage: (page: number) => void; label: string }) {
  if (lastPage <= 1) return <p className="muted admin-pager__total">{total} {total === 1 ? 'result' : 'results'}</p>;
  return (
    <nav className="admin-pager" aria-label={label}>
      <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-live="polite">
        Page {page} of {lastPage} · {total} results
      </span>
      <button type="button" className="button button--secondary" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
