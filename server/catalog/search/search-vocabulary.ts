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

/** Splits text the way product names are split in the database (search_words), accents folded. */
export function searchWords(text: string, maxWords = 6): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, maxWords);
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
