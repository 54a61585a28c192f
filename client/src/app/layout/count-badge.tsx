/** The visible count bubble; links that show it carry the count in their name (see `countLabel`). */
export function CountBadge({ count }: { count: number }) {
  return (
    <span className="count-badge" aria-hidden="true">
      {count}
    </span>
  );
}

/** "Cart, 2 items": the accessible name of a link with a count badge, starting with its visible label. */
export function countLabel(label: string, count: number): string {
  return `${label}, ${count} ${count === 1 ? 'item' : 'items'}`;
}
