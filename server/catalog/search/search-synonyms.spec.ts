import { closestWords, slotMatches } from './product-search';
import { DEFAULT_SEARCH_SYNONYMS, querySlots, synonymGroups, synonymsOfSettings } from './search-synonyms';
import { searchWords } from './search-vocabulary';

const groups = synonymGroups(DEFAULT_SEARCH_SYNONYMS);
const vocabulary = ['men', 's', 'royal', 'bengal', 'tiger', 'tee', 't', 'shirt', 'polo', 'classic', 'pique', 'পোলো', 'টি', 'শার্ট', 'paisley', 'women'];

describe('search synonyms (issue 32)', () => {
  it('reads the longest phrase of a group at each place of the query, in either language', () => {
    expect(querySlots(searchWords('টি শার্ট কালো'), groups)).toEqual([
      { words: ['টি', 'শার্ট'], phrases: expect.arrayContaining([['tee'], ['t', 'shirt']]) },
      { words: ['কালো'], phrases: [['black'], ['কালো']] },
    ]);
    expect(querySlots(['rikshaw'], groups)).toEqual([{ words: ['rikshaw'], phrases: expect.arrayContaining([['rickshaw']]) }]);
    expect(querySlots(['paisley'], groups)).toEqual([{ word: 'paisley' }]);
  });

  it('makes গেঞ্জি stand for the catalog words of t-shirts, exact words only for one letter', () => {
    const [slot] = querySlots(['গেঞ্জি'], groups);
    const match = slotMatches(slot, vocabulary)!;
    expect(match.any).toEqual(expect.arrayContaining(['tee']));
    expect(match.phrases).toEqual(expect.arrayContaining([[['t'], ['shirt']], [['টি'], ['শার্ট']]]));
    expect(slotMatches({ word: 'hoodie' }, vocabulary)).toBeNull();
  });

  it('suggests catalog words at most two edits away, closest first', () => {
    expect(closestWords('pasly', vocabulary)).toEqual(['paisley']);
    expect(closestWords('xyzzy', vocabulary)).toEqual([]);
  });

  it('falls back to the defaults when the setting is empty or unreadable', () => {
    expect(synonymsOfSettings({ search_synonyms: '' })).toEqual(DEFAULT_SEARCH_SYNONYMS);
    expect(synonymsOfSettings({ search_synonyms: '[["a"]]' })).toEqual(DEFAULT_SEARCH_SYNONYMS);
    expect(synonymsOfSettings({ search_synonyms: '[["ফতুয়া","henley"]]' })).toEqual([['ফতুয়া', 'henley']]);
  });
});
