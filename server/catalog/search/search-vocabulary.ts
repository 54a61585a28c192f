import { editDistanceWithin } from './edit-distance';

/** The words of the catalog a query word stands for, by how well they match it. */
export interface WordMatches {
  exact: string[];
  prefix: string[];
  partial: string[];
  typo: string[];
}

/** Shorter words are too easily one letter away from unrelated words ("tee", "tea", "ten"). */
const MIN_TYPO_LENGTH = 4;

/**
 * Accents of Latin (and Greek, Cyrillic) letters, as NFKD spells them apart: the marks of the Unicode
 * "combining diacritical marks" blocks. Marks of other scripts are parts of their letters, not accents:
 * Bengali's vowel signs and hasanta (া ি ী ু ্ ...) must stay, or "বাঘ" would be searched as "বঘ".
 */
const LATIN_ACCENTS = /[\u0300-\u036f]|[\u1ab0-\u1aff]|[\u1dc0-\u1dff]|[\u20d0-\u20ff]|[\ufe20-\ufe2f]/gu;

/** Zero-width joiners only choose how a Bengali conjunct is drawn (র‍্য); they do not change the word. */
const JOINERS = /[\u200c\u200d]/gu;

/**
 * Splits text the way product names are split into `products.search_words`: Latin accents folded, lower
 * case, every other script's letters with their marks kept, composed again (NFC) so that a word reads the
 * same however it was typed.
 */
export function searchWords(text: string, maxWords = 6): string[] {
  return text
    .normalize('NFKD')
    .replace(LATIN_ACCENTS, '')
    .replace(JOINERS, '')
    .toLowerCase()
    .normalize('NFC')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, maxWords);
}

/** A product's words as `products.search_words` holds them: its names' words in either language, each once. */
export function productSearchWords(names: { name: string; fullname: string; nameBn: string | null | undefined }): string[] {
  const text = [names.name, names.fullname, names.nameBn ?? ''].join(' ');
  return [...new Set(searchWords(text, Number.POSITIVE_INFINITY))];
}

/**
 * Matches a query word against the catalog's vocabulary: the same word, a word it begins, a word it occurs
 * in, or (for words of four letters or more) a word or word beginning one typo away.
 */
export function matchWord(word: string, vocabulary: readonly string[]): WordMatches {
  const matches: WordMatches = { exact: [], prefix: [], partial: [], typo: [] };
  for (const candidate of vocabulary) {
    if (candidate === word) matches.exact.push(candidate);
    else if (candidate.startsWith(word)) matches.prefix.push(candidate);
    else if (candidate.includes(word)) matches.partial.push(candidate);
    else if (word.length >= MIN_TYPO_LENGTH && isOneTypoAway(word, candidate)) matches.typo.push(candidate);
  }
  return matches;
}

function isOneTypoAway(word: string, candidate: string): boolean {
  if (editDistanceWithin(word, candidate, 1)) return true;
  // A word still being typed: compare with the candidate's beginning of about the same length.
  for (const length of [word.length - 1, word.length, word.length + 1]) {
    if (length >= MIN_TYPO_LENGTH && length < candidate.length && editDistanceWithin(word, candidate.slice(0, length), 1)) {
      return true;
    }
  }
  return false;
}

export function allMatches(matches: WordMatches): string[] {
  return [...matches.exact, ...matches.prefix, ...matches.partial, ...matches.typo];
}
