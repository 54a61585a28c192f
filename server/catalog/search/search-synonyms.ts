import { z } from 'zod';
import { says } from '../../common/validation/rule-message';
import { editDistanceWithin } from './edit-distance';
import { searchWords } from './search-vocabulary';

/**
 * Issue 32 (ADR 065): words shoppers type for the same thing, in Bengali and English, as groups of phrases. A
 * query phrase found in a group stands for every phrase of the group, both ways: "গেঞ্জি" finds the products
 * named "... Tee" and "... টি-শার্ট", "polo" finds "পোলো". The store starts with these groups; the owner edits
 * the list in the console (setting `search_synonyms`, recorded by `SettingsChanged` like every setting).
 */
export const DEFAULT_SEARCH_SYNONYMS: readonly string[][] = [
  ['t-shirt', 'tshirt', 't shirt', 'tee', 'tees', 'টি-শার্ট', 'টিশার্ট', 'টি শার্ট', 'গেঞ্জি', 'গেঞ্জী', 'গেন্জি', 'টি শার্ট'],
  ['polo', 'polo shirt', 'পোলো', 'পলো', 'পোলো শার্ট'],
  ['hoodie', 'hoody', 'hoodies', 'হুডি', 'হুডী'],
  ['oversized', 'oversize', 'over size', 'ওভারসাইজ', 'ওভারসাইজড', 'ওভার সাইজ'],
  ['crop top', 'croptop', 'crop', 'ক্রপ টপ', 'ক্রপ'],
  ['plain', 'basic', 'প্লেইন', 'প্লেন', 'সাধারণ'],
  ['graphic', 'print', 'printed', 'গ্রাফিক', 'প্রিন্ট', 'প্রিন্টেড'],
  ['men', 'mens', 'man', 'boys', 'ছেলেদের', 'পুরুষ', 'পুরুষদের', 'ছেলে'],
  ['women', 'womens', 'woman', 'ladies', 'girls', 'মেয়েদের', 'মহিলা', 'মেয়ে', 'লেডিস'],
  ['black', 'কালো'],
  ['white', 'সাদা'],
  ['red', 'লাল'],
  ['blue', 'navy', 'নীল', 'নেভি'],
  ['green', 'সবুজ'],
  ['yellow', 'mustard', 'হলুদ'],
  ['pink', 'গোলাপি'],
  ['grey', 'gray', 'ধূসর', 'ছাই'],
  ['tiger', 'বাঘ', 'টাইগার'],
  ['cricket', 'ক্রিকেট'],
  ['rickshaw', 'রিকশা', 'রিক্সা'],
  ['collar', 'কলার'],
];

const MAX_GROUPS = 300;
const MAX_PHRASES = 30;

/** The setting as the console sends it: groups of two phrases or more, each phrase a few words. */
export const searchSynonymsSchema = z
  .array(
    z
      .array(z.string({ error: says('synonyms-invalid') }).trim().min(1, says('synonyms-invalid')).max(60, says('synonyms-invalid')), { error: says('synonyms-invalid') })
      .min(2, says('synonyms-invalid'))
      .max(MAX_PHRASES, says('synonyms-invalid'))
      .refine((group) => group.every((phrase) => searchWords(phrase).length > 0), says('synonyms-invalid')),
    { error: says('synonyms-invalid') },
  )
  .max(MAX_GROUPS, says('synonyms-invalid'));

/** The groups the settings row holds (JSON text), or the defaults while the owner has set none. */
export function synonymsOfSettings(row: Record<string, unknown>): string[][] {
  const stored = typeof row.search_synonyms === 'string' ? row.search_synonyms.trim() : '';
  if (stored === '') return DEFAULT_SEARCH_SYNONYMS.map((group) => [...group]);
  try {
    const parsed = searchSynonymsSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : DEFAULT_SEARCH_SYNONYMS.map((group) => [...group]);
  } catch {
    return DEFAULT_SEARCH_SYNONYMS.map((group) => [...group]);
  }
}

/** A group's phrases split into search words, each phrase once. */
export type SynonymGroups = string[][][];

export function synonymGroups(groups: readonly string[][]): SynonymGroups {
  return groups.map((group) => {
    const seen = new Set<string>();
    const phrases: string[][] = [];
    for (const phrase of group) {
      const words = searchWords(phrase);
      const key = words.join(' ');
      if (words.length > 0 && !seen.has(key)) {
        seen.add(key);
        phrases.push(words);
      }
    }
    return phrases;
  });
}

/** A query's words, each either itself or a run of words found in a group of synonyms. */
export type QuerySlot = { word: string } | { words: string[]; phrases: string[][] };

/**
 * Reads the query left to right; at each word the longest phrase of a group that the query has there (the
 * same words; a single word of four letters or more also one typo away, of three or more also its beginning
 * while the shopper types) makes a slot standing for the group's phrases. Other words stay themselves.
 */
export function querySlots(words: readonly string[], groups: SynonymGroups): QuerySlot[] {
  const slots: QuerySlot[] = [];
  let index = 0;
  while (index < words.length) {
    let best: { length: number; group: string[][] } | null = null;
    for (const group of groups) {
      for (const phrase of group) {
        if (phrase.length > words.length - index || (best && phrase.length <= best.length)) continue;
        const matches = phrase.length === 1 ? wordStandsFor(words[index], phrase[0], index === words.length - 1) : phrase.every((word, offset) => words[index + offset] === word);
        if (matches) best = { length: phrase.length, group };
      }
    }
    if (best) {
      slots.push({ words: words.slice(index, index + best.length), phrases: best.group });
      index += best.length;
    } else {
      slots.push({ word: words[index] });
      index += 1;
    }
  }
  return slots;
}

function wordStandsFor(typed: string, synonym: string, last: boolean): boolean {
  if (typed === synonym) return true;
  if (typed.length >= 4 && editDistanceWithin(typed, synonym, 1)) return true;
  return last && typed.length >= 3 && synonym.startsWith(typed);
}
