import { randomInt } from 'node:crypto';

/**
 * Characters the ids people read out over the phone are made of (orders, lucky-draw offers): digits and
 * capitals without 0/O, 1/I/L, so one cannot be misheard as another. 31 symbols.
 */
export const SPOKEN_ID_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export interface SpokenIdFormat {
  /** A fresh random id; uniqueness is the caller's (an append at expected version 0, say). */
  next(): string;
  /** What a person typed, uppercased and trimmed; null when it cannot be such an id at all. */
  normalize(input: unknown): string | null;
}

/** Random ids of `length` characters of the spoken alphabet. */
export function spokenIdFormat(length: number): SpokenIdFormat {
  const pattern = new RegExp(`^[${SPOKEN_ID_ALPHABET}]{${length}}$`);
  return {
    next() {
      let id = '';
      for (let i = 0; i < length; i++) id += SPOKEN_ID_ALPHABET[randomInt(SPOKEN_ID_ALPHABET.length)];
      return id;
    },
    normalize(input) {
      if (typeof input !== 'string') return null;
      const id = input.trim().toUpperCase();
      return pattern.test(id) ? id : null;
    },
  };
}
