import { createHash, timingSafeEqual } from 'node:crypto';
import { OutsideServiceError } from '../../outside/outside-http';
import { CourierRefusal, type CourierName, type ParcelRequest, type PickupRequest } from './courier-port';

/**
 * What the three live courier adapters share: reading a courier's refusal in its own words, comparing webhook
 * secrets in constant time, and reading the couriers' clocks.
 */

/**
 * A booking whose outcome the store cannot learn from the courier: it may hold a parcel for the order (a booking
 * that timed out, or a refusal as a duplicate) and its API offers no lookup by our order id. Asking again could
 * book a second parcel, so this is a refusal: care checks the courier's merchant panel for the order id and
 * enters the parcel by hand, or books again knowingly.
 */
export class CourierOutcomeUnknown extends CourierRefusal {
  constructor(courier: CourierName, reason: string) {
    super(courier, reason);
    this.name = 'CourierOutcomeUnknown';
  }
}

/**
 * The courier's words in an error answer, as one line: `message`, then every field error (`errors` as Laravel
 * writes them, `{field: [words]}`, or a list of `{field, message}`). The text as it came when it is not JSON.
 */
export function courierWords(answer: unknown): string {
  if (typeof answer === 'string') {
    try {
      return courierWords(JSON.parse(answer) as unknown);
    } catch {
      return answer.trim();
    }
  }
  if (!answer || typeof answer !== 'object') return '';
  const body = answer as Record<string, unknown>;
  const parts: string[] = [];
  const fieldErrors = (errors: unknown) => {
    if (Array.isArray(errors)) {
      for (const item of errors) {
        if (typeof item === 'string') parts.push(item);
        else if (item && typeof item === 'object') {
          const { field, message } = item as { field?: unknown; message?: unknown };
          if (typeof message === 'string') parts.push(typeof field === 'string' ? `${field}: ${message}` : message);
        }
      }
    } else if (errors && typeof errors === 'object') {
      for (const [field, words] of Object.entries(errors as Record<string, unknown>)) {
        const list = Array.isArray(words) ? words : [words];
        for (const word of list) if (typeof word === 'string') parts.push(word.toLowerCase().includes(field.replace(/_/g, ' ')) ? word : `${field}: ${word}`);
      }
    }
  };
  fieldErrors(body.errors);
  fieldErrors(body.validation_errors);
  const message = [body.message, body.error].find((value): value is string => typeof value === 'string' && value.trim() !== '');
  if (message && !parts.includes(message)) parts.unshift(message);
  return parts.join('; ');
}

/** A 4xx answer read: its HTTP status and the courier's words (from the error's detail, which has no secrets). */
export function refusedAnswer(error: unknown): { status: number; words: string } | null {
  if (!(error instanceof OutsideServiceError) || error.failure !== 'refused') return null;
  return { status: error.status ?? 400, words: courierWords(error.detail) || `HTTP ${error.status}` };
}

/** The value of a header, whatever its case, as one string. */
export function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** Compares a presented secret with the expected one in time that does not depend on where they differ. */
export function sameSecret(presented: string | undefined, expected: string): boolean {
  if (presented === undefined || expected === '') return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(expected)) && presented.length === expected.length;
}

/** The token of `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headerOf(headers, 'authorization');
  const match = value ? /^Bearer\s+(.+)$/i.exec(value.trim()) : null;
  return match ? match[1].trim() : undefined;
}

/**
 * A courier's time as ISO 8601. Couriers in Bangladesh write local times without a zone ("2025-03-02 12:45:30"):
 * those are read as Asia/Dhaka (UTC+6, no daylight saving). Anything unreadable is `fallback` (the time we read it).
 */
export function courierTime(value: unknown, fallback: Date = new Date()): string {
  if (typeof value === 'string' && value.trim() !== '') {
    const text = value.trim();
    const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/.exec(text);
    const parsed = new Date(local ? `${local[1]}T${local[2]}+06:00` : text);
    if (!Number.isNaN(parsed.getTime())) return parsed.toISOString();
  }
  return fallback.toISOString();
}

/** A number the courier wrote as a number or a string ("0.00"), in whole taka; undefined when it wrote none. */
export function takaOf(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) ? Math.round(number) : undefined;
}

/** The address as the courier reads it: the district added when the address does not already name it. */
export function addressWithDistrict(address: string, district: string | undefined): string {
  const trimmed = address.trim();
  if (!district || normalName(trimmed).includes(normalName(district))) return trimmed;
  return `${trimmed}, ${district.trim()}`;
}

/**
 * The district an address ends with, as Bangladeshi addresses are written ("House 4, Road 2, Agrabad, Chattogram"):
 * its last comma-separated part, when that is a name and not a post code. The checkout asks no district, so this
 * is the store's best reading; a courier that cannot place it refuses the booking with its reason.
 */
export function districtOfAddress(address: string): string | undefined {
  const last = address.split(',').map((part) => part.trim()).filter(Boolean).pop();
  const name = last?.replace(/[-\s]*\d{4}$/, '').trim();
  return name && /\p{L}{3,}/u.test(name) ? name.slice(0, 60) : undefined;
}

/** A place name reduced for comparison: lower case, no brackets' contents, letters and digits only. */
export function normalName(name: string): string {
  return name
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^a-z0-9\u0980-\u09ff]+/g, '');
}

/** District names the couriers spell the old way (the government renamed several in 2018). */
export const DISTRICT_ALIASES: Record<string, string[]> = {
  chattogram: ['chittagong', 'ctg'],
  cumilla: ['comilla'],
  barishal: ['barisal'],
  jashore: ['jessore'],
  bogura: ['bogra'],
  chapainawabganj: ['chapai', 'nawabganj', 'chapainababganj'],
  coxsbazar: ['coxsbazaar'],
  jhalokathi: ['jhalokati', 'jhalakathi'],
  moulvibazar: ['maulvibazar'],
  netrokona: ['netrakona'],
  brahmanbaria: ['bbaria', 'brahmmanbaria'],
};

/** Every spelling of a district worth comparing: its own and its aliases, both ways. */
export function districtSpellings(district: string): string[] {
  const own = normalName(district);
  const spellings = new Set([own]);
  for (const [modern, old] of Object.entries(DISTRICT_ALIASES)) {
    if (own === modern || old.includes(own)) {
      spellings.add(modern);
      for (const name of old) spellings.add(name);
    }
  }
  return [...spellings];
}

/** A value cached for `ttlMs` (lists of cities and areas change rarely); a failed load is not cached. */
export class TimedCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; until: number }>();

  constructor(private readonly ttlMs: number) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && entry.until > now) return entry.value;
    const value = load();
    this.entries.set(key, { value, until: now + this.ttlMs });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}

/** What one returned tee weighs for a courier that prices by weight (Pathao counts at least half a kilo). */
export const PICKUP_WEIGHT_GRAMS = 300;

/**
 * A pick-up as a parcel for couriers whose documented API has no return or reverse order (Pathao, RedX; see
 * docs/couriers.md "Pick-ups"): a parcel to the shopper's door whose invoice is the return id (unique, so it never
 * meets the order's own parcel), with nothing to collect unless asked, and an instruction telling the rider to take
 * the unit back to the shop. The instruction is the rider's only cue, so it says so in plain words.
 */
export function pickupParcel(pickup: PickupRequest): ParcelRequest {
  const what = pickup.kind === 'exchange' ? 'size exchange' : 'return';
  return {
    orderId: pickup.returnId,
    recipientName: pickup.senderName,
    recipientPhone: pickup.senderPhone,
    recipientAddress: pickup.senderAddress,
    district: pickup.district,
    thana: pickup.thana,
    amountToCollectTaka: pickup.amountToCollectTaka,
    itemCount: 1,
    weightGrams: PICKUP_WEIGHT_GRAMS,
    itemDescription: `Pick-up: ${pickup.itemDescription}`.slice(0, 200),
    note: `PICK-UP (${what} ${pickup.returnId} of order ${pickup.orderId}): collect ${pickup.itemDescription} from the customer and bring it back to the merchant. Nothing to deliver.`,
  };
}
