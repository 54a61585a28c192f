/**
 * Garment measurements in inches, laid flat, per cut (issue 16: "a size chart in inches per category").
 * Chest is armpit to armpit doubled; length is from the highest shoulder point to the hem.
 */
export interface SizeChart {
  title: string;
  rows: Array<{ size: string; chest: number; length: number }>;
}

const chart = (title: string, rows: Array<[string, number, number]>): SizeChart => ({ title, rows: rows.map(([size, chest, length]) => ({ size, chest, length })) });

const CHARTS: Array<{ match: RegExp; chart: SizeChart }> = [
  { match: /^women-crop/, chart: chart("Women's crop top", [['XS', 30, 16], ['S', 32, 17], ['M', 34, 17.5], ['L', 36, 18], ['XL', 38, 18.5]]) },
  { match: /^women-oversized/, chart: chart("Women's oversized tee", [['S', 40, 26], ['M', 42, 27], ['L', 44, 28], ['XL', 46, 29]]) },
  { match: /^women/, chart: chart("Women's tee", [['XS', 32, 24], ['S', 34, 25], ['M', 36, 26], ['L', 38, 27], ['XL', 40, 27.5]]) },
  { match: /^men-polo/, chart: chart("Men's polo", [['S', 38, 27], ['M', 40, 28], ['L', 42, 29], ['XL', 44, 30], ['XXL', 46, 31]]) },
  { match: /^men-oversized/, chart: chart("Men's oversized tee", [['S', 44, 28], ['M', 46, 29], ['L', 48, 30], ['XL', 50, 31], ['XXL', 52, 32]]) },
  { match: /^men/, chart: chart("Men's tee", [['S', 36, 27], ['M', 38, 28], ['L', 40, 29], ['XL', 42, 30], ['XXL', 44, 31]]) },
];

/** The chart of a category by its slug (`men-polo-shirts`, `women-crop-tops` ...), or null for a category with none. */
export function sizeChartFor(categorySlug: string | undefined): SizeChart | null {
  const slug = (categorySlug ?? '').toLowerCase();
  return CHARTS.find((entry) => entry.match.test(slug))?.chart ?? null;
}
