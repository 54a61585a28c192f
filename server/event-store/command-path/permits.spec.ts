import { Permits } from './permits';

describe('Permits', () => {
  it('lets `size` holders in at once and the next one in as soon as one leaves', async () => {
    const permits = new Permits(2);
    const first = await permits.acquire();
    await permits.acquire();
    let third = false;
    const waiting = permits.acquire().then((release) => {
      third = true;
      return release;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(third).toBe(false);
    first();
    first(); // a second release of the same permit changes nothing
    (await waiting)();
    expect(third).toBe(true);
  });
});
