const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-11-25" as "25 Nov" (or "25 Nov 2026"): never the ambiguous "11-25" (issue 16). */
export function formatDay(day: string | undefined, withYear = false): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day ?? '');
  if (!match) return day ?? '';
  const label = `${Number(match[3])} ${MONTHS[Number(match[2]) - 1] ?? match[2]}`;
  return withYear ? `${label} ${match[1]}` : label;
}
