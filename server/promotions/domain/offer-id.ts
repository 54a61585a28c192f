import { spokenIdFormat } from '../../common/ids/spoken-id';

/** Offer ids: 6 characters of the spoken alphabet (no 0/O, 1/I/L), easy to type into `npm run verify-draw`. */
const offerIds = spokenIdFormat(6);

export const newOfferId = (): string => offerIds.next();

export const normalizeOfferId = (input: unknown): string | null => offerIds.normalize(input);
