import { SPOKEN_ID_ALPHABET, spokenIdFormat } from './spoken-id';

describe('spoken ids', () => {
  const ids = spokenIdFormat(6);

  it('have the asked length, from an alphabet without the look-alikes 0, O, 1, I and L', () => {
    expect(SPOKEN_ID_ALPHABET).not.toMatch(/[01OIL]/);
    for (let i = 0; i < 200; i++) expect(ids.next()).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
  });

  it('normalize what a person types, and refuse what cannot be such an id', () => {
    expect(ids.normalize(' k7m2p9 ')).toBe('K7M2P9');
    expect(ids.normalize('K7M2P9QX')).toBeNull();
    expect(ids.normalize('K7M2P0')).toBeNull();
    expect(ids.normalize(undefined)).toBeNull();
  });
});
