import { editDistanceWithin } from './edit-distance';
import { allMatches, matchWord, productSearchWords, searchWords } from './search-vocabulary';

const vocabulary = ['men', 'women', 'graphic', 'tee', 'polo', 'shirt', 'oversized', 'black', 'crew', 'neck', 'rickshaw'];

describe('searchWords', () => {
  it('folds case and accents and splits on anything that is not a letter or digit', () => {
    expect(searchWords('  Café-Noir  POLO/Tee ')).toEqual(['cafe', 'noir', 'polo', 'tee']);
  });
});

describe('searchWords in Bengali (issue 18)', () => {
  /** As the function answers a word: composed (NFC), whichever way it was typed. */
  const nfc = (words: string[]) => words.map((word) => word.normalize('NFC'));

  it('keeps vowel signs and the hasanta, which are part of a Bengali word, while Latin accents are still folded', () => {
    expect(searchWords('রয়েল বেঙ্গল টাইগার টি-শার্ট, Café')).toEqual(nfc(['রয়েল', 'বেঙ্গল', 'টাইগার', 'টি', 'শার্ট', 'cafe']));
    expect(searchWords('বাঘ')).toEqual(['বাঘ']);
    expect(searchWords('শুভ নববর্ষ')).toEqual(['শুভ', 'নববর্ষ']);
  });

  it('reads a word the same whether its letters were typed composed or apart, with or without a joiner', () => {
    expect(searchWords('\u09DF')).toEqual(searchWords('\u09AF\u09BC'));
    expect(searchWords('বো')).toEqual(searchWords('\u09AC\u09C7\u09BE'));
    expect(searchWords('র\u200D্যাব')).toEqual(searchWords('র্যাব'));
  });

  it('splits on the danda and Bengali punctuation, keeps Bengali digits', () => {
    expect(searchWords('শাপলা।ফুল ২০২৫')).toEqual(['শাপলা', 'ফুল', '২০২৫']);
  });

  it('finds a Bengali word from a part of it', () => {
    const words = searchWords('পহেলা বৈশাখ টি-শার্ট', 10);
    expect(matchWord('বৈশা', words).prefix).toEqual(['বৈশাখ']);
    expect(matchWord('শাখ', words).partial).toEqual(['বৈশাখ']);
  });
});

describe('productSearchWords', () => {
  it('holds the words of the name, the full name and the Bengali name, each once', () => {
    expect(productSearchWords({ name: 'Tiger Tee', fullname: "Men's Tiger Tee", nameBn: 'বাঘ টি-শার্ট' })).toEqual(['tiger', 'tee', 'men', 's', 'বাঘ', 'টি', 'শার্ট']);
    expect(productSearchWords({ name: 'Tiger Tee', fullname: 'Tiger Tee', nameBn: null })).toEqual(['tiger', 'tee']);
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
