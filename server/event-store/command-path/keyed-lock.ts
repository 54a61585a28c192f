/**
 * In-process serialisation per key (a stream id): commands on one hot SKU wait their turn here instead of
 * racing to the database and losing on the expected version, which would cost a retry each (ADR 012).
 * Correctness never depends on it: expected versions still decide, across processes too.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  /** Takes every key in sorted order (so two holders can never wait on each other); returns the release. */
  async acquire(keys: Iterable<string>): Promise<() => void> {
    const releases: Array<() => void> = [];
    try {
      for (const key of [...new Set(keys)].sort()) releases.push(await this.acquireOne(key));
    } catch (error) {
      releases.forEach((release) => release());
      throw error;
    }
    return () => releases.reverse().forEach((release) => release());
  }

  /** Keys currently held or awaited; for tests. */
  get size(): number {
    return this.tails.size;
  }

  private async acquireOne(key: string): Promise<() => void> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    await previous;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }
}
