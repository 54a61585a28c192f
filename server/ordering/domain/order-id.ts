import { randomInt } from 'node:crypto';

/**
 * Characters an order id is made of: digits and capitals without 0/O, 1/I/L, so an id read out over the
 * phone cannot be misheard as another. 31 symbols, 8 of them: about 8.5e11 ids, random, not sequential.
 */
export const ORDER_ID_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ORDER_ID_LENGTH = 8;
const ORDER_ID = new RegExp(`^[${ORDER_ID_ALPHABET}]{${ORDER_ID_LENGTH}}$`);

/** A fresh random id; uniqueness is guaranteed by appending to `order-<id>` with expected version 0. */
export function newOrderId(): string {
  let id = '';
  for (let i = 0; i < ORDER_ID_LENGTH; i++) id += ORDER_ID_ALPHABET[randomInt(ORDER_ID_ALPHABET.length)];
  return id;
}

/** What a shopper typed, uppercased and trimmed; null when it cannot be an order id at all. */
export function normalizeOrderId(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const id = input.trim().toUpperCase();
  return ORDER_ID.test(id) ? id : null;
}

export const orderStreamId = (orderId: string) => `order-${orderId}`;
