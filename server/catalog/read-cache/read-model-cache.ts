import { createHash } from 'node:crypto';

/** A ready-to-send answer: the JSON text and its strong ETag, computed once per fill. */
export interface CachedAnswer {
  body: string;
  etag: string;
}

interface Entry {
  value: unknown;
  tags: readonly string[];
  /** The generation of each tag when the answer was read from the database. */
  generations: number[];
}

const DEFAULT_MAX_ENTRIES = 5_000;

/**
 * Hot public answers kept in memory, each tagged with the read models it was built from ('catalog',
 * 'sku-stock' ...). When a read model moves, `invalidate(tag)` bumps that tag's generation; an entry filled
 * under an older generation is never served again. Generations are taken BEFORE the database read, so an
 * answer read while a change committed is dropped, not kept stale.
 */
export class ReadModelCache {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<string, number>();
  private readonly loading = new Map<string, Promise<unknown>>();
  private enabled: boolean;

  /** `enabled: false` until whoever reports changes is listening; meanwhile every answer is read fresh. */
  constructor(private readonly maxEntries = DEFAULT_MAX_ENTRIES, options: { enabled?: boolean } = {}) {
    this.enabled = options.enabled ?? true;
  }

  /** An HTTP answer: the value `load` gives, serialised once with its ETag. */
  get(key: string, tags: readonly string[], load: () => Promise<unknown>): Promise<CachedAnswer> {
    return this.remember(`answer:${key}`, tags, async () => toAnswer(await load()));
  }

  /** Any value derived from read models (the search vocabulary, say), under the same invalidation. */
  async remember<T>(key: string, tags: readonly string[], load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const entry = this.entries.get(key);
    if (entry && this.isCurrent(entry)) {
      // Re-insert: Map keeps insertion order, so the oldest key is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value as T;
    }
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    const generations = tags.map((tag) => this.generation(tag));
    const promise = load()
      .then((value) => {
        this.store(key, { value, tags, generations });
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }

  /** A read model changed: drop what was built from it. Without a tag, drop everything. */
  invalidate(tag?: string): void {
    if (tag === undefined) {
      for (const known of new Set([...this.generations.keys()])) this.generations.set(known, this.generation(known) + 1);
      this.entries.clear();
      this.loading.clear();
      return;
    }
    this.generations.set(tag, this.generation(tag) + 1);
    this.loading.clear();
  }

  /** Changes can no longer be heard: forget everything and read fresh until `resume`. */
  suspend(): void {
    this.enabled = false;
    this.invalidate();
  }

  /** Changes are heard again; what was missed meanwhile is unknown, so start empty. */
  resume(): void {
    this.invalidate();
    this.enabled = true;
  }

  get size(): number {
    return this.entries.size;
  }

  private isCurrent(entry: Entry): boolean {
    return entry.tags.every((tag, index) => this.generation(tag) === entry.generations[index]);
  }

  private generation(tag: string): number {
    return this.generations.get(tag) ?? 0;
  }

  private store(key: string, entry: Entry): void {
    if (!this.isCurrent(entry)) return;
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}

export function toAnswer(value: unknown): CachedAnswer {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}
