import { formatNumber, t } from '../../../lib/i18n/locale';

/** Numbered pages with previous and next (spec §2): previous hidden on page 1, next hidden on the last. */
export function Pagination({ page, lastPage, onChange }: { page: number; lastPage: number; onChange: (page: number) => void }) {
  if (lastPage <= 1) return null;
  const pages = pageWindow(page, lastPage);
  return (
    <nav className="pagination" aria-label={t('catalog.pagination')}>
      <ul>
        {page > 1 && (
          <li>
            <button type="button" className="pagination__button" onClick={() => onChange(page - 1)} aria-label={t('catalog.previousPage')}>
              <span aria-hidden="true">‹</span>
            </button>
          </li>
        )}
        {pages.map((p, index) =>
          p === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="pagination__gap">
              …
            </li>
          ) : (
            <li key={p}>
              <button
                type="button"
                className="pagination__button"
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('catalog.page', { n: p })}
                onClick={() => p !== page && onChange(p)}
              >
                {formatNumber(p)}
              </button>
            </li>
          ),
        )}
        {page < lastPage && (
          <li>
            <button type="button" className="pagination__button" onClick={() => onChange(page + 1)} aria-label={t('catalog.nextPage')}>
              <span aria-hidden="true">›</span>
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** 1 … 4 5 6 … 20: first, last, and two either side of the current page. */
export function pageWindow(page: number, lastPage: number): Array<number | null> {
  const result: Array<number | null> = [];
  for (let p = 1; p <= lastPage; p++) {
    if (p === 1 || p === lastPage || Math.abs(p - page) <= 2) result.push(p);
    else if (result[result.length - 1] !== null) result.push(null);
  }
  return result;
}
