import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ReadModelCache } from '../read-cache/read-model-cache';
import { CATALOG_READ_MODEL } from '../read-cache/read-model-tags';
import { editDistanceWithin } from './edit-distance';
import { allMatches, matchWord, searchWords } from './search-vocabulary';
import { querySlots, synonymGroups, synonymsOfSettings, type QuerySlot, type SynonymGroups } from './search-synonyms';

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

/**
 * What one slot of the query (a word, or a phrase found among the synonyms, ADR 065) stands for: catalog
 * words any of which will do, phrases of the group that the catalog spells in several words (each word's
 * catalog words, all needed), and the words by how well they match, for the rank.
 */
export interface SlotMatches {
  any: string[];
  phrases: string[][][];
  exact: string[];
  prefix: string[];
  partial: string[];
}

const MAX_SUGGESTIONS = 5;

/** A query with a Bengali letter: products the shop named in Bengali come first among equals. */
const BENGALI = /[\u0980-\u09ff]/u;

@Injectable()
export class ProductSearch {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: ReadModelCache,
  ) {}

  async plan(text: string, firstParameter: number): Promise<SearchPlan> {
    const words = searchWords(text);
    if (words.length === 0) return null;
    const [vocabulary, groups] = await Promise.all([this.vocabulary(), this.synonyms()]);
    const matches = querySlots(words, groups).map((slot) => slotMatches(slot, vocabulary));
    if (matches.some((match) => match === null)) return 'none';
    return searchClause(words.join(' '), matches as SlotMatches[], firstParameter, BENGALI.test(text));
  }

  /**
   * When a search finds nothing (issue 32): the closest words of the catalog to the query's words that match
   * nothing (at most two edits, fewer for short words), as whole queries the shopper can tap; when every word
   * matches something but no product has them all, each of those words alone.
   */
  async suggestions(text: string): Promise<string[]> {
    const words = searchWords(text);
    if (words.length === 0) return [];
    const [vocabulary, groups] = await Promise.all([this.vocabulary(), this.synonyms()]);
    const slots = querySlots(words, groups);
    const failing = slots.map((slot) => slotMatches(slot, vocabulary) === null);
    const suggestions = new Set<string>();
    if (!failing.some(Boolean)) {
      for (const slot of slots) suggestions.add('word' in slot ? slot.word : slot.words.join(' '));
    } else {
      const kept = slots.map((slot) => ('word' in slot ? slot.word : slot.words.join(' ')));
      const index = failing.indexOf(true);
      for (const candidate of closestWords(kept[index], vocabulary)) {
        suggestions.add(kept.flatMap((typed, at) => (at === index ? [candidate] : failing[at] ? [] : [typed])).join(' '));
        if (suggestions.size >= MAX_SUGGESTIONS) break;
      }
    }
    suggestions.delete(words.join(' '));
    return [...suggestions].slice(0, MAX_SUGGESTIONS);
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

  /** The groups of synonyms of the settings (the defaults until the owner sets them), split into words. */
  private synonyms(): Promise<SynonymGroups> {
    return this.cache.remember('search-synonyms', [CATALOG_READ_MODEL], async () => {
      const rows: Array<{ search_synonyms: string }> = await this.dataSource.query(`SELECT search_synonyms FROM settings WHERE id = 1`);
      return synonymGroups(synonymsOfSettings(rows[0] ?? {}));
    });
  }
}

/**
 * The catalog words a slot stands for, or null when it stands for none. A word typed alone keeps every match
 * (typos included); the words of its synonyms match exactly, or (three letters and more) as a beginning, so
 * "tee" also finds "tees" but "t" of "t-shirt" finds only the "t" of "T-Shirt".
 */
export function slotMatches(slot: QuerySlot, vocabulary: readonly string[]): SlotMatches | null {
  if ('word' in slot) {
    const match = matchWord(slot.word, vocabulary);
    const any = allMatches(match);
    return any.length === 0 ? null : { any, phrases: [], exact: match.exact, prefix: match.prefix, partial: match.partial };
  }
  const any = new Set<string>();
  const exact = new Set<string>();
  const prefix = new Set<string>();
  const partial = new Set<string>();
  const phrases: string[][][] = [];
  if (slot.words.length === 1) {
    const typed = matchWord(slot.words[0], vocabulary);
    allMatches(typed).forEach((word) => any.add(word));
    typed.exact.forEach((word) => exact.add(word));
    typed.prefix.forEach((word) => prefix.add(word));
    typed.partial.forEach((word) => partial.add(word));
  }
  for (const phrase of slot.phrases) {
    const perWord = phrase.map((word) => {
      const match = matchWord(word, vocabulary);
      match.exact.forEach((found) => exact.add(found));
      if (word.length >= 3) match.prefix.forEach((found) => prefix.add(found));
      return [...match.exact, ...(word.length >= 3 ? match.prefix : [])];
    });
    if (perWord.some((found) => found.length === 0)) continue;
    if (perWord.length === 1) perWord[0].forEach((found) => any.add(found));
    else phrases.push(perWord);
  }
  if (any.size === 0 && phrases.length === 0) return null;
  return { any: [...any], phrases, exact: [...exact], prefix: [...prefix], partial: [...partial] };
}

/** Catalog words at most two edits from `word` (one for words under five letters), closest first. */
export function closestWords(word: string, vocabulary: readonly string[]): string[] {
  const limit = word.length >= 5 ? 2 : 1;
  const found: Array<{ word: string; distance: number }> = [];
  for (const candidate of vocabulary) {
    if (candidate.length < 2 || /^\d+$/u.test(candidate)) continue;
    for (let distance = 1; distance <= limit; distance += 1) {
      if (editDistanceWithin(word, candidate, distance)) {
        found.push({ word: candidate, distance });
        break;
      }
    }
  }
  return found.sort((a, b) => a.distance - b.distance || a.word.localeCompare(b.word)).map((entry) => entry.word);
}

export function searchClause(phrase: string, matches: SlotMatches[], firstParameter: number, bengali = false): SearchClause {
  const whereParameters: unknown[] = [];
  const whereParameter = (value: unknown) => {
    whereParameters.push(value);
    return `$${firstParameter + whereParameters.length - 1}::text[]`;
  };
  const conditions = matches.map((match) => {
    const alternatives: string[] = [];
    if (match.any.length > 0) alternatives.push(`p.search_words && ${whereParameter(match.any)}`);
    for (const words of match.phrases) alternatives.push(`(${words.map((found) => `p.search_words && ${whereParameter(found)}`).join(' AND ')})`);
    return alternatives.length === 1 ? alternatives[0] : `(${alternatives.join(' OR ')})`;
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
                 WHEN p.search_text LIKE '%' || ${phraseParameter}::text || '%' THEN 4 ELSE 0 END + ${scores.join(' + ')}${bengali ? ' + CASE WHEN p.name_bn IS NOT NULL THEN 1 ELSE 0 END' : ''})`,
    rankParameters,
  };
}
