import { randomInt } from 'node:crypto';

/** Offer ids: 6 characters of the order-id alphabet (no 0/O, 1/I/L), easy to type into `npm run verify-draw`. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const LENGTH = 6;
const OFFER_ID = new RegExp(`^[${ALPHABET}]{${LENGTH}}$`);

export function newOfferId(): string {
  let id = '';
  for (let i = 0; i < LENGTH; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

export function normalizeOfferId(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const id = input.trim().toUpperCase();
  return OFFER_ID.test(id) ? id : null;
}
