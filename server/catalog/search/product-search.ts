import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ReadModelCache } from '../read-cache/read-model-cache';
import { CATALOG_READ_MODEL } from '../read-cache/read-model-tags';
import { allMatches, matchWord, searchWords, WordMatches } from './search-vocabulary';

/**
 * A SQL condition and rank for a search text: every query word must stand for at least one word of the
 * product's name (exact, beginning, inside, or one typo away); exact words rank above beginnings, above
 * inside, above typos, and the whole phrase at the start of the name ranks first. The condition's
 * parameters come first, so a count can use the condition alone.
 */
export interface SearchClause {
  where: string;
  whereParameters: unknown[];
  rank: string;
  rankParameters: unknown[];
}

/** `null`: the text has no words to search for. 'none': some word matches nothing in the catalog. */
export type SearchPlan = SearchClause | 'none' | null;

@Injectable()
export class ProductSearch {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: ReadModelCache,
  ) {}

  async plan(text: string, firstParameter: number): Promise<SearchPlan> {
    const words = searchWords(text);
    if (words.length === 0) return null;
    const vocabulary = await this.vocabulary();
    const matches = words.map((word) => matchWord(word, vocabulary));
    if (matches.some((match) => allMatches(match).length === 0)) {
      return 'none';
    }
    return searchClause(words.join(' '), matches, firstParameter);
  }

  /** Every distinct word of the catalog's product names: a few thousand at most, kept in memory. */
  private vocabulary(): Promise<string[]> {
    return this.cache.remember('search-vocabulary', [CATALOG_READ_MODEL], async () => {
      const rows: Array<{ word: string }> = await this.dataSource.query(
        `SELECT DISTINCT word FROM products, unnest(search_words) AS word`,
      );
      return rows.map((row) => row.word);
    });
  }
}

export function searchClause(phrase: string, matches: WordMatches[], firstParameter: number): SearchClause {
  const whereParameters: unknown[] = [];
  const conditions = matches.map((match) => {
    whereParameters.push(allMatches(match));
    return `p.search_words && $${firstParameter + whereParameters.length - 1}::text[]`;
  });
  const rankParameters: unknown[] = [];
  const rankParameter = (value: unknown) => {
    rankParameters.push(value);
    return `$${firstParameter + whereParameters.length + rankParameters.length - 1}`;
  };
  const phraseParameter = rankParameter(phrase);
  const scores = matches.map(
    (match) => `CASE WHEN p.search_words && ${rankParameter(match.exact)}::text[] THEN 4
                     WHEN p.search_words && ${rankParameter(match.prefix)}::text[] THEN 3
                     WHEN p.search_words && ${rankParameter(match.partial)}::text[] THEN 2 ELSE 1 END`,
  );
  return {
    where: conditions.join(' AND '),
    whereParameters,
    // Query words hold only letters, their marks and digits, so the phrase needs no LIKE escaping.
    rank: `(CASE WHEN p.search_text LIKE ${phraseParameter}::text || '%' THEN 8
                 WHEN p.search_text LIKE '%' || ${phraseParameter}::text || '%' THEN 4 ELSE 0 END + ${scores.join(' + ')})`,
    rankParameters,
  };
}
