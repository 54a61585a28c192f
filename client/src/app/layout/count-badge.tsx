import { formatNumber, t } from '../../lib/i18n/locale';

/**
 * The visible count bubble, and the count in words for screen readers: a link reading "Cart" with this badge
 * is named "Cart (2 items)" from its content (no aria-label, so the visible label stays part of the name).
 */
export function CountBadge({ count }: { count: number }) {
  return (
    <>
      <span className="count-badge" aria-hidden="true">
        {formatNumber(count)}
      </span>
      <span className="visually-hidden">{countWords(count)}</span>
    </>
  );
}

export function countWords(count: number): string {
  return t(count === 1 ? 'count.one' : 'count.many', { n: count });
}
