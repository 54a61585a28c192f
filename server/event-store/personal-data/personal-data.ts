import { createHmac, hkdfSync } from 'node:crypto';
import { randomBytesPooled } from '../../common/crypto/random-pool';
import type { DataSource, EntityManager } from 'typeorm';
import { SealingKey } from '../../common/crypto/sealing-key';

/**
 * Crypto-shredding of personal fields in events (issue 21, ADR 053). A context registers, per event type, the
 * person an event is about and the paths of its personal fields (`registerPersonalFields`). On append those
 * fields are taken out of the event's data and sealed together, AES-256-GCM under the person's own key, into
 * one box beside the key id (`data._sealed = {key, box}`); on every read they are put back. The per-person
 * keys live in `personal_data_keys`, wrapped under the store's master key. Erasing a person clears their key:
 * their events still replay (totals, stock, coupon counts are not personal) with every personal field read
 * as `ERASED`.
 *
 * Plain functions over a vault per `DataSource` (configured once by the event-store module), so the read paths
 * that take an `EntityManager` (the safe global order, stream loads, the mail composer) open events without
 * a new dependency. An application without a configured vault seals nothing and refuses to open a box.
 */
export const ERASED = '[erased]';

export type PersonSubject = { kind: 'account'; userId: string } | { kind: 'phone'; phone: string };

/** Sealed under the key of another stream's first event (an order's). */
export interface SameKeyAs {
  sameKeyAs: string;
}

const isSameKeyAs = (subject: PersonSubject | SameKeyAs | null): subject is SameKeyAs => subject !== null && 'sameKeyAs' in subject;

export interface PersonalFieldSpec {
  /**
   * Whose key seals this event's fields; null: nothing personal in this one. `{ sameKeyAs: streamId }`: the
   * key that sealed the first event of that stream (an order's later events, and the stock released for it,
   * are sealed under its `OrderPlaced`'s key, though they do not name its owner); when that first event was
   * written before sealing existed (no key), the event is stored as it is.
   */
  subject(data: Record<string, unknown>): PersonSubject | SameKeyAs | null;
  /** Dotted paths in `data` (`customer.name`); a path that is absent or null is left as it is. */
  paths: readonly string[];
  /** Paths in the event's metadata (`note`: a staff member's words about the person), sealed in the same box. */
  metadataPaths?: readonly string[];
}

/** Box paths that came from the metadata start with this (a data path never does: it is not a field name). */
const META = '@metadata.';

/** Stored in the event's data: the key id, the sealed fields, and which paths they came from (names only). */
interface SealedBox {
  key: string;
  box: string;
  paths: string[];
}

const specs = new Map<string, PersonalFieldSpec>();

/** For a context's module: the personal fields of its event type. Registering the same type again replaces it. */
export function registerPersonalFields(type: string, spec: PersonalFieldSpec): void {
  specs.set(type, spec);
}

export function personalEventTypes(): string[] {
  return [...specs.keys()];
}

/** The registered personal paths of an event type (none for a type without personal fields). */
export function personalFieldPaths(type: string): string[] {
  return [...(specs.get(type)?.paths ?? [])];
}

/** The registered personal metadata paths of an event type (`note`). */
export function personalMetadataPaths(type: string): string[] {
  return [...(specs.get(type)?.metadataPaths ?? [])];
}

/**
 * Boxes this process sealed or opened lately, by their sealed text, kept at most this many: every projection
 * that reads an order opens the same box, and the append that sealed it knows what it holds (ADR 045).
 */
const OPENED_BOXES = 20_000;

/** The master secret turned into the two keys the vault uses: one wraps per-person keys, one names phones. */
export class PersonalDataVault {
  private readonly wrapping: SealingKey;
  private readonly naming: Buffer;
  /** Unwrapped keys by key id and wrapped bytes: a key is unwrapped once, but its row is read on every use. */
  private readonly unwrapped = new Map<string, { wrapped: Buffer; key: SealingKey }>();
  /**
   * Box text → the key that sealed it and the fields it holds (JSON). A hit counts only with the very key the
   * caller opens with (the same unwrapped object): an erased key opens nothing, and a person's new key after an
   * erasure is another object, so a box of the erased key is never read from here.
   */
  private readonly opened = new Map<string, { key: SealingKey; fields: string }>();

  /**
   * A value that tells whether two stores have the same master secret and reveals nothing of it (an HMAC of a
   * fixed text under a key of its own, derived with HKDF): a backup carries it, so a restore under another
   * secret is refused before anything is loaded (ADR 052).
   */
  readonly keyCheck: string;

  constructor(masterSecret: string | Buffer) {
    this.wrapping = SealingKey.derive(masterSecret, 'tee-bazaar/personal-data/wrap');
    this.naming = Buffer.from(hkdfSync('sha256', masterSecret, 'tee-bazaar/personal-data/name', 'hmac-sha256 v1', 32));
    const checking = Buffer.from(hkdfSync('sha256', masterSecret, 'tee-bazaar/personal-data/check', 'hmac-sha256 v1', 32));
    this.keyCheck = createHmac('sha256', checking).update('tee-bazaar master key check v1').digest('base64url');
  }

  /** Whether this vault's master secret opens a person's wrapped key as stored (false: another secret wrapped it). */
  opens(keyId: string, wrapped: Buffer): boolean {
    try {
      this.wrapping.open(wrapped, keyId);
      return true;
    } catch {
      return false;
    }
  }

  /** `account:<user id>`, or `phone:<HMAC-SHA256 of the number>`: the phone never appears in the key table. */
  keyId(subject: PersonSubject): string {
    if (subject.kind === 'account') return `account:${subject.userId}`;
    return `phone:${this.phonePseudonym(subject.phone)}`;
  }

  /**
   * The name a phone goes by where the number must not appear (its key id; a stream about the phone): a keyed
   * hash only a holder of the master secret can compute, so it cannot be found by trying every number.
   */
  phonePseudonym(phone: string): string {
    return createHmac('sha256', this.naming).update(phone).digest('base64url').slice(0, 32);
  }

  /**
   * A stable name for a phone number or an e-mail address that does not show it, for counters kept about a
   * person (the outbox's per-recipient budget, issue 27). A phone's is its key id, so an erasure that knows the key
   * ids knows these names too.
   */
  pseudonym(kind: 'phone' | 'email', value: string): string {
    if (kind === 'phone') return this.keyId({ kind: 'phone', phone: value });
    return `email:${createHmac('sha256', this.naming).update(`email:${value}`).digest('base64url').slice(0, 32)}`;
  }

  /**
   * The keys to seal with, in the caller's transaction, in one statement: an existing key is returned as it is,
   * a missing or erased one is (re)created. The upsert locks the rows until the append commits, so an erasure
   * running at the same time waits for it (and then erases what it wrote) rather than missing it.
   */
  async keysForSealing(manager: EntityManager, keyIds: string[]): Promise<Map<string, SealingKey>> {
    const raw = keyIds.map(() => randomBytesPooled(32));
    const fresh = keyIds.map((id, index) => this.wrapping.seal(raw[index], id));
    const rows: Array<{ key_id: string; wrapped_key: Buffer }> = await manager.query(
      `INSERT INTO personal_data_keys (key_id, wrapped_key)
       SELECT * FROM unnest($1::text[], $2::bytea[])
       ON CONFLICT (key_id) DO UPDATE
         SET wrapped_key = coalesce(personal_data_keys.wrapped_key, EXCLUDED.wrapped_key), erased_at = NULL,
             created_at = CASE WHEN personal_data_keys.wrapped_key IS NULL THEN now() ELSE personal_data_keys.created_at END
       RETURNING key_id, wrapped_key`,
      [keyIds, fresh],
    );
    const created = new Map(keyIds.map((id, index) => [id, index]));
    return new Map(
      rows.map((row) => {
        // A key this statement created is known in the clear already: no need to unwrap what was just wrapped.
        const index = created.get(row.key_id)!;
        if (row.wrapped_key.equals(fresh[index])) return [row.key_id, this.remembered(row.key_id, row.wrapped_key, SealingKey.fromBytes(raw[index]))];
        return [row.key_id, this.unwrap(row.key_id, row.wrapped_key)];
      }),
    );
  }

  /** The keys to open with; an erased or unknown key id maps to null. */
  async keysForOpening(manager: EntityManager, keyIds: string[]): Promise<Map<string, SealingKey | null>> {
    const rows: Array<{ key_id: string; wrapped_key: Buffer | null }> = await manager.query(
      'SELECT key_id, wrapped_key FROM personal_data_keys WHERE key_id = ANY($1::text[])',
      [keyIds],
    );
    return this.keysFromRows(keyIds, new Map(rows.map((row) => [row.key_id, row.wrapped_key])));
  }

  /** The keys to open with, from key rows read with the events (`wrapped` by key id; missing or null: erased). */
  keysFromRows(keyIds: string[], wrapped: ReadonlyMap<string, Buffer | null>): Map<string, SealingKey | null> {
    return new Map(keyIds.map((id) => {
      const bytes = wrapped.get(id);
      return [id, bytes ? this.unwrap(id, bytes) : null];
    }));
  }

  /** Deletes the person's key for good (and what this process remembers it opened); true when there was one. */
  async erase(manager: EntityManager, keyId: string): Promise<boolean> {
    const [, affected]: [unknown, number] = await manager.query(
      'UPDATE personal_data_keys SET wrapped_key = NULL, erased_at = now() WHERE key_id = $1 AND wrapped_key IS NOT NULL',
      [keyId],
    );
    const erased = this.unwrapped.get(keyId)?.key;
    this.unwrapped.delete(keyId);
    if (erased) for (const [box, entry] of this.opened) if (entry.key === erased) this.opened.delete(box);
    return affected > 0;
  }

  /** Seals `fields` (JSON) under `key`, remembering the box's contents for the readers that follow. */
  sealBox(key: SealingKey, keyId: string, fields: string): string {
    const box = key.seal(fields, keyId).toString('base64');
    this.remember(box, key, fields);
    return box;
  }

  /** The fields (JSON) of a box, or null when `key` cannot open it (sealed under an earlier, erased key). */
  openBox(key: SealingKey, keyId: string, box: string): string | null {
    const known = this.opened.get(box);
    if (known && known.key === key) return known.fields;
    let fields: string;
    try {
      fields = key.open(Buffer.from(box, 'base64'), keyId).toString('utf8');
    } catch {
      return null;
    }
    this.remember(box, key, fields);
    return fields;
  }

  private remember(box: string, key: SealingKey, fields: string): void {
    if (this.opened.size >= OPENED_BOXES) this.opened.delete(this.opened.keys().next().value!);
    this.opened.set(box, { key, fields });
  }

  private unwrap(keyId: string, wrapped: Buffer): SealingKey {
    const known = this.unwrapped.get(keyId);
    if (known?.wrapped.equals(wrapped)) return known.key;
    // A wrong master key fails here, loudly: that is a configuration error, never an erased person.
    return this.remembered(keyId, wrapped, SealingKey.fromBytes(this.wrapping.open(wrapped, keyId)));
  }

  private remembered(keyId: string, wrapped: Buffer, key: SealingKey): SealingKey {
    this.unwrapped.set(keyId, { wrapped: Buffer.from(wrapped), key });
    return key;
  }
}

const vaults = new WeakMap<object, PersonalDataVault>();

export function configurePersonalData(dataSource: DataSource, vault: PersonalDataVault): void {
  vaults.set(dataSource, vault);
}

export function personalDataVault(manager: EntityManager | DataSource): PersonalDataVault | undefined {
  return vaults.get('connection' in manager ? manager.connection : manager);
}

/**
 * The data and metadata to store for each event: personal fields taken out and sealed, one box per event (in
 * its data, metadata fields included). Events of types without personal fields, or without a person, are
 * returned as they are. One key statement per call, and one lookup of stream keys when an event is sealed under
 * its stream's key.
 */
export async function sealPersonalData<M>(
  manager: EntityManager,
  events: ReadonlyArray<{ type: string; streamId?: string; streamPosition?: number; data: unknown; metadata?: M }>,
): Promise<Array<{ data: unknown; metadata: M | undefined }>> {
  const unchanged = () => events.map((event) => ({ data: event.data, metadata: event.metadata }));
  const vault = personalDataVault(manager);
  if (!vault || !events.some((event) => specs.has(event.type))) return unchanged();
  const subjects = events.map((event) => {
    const spec = specs.get(event.type);
    const data = event.data as Record<string, unknown> | null;
    return spec && data ? spec.subject(data) : null;
  });
  const direct = subjects.map((subject) => (subject && !isSameKeyAs(subject) ? vault.keyId(subject) : null));
  // An event with nothing to seal needs no stream key (most steps of an order carry no note).
  events.forEach((event, index) => {
    if (isSameKeyAs(subjects[index]) && !hasPersonalFields(specs.get(event.type)!, event)) subjects[index] = null;
  });
  const streamKeys = await keysOfStreams(manager, events, subjects, direct);
  const plans = events.map((event, index) => {
    const subject = subjects[index];
    const keyId = isSameKeyAs(subject) ? (streamKeys.get(subject.sameKeyAs) ?? null) : direct[index];
    return keyId ? { spec: specs.get(event.type)!, keyId } : null;
  });
  const keyIds = [...new Set(plans.flatMap((plan) => (plan ? [plan.keyId] : [])))];
  if (keyIds.length === 0) return unchanged();
  const keys = await vault.keysForSealing(manager, keyIds);
  return events.map((event, index) => {
    const plan = plans[index];
    if (!plan) return { data: event.data, metadata: event.metadata };
    // The caller's event stays as it was: only the objects on a sealed field's path are copied.
    const data = new PathCopy(event.data as Record<string, unknown>);
    const fields: Record<string, unknown> = {};
    for (const path of plan.spec.paths) {
      const value = readPath(data.root, path);
      if (value === undefined || value === null) continue;
      fields[path] = value;
      data.write(path, null);
    }
    let metadata: PathCopy | null = null;
    for (const path of plan.spec.metadataPaths ?? []) {
      const value = event.metadata ? readPath(event.metadata as Record<string, unknown>, path) : undefined;
      if (value === undefined || value === null) continue;
      metadata ??= new PathCopy(event.metadata as Record<string, unknown>);
      fields[META + path] = value;
      metadata.write(path, null);
    }
    if (Object.keys(fields).length === 0) return { data: event.data, metadata: event.metadata };
    const sealed: SealedBox = {
      key: plan.keyId,
      box: vault.sealBox(keys.get(plan.keyId)!, plan.keyId, JSON.stringify(fields)),
      paths: Object.keys(fields),
    };
    data.root._sealed = sealed;
    return { data: data.root, metadata: metadata ? (metadata.root as M) : event.metadata };
  });
}

/**
 * The key id of each stream events are sealed under (`sameKeyAs`): its first event's, from this batch when the
 * stream starts in it, else from the log (one statement). A stream whose first event holds no box (written
 * before sealing) has none.
 */
async function keysOfStreams(
  manager: EntityManager,
  events: ReadonlyArray<{ streamId?: string; streamPosition?: number }>,
  subjects: ReadonlyArray<PersonSubject | SameKeyAs | null>,
  direct: ReadonlyArray<string | null>,
): Promise<Map<string, string | null>> {
  const keys = new Map<string, string | null>();
  events.forEach((event, index) => {
    if (event.streamId && event.streamPosition === 1) keys.set(event.streamId, direct[index]);
  });
  const missing = [...new Set(subjects.flatMap((subject) => (isSameKeyAs(subject) && !keys.has(subject.sameKeyAs) ? [subject.sameKeyAs] : [])))];
  if (missing.length === 0) return keys;
  const rows: Array<{ stream_id: string; key_id: string | null }> = await manager.query(
    `SELECT stream_id, data->'_sealed'->>'key' AS key_id FROM events WHERE stream_id = ANY($1::text[]) AND stream_position = 1`,
    [missing],
  );
  for (const row of rows) keys.set(row.stream_id, row.key_id);
  return keys;
}

/**
 * Puts sealed personal fields back into each event's `data` (replacing it with an opened copy), in place; the
 * fields of an erased person read `ERASED`. Events in the clear (before sealing existed) are left as they are.
 * One key statement per call, only when some event is sealed.
 */
export async function openPersonalData(
  manager: EntityManager,
  events: Array<{ data: unknown; metadata?: unknown }>,
  /** The wrapped keys, by key id, when the caller read them with the events (`sealedKeyColumn`): no statement then. */
  readWithEvents?: ReadonlyMap<string, Buffer | null>,
): Promise<void> {
  const sealed = events.filter((event) => isSealed(event.data));
  if (sealed.length === 0) return;
  const vault = personalDataVault(manager);
  if (!vault) throw new Error('Events hold sealed personal data but no personal-data key is configured.');
  const keyIds = [...new Set(sealed.map((event) => sealedKeyId(event.data)!))];
  const keys = readWithEvents ? vault.keysFromRows(keyIds, readWithEvents) : await vault.keysForOpening(manager, keyIds);
  for (const event of sealed) {
    // The event read stays as it was: only the objects on an opened field's path are copied.
    const { _sealed: box, ...rest } = event.data as Record<string, unknown> & { _sealed: SealedBox };
    const data = new PathCopy(rest, true);
    const key = keys.get(box.key) ?? null;
    // Null: the person's key was erased, or this box was sealed under an earlier key erased since.
    const fields = key ? vault.openBox(key, box.key, box.box) : null;
    const opened: Record<string, unknown> = fields !== null ? (JSON.parse(fields) as Record<string, unknown>) : Object.fromEntries(box.paths.map((path) => [path, ERASED]));
    // Metadata fields go back into the event's metadata, when the reader loaded it.
    const hasMetadata = typeof event.metadata === 'object' && event.metadata !== null;
    const metadata = hasMetadata && box.paths.some((path) => path.startsWith(META)) ? new PathCopy(event.metadata as Record<string, unknown>) : null;
    for (const [path, value] of Object.entries(opened)) {
      if (!path.startsWith(META)) data.write(path, value);
      else if (metadata) metadata.write(path.slice(META.length), value);
    }
    event.data = data.root;
    if (metadata) event.metadata = metadata.root;
  }
}

/**
 * A copy of an object that shares everything with the original except the objects on the paths written
 * through it (each copied once, on its first write), so the original is never changed. Cheaper than a deep
 * copy of an event for the two or three personal fields it holds.
 */
class PathCopy {
  readonly root: Record<string, unknown>;
  private readonly copied = new Set<object>();

  /** `rootIsCopy`: the root given is already a fresh object of the caller's. */
  constructor(original: Record<string, unknown>, rootIsCopy = false) {
    this.root = rootIsCopy ? original : { ...original };
    this.copied.add(this.root);
  }

  /** Sets `path` (dotted) to `value`; a path through a missing or non-object step is left as it is. */
  write(path: string, value: unknown): void {
    const parts = path.split('.');
    let current = this.root;
    for (const part of parts.slice(0, -1)) {
      const next = current[part];
      if (typeof next !== 'object' || next === null) return;
      if (!this.copied.has(next)) {
        const copy = Array.isArray(next) ? [...next] : { ...(next as Record<string, unknown>) };
        current[part] = copy;
        this.copied.add(copy);
      }
      current = current[part] as Record<string, unknown>;
    }
    current[parts[parts.length - 1]] = value;
  }
}

function hasPersonalFields(spec: PersonalFieldSpec, event: { data: unknown; metadata?: unknown }): boolean {
  const present = (source: unknown, path: string) => typeof source === 'object' && source !== null && readPath(source as Record<string, unknown>, path) != null;
  return spec.paths.some((path) => present(event.data, path)) || (spec.metadataPaths ?? []).some((path) => present(event.metadata, path));
}

function isSealed(data: unknown): boolean {
  return typeof data === 'object' && data !== null && '_sealed' in data;
}

/** The id of the key an event's data is sealed under, or null when it holds no box. */
export function sealedKeyId(data: unknown): string | null {
  return isSealed(data) ? (data as { _sealed: SealedBox })._sealed.key : null;
}

/** The keys read with events (`SEALED_KEY_COLUMN`), by key id, for `openPersonalData`. */
export function keysReadWithEvents(rows: ReadonlyArray<{ data: unknown; sealing_key: Buffer | null }>): Map<string, Buffer | null> {
  const keys = new Map<string, Buffer | null>();
  for (const row of rows) {
    const keyId = sealedKeyId(row.data);
    if (keyId) keys.set(keyId, row.sealing_key);
  }
  return keys;
}

/**
 * For a read of `events` rows: a join and a column (`sealing_key`) that bring each sealed event's wrapped key
 * along, so opening the events takes no statement of its own. Null when the key was erased.
 */
export function sealedKeyJoin(eventsAlias = 'events'): string {
  return `LEFT JOIN personal_data_keys sealing ON sealing.key_id = ${eventsAlias}.data->'_sealed'->>'key'`;
}
export const SEALED_KEY_COLUMN = 'sealing.wrapped_key AS sealing_key';

function readPath(data: Record<string, unknown>, path: string): unknown {
  let current: unknown = data;
  for (const part of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}
