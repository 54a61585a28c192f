import { ReadModelCache } from './read-model-cache';

function setup(maxEntries?: number) {
  const cache = new ReadModelCache(maxEntries);
  let reads = 0;
  let value = 'first';
  const load = async () => {
    reads += 1;
    return { value };
  };
  return {
    cache,
    load,
    reads: () => reads,
    change: (next: string) => {
      value = next;
    },
  };
}

describe('ReadModelCache', () => {
  it('serves a second request from memory with the same ETag', async () => {
    const { cache, load, reads } = setup();
    const first = await cache.get('k', ['catalog'], load);
    const second = await cache.get('k', ['catalog'], load);
    expect(second).toEqual(first);
    expect(JSON.parse(first.body)).toEqual({ value: 'first' });
    expect(reads()).toBe(1);
  });

  it('reads again after the read model it was built from moved, and the ETag changes with the content', async () => {
    const { cache, load, reads, change } = setup();
    const before = await cache.get('k', ['catalog', 'sku-stock'], load);
    change('second');
    cache.invalidate('sku-stock');
    const after = await cache.get('k', ['catalog', 'sku-stock'], load);
    expect(JSON.parse(after.body)).toEqual({ value: 'second' });
    expect(after.etag).not.toBe(before.etag);
    expect(reads()).toBe(2);
  });

  it('keeps answers built from other read models', async () => {
    const { cache, load, reads } = setup();
    await cache.get('k', ['catalog'], load);
    cache.invalidate('sku-stock');
    await cache.get('k', ['catalog'], load);
    expect(reads()).toBe(1);
  });

  it('does not keep an answer whose read model changed while it was being read', async () => {
    const { cache, reads } = setup();
    let release!: () => void;
    const slow = () => new Promise<unknown>((resolve) => (release = () => resolve({ value: 'stale' })));
    const pending = cache.get('k', ['sku-stock'], slow);
    cache.invalidate('sku-stock');
    release();
    await pending;
    const fresh = await cache.get('k', ['sku-stock'], async () => ({ value: 'fresh' }));
    expect(JSON.parse(fresh.body)).toEqual({ value: 'fresh' });
    expect(reads()).toBe(0);
  });

  it('shares one database read between concurrent misses of the same key', async () => {
    const { cache, load, reads } = setup();
    await Promise.all(Array.from({ length: 20 }, () => cache.get('k', ['catalog'], load)));
    expect(reads()).toBe(1);
  });

  it('evicts the least recently used answer past its size', async () => {
    const { cache, load, reads } = setup(2);
    await cache.get('a', [], load);
    await cache.get('b', [], load);
    await cache.get('a', [], load);
    await cache.get('c', [], load);
    expect(cache.size).toBe(2);
    await cache.get('a', [], load);
    expect(reads()).toBe(3);
    await cache.get('b', [], load);
    expect(reads()).toBe(4);
  });
});

describe('ReadModelCache while changes cannot be heard', () => {
  it('reads every answer fresh when suspended, and caches again after resume', async () => {
    const { cache, load, reads } = setup();
    cache.suspend();
    await cache.get('k', ['catalog'], load);
    await cache.get('k', ['catalog'], load);
    expect(reads()).toBe(2);
    cache.resume();
    await cache.get('k', ['catalog'], load);
    await cache.get('k', ['catalog'], load);
    expect(reads()).toBe(3);
  });
});
