/**
 * Attempts at one thing (booking an order's parcel, a return's pick-up) that concurrent callers in this process
 * share: while an attempt for a key is under way, a second caller joins it instead of starting another; once it
 * settles, the next call starts afresh. Across processes the events and the outside service's idempotency keep it
 * once; this keeps one process from asking twice at the same moment.
 */
export class SharedAttempts<V> {
  private readonly running = new Map<string, Promise<V>>();

  /** The attempt under way for `key` (`joined: true`), or a new one made by `start`. */
  run(key: string, start: () => Promise<V>): { attempt: Promise<V>; joined: boolean } {
    const running = this.running.get(key);
    if (running) return { attempt: running, joined: true };
    const attempt = start().finally(() => this.running.delete(key));
    this.running.set(key, attempt);
    return { attempt, joined: false };
  }
}
