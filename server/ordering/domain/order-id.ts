import { SPOKEN_ID_ALPHABET, spokenIdFormat } from '../../common/ids/spoken-id';

/**
 * Order ids are read out over the phone: 8 characters of the spoken alphabet (no 0/O, 1/I/L), about 8.5e11
 * ids, random, not sequential.
 */
export const ORDER_ID_ALPHABET = SPOKEN_ID_ALPHABET;
const ORDER_ID_LENGTH = 8;
const orderIds = spokenIdFormat(ORDER_ID_LENGTH);

/** A fresh random id; uniqueness is guaranteed by appending to `order-<id>` with expected version 0. */
export const newOrderId = (): string => orderIds.next();

/** What a shopper typed, uppercased and trimmed; null when it cannot be an order id at all. */
export const normalizeOrderId = (input: unknown): string | null => orderIds.normalize(input);

export const orderStreamId = (orderId: string) => `order-${orderId}`;
