import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Issue 32 (ADR 065): the search's relevance set (bench/search-relevance.json) run against a store seeded
 * with the demo catalog. A case passes when every product it names is on the first page of the shop's search
 * and, where it says so, the search finds at least `min_total` products. The score is the share of the named
 * products found on their first pages, over every case (1 = all), with the cases that passed beside it.
 */
export interface RelevanceCase {
  query: string;
  must: string[];
  min_total?: number;
}

export interface RelevanceOutcome {
  query: string;
  pass: boolean;
  missing: string[];
  total: number;
}

export interface RelevanceReport {
  score: number;
  cases: number;
  passed: number;
  outcomes: RelevanceOutcome[];
}

export function relevanceCases(root: string): RelevanceCase[] {
  const file = JSON.parse(readFileSync(resolve(root, 'bench/search-relevance.json'), 'utf8')) as { cases: RelevanceCase[] };
  return file.cases;
}

export async function measureRelevance(baseUrl: string, cases: readonly RelevanceCase[]): Promise<RelevanceReport> {
  const outcomes: RelevanceOutcome[] = [];
  let wanted = 0;
  let found = 0;
  for (const testCase of cases) {
    const response = await fetch(`${baseUrl}/api/public/getProductsByShop?page=1&search=${encodeURIComponent(testCase.query)}`);
    if (!response.ok) throw new Error(`the shop's search for ${testCase.query} answered ${response.status}`);
    const page = (await response.json()) as { data: Array<{ slug: string }>; total: number };
    const slugs = new Set(page.data.map((card) => card.slug));
    const missing = testCase.must.filter((slug) => !slugs.has(slug));
    const enough = page.total >= (testCase.min_total ?? 1);
    // A case without named products counts as one product: found when the search finds enough.
    wanted += Math.max(testCase.must.length, 1);
    found += testCase.must.length === 0 ? (enough ? 1 : 0) : testCase.must.length - missing.length;
    outcomes.push({ query: testCase.query, pass: missing.length === 0 && enough, missing, total: page.total });
  }
  return {
    score: Math.round((found / wanted) * 1000) / 1000,
    cases: outcomes.length,
    passed: outcomes.filter((outcome) => outcome.pass).length,
    outcomes,
  };
}
