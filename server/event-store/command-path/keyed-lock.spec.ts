import { KeyedLock } from './keyed-lock';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('KeyedLock', () => {
  it('runs holders of one key one after another, in arrival order', async () => {
    const lock = new KeyedLock();
    const order: string[] = [];
    const run = async (name: string) => {
      const release = await lock.acquire(['sku-1-M']);
      order.push(`${name} in`);
      await tick();
      order.push(`${name} out`);
      release();
    };
    await Promise.all([run('a'), run('b'), run('c')]);
    expect(order).toEqual(['a in', 'a out', 'b in', 'b out', 'c in', 'c out']);
    expect(lock.size).toBe(0);
  });

  it('lets holders of different keys run side by side', async () => {
    const lock = new KeyedLock();
    const first = await lock.acquire(['sku-1-M']);
    const second = await Promise.race([lock.acquire(['sku-2-M']), tick().then(() => null)]);
    expect(second).not.toBeNull();
    first();
    second!();
  });

  it('never deadlocks two holders asking for the same keys in opposite order', async () => {
    const lock = new KeyedLock();
    const hold = async (keys: string[]) => {
      const release = await lock.acquire(keys);
      await tick();
      release();
      return true;
    };
    await expect(Promise.all([hold(['a', 'b']), hold(['b', 'a']), hold(['b', 'c', 'a'])])).resolves.toEqual([true, true, true]);
  });
});
