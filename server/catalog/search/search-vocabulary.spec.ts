import { editDistanceWithin } from './edit-distance';
import { allMatches, matchWord, searchWords } from './search-vocabulary';

const vocabulary = ['men', 'women', 'graphic', 'tee', 'polo', 'shirt', 'oversized', 'black', 'crew', 'neck', 'rickshaw'];

describe('searchWords', () => {
  it('folds case and accents and splits on anything that is not a letter or digit', () => {
    expect(searchWords('  Café-Noir  POLO/Tee ')).toEqual(['cafe', 'noir', 'polo', 'tee']);
  });
});

describe('editDistanceWithin', () => {
  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistanceWithin('shrit', 'shirt', 1)).toBe(true);
    expect(editDistanceWithin('grpahic', 'graphic', 1)).toBe(true);
  });

  it('refuses two edits when one is allowed', () => {
    expect(editDistanceWithin('grpahc', 'graphic', 1)).toBe(false);
    expect(editDistanceWithin('polo', 'blue', 1)).toBe(false);
  });
});

describe('matchWord', () => {
  it('finds the word itself, words it begins and words it occurs in', () => {
    expect(matchWord('men', vocabulary)).toMatchObject({ exact: ['men'], partial: ['women'] });
    expect(matchWord('over', vocabulary).prefix).toEqual(['oversized']);
    expect(matchWord('rick', vocabulary).prefix).toEqual(['rickshaw']);
  });

  it('finds a word with one letter wrong, missing, extra or swapped', () => {
    expect(allMatches(matchWord('shrit', vocabulary))).toEqual(['shirt']);
    expect(allMatches(matchWord('grafic', vocabulary))).toEqual([]);
    expect(allMatches(matchWord('graphc', vocabulary))).toEqual(['graphic']);
    expect(allMatches(matchWord('graphhic', vocabulary))).toEqual(['graphic']);
    expect(allMatches(matchWord('blakc', vocabulary))).toEqual(['black']);
  });

  it('finds a word still being typed with a typo in it', () => {
    expect(allMatches(matchWord('ovres', vocabulary))).toEqual(['oversized']);
  });

  it('does not guess for short words', () => {
    expect(allMatches(matchWord('tea', vocabulary))).toEqual([]);
  });
});
