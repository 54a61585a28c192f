import { isUnstorableText, toStorableText, unstorableTextPaths } from './unstorable-text';

describe('unstorable text', () => {
  it('finds NUL and surrogates without their pair, and nothing in emoji, Bengali or right-to-left text', () => {
    for (const bad of ['a\u0000b', 'a\ud800b', '\udfff', 'x\ud83d']) expect(isUnstorableText(bad)).toBe(true);
    for (const good of ['😀👕', 'বাংলাদেশ', '\u202Eabc', "'; DROP TABLE events;--", '']) expect(isUnstorableText(good)).toBe(false);
  });

  it('names the fields where they are, keys included, through arrays and nested objects', () => {
    expect(unstorableTextPaths({ data: { name: 'ok', address: 'a\u0000' }, cart: [{ size: '\ud800' }], 'k\u0000': 1 }).sort()).toEqual([
      'cart.0.size',
      'data.address',
      'k\ufffd',
    ]);
    expect(unstorableTextPaths('\u0000')).toEqual(['body']);
    expect(unstorableTextPaths({ name: 'Rahim 😀' })).toEqual([]);
  });

  it('names the field of a finding 50,000 levels deep (a body just under 100 kB)', () => {
    const deep = JSON.parse(`${'['.repeat(50_000)}"\\u0000"${']'.repeat(50_000)}`);
    const [path] = unstorableTextPaths(deep);
    expect(path.split('.')).toHaveLength(50_000);
    expect(new Set(path.split('.'))).toEqual(new Set(['0']));
  });

  it('walks a 10,000-deep value without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(10_000)}"\\u0000"${']'.repeat(10_000)}`);
    expect(unstorableTextPaths(deep)).toHaveLength(1);
  });

  it('replaces what it finds with U+FFFD when a value must be kept', () => {
    expect(toStorableText('a\u0000b\ud800c😀')).toBe('a\ufffdb\ufffdc😀');
  });
});
