import { keepLandingSource, landingAttribution, LANDING_KEY } from './landing-source';

/** A fake window and document: the address the shopper landed on, the referrer, and localStorage as a Map. */
function landOn(url: string, referrer = '', storage = new Map<string, string>()) {
  const location = new URL(url);
  Object.assign(globalThis, {
    window: {
      location: { search: location.search, hostname: location.hostname },
      localStorage: { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => storage.set(key, value) },
    },
    document: { referrer },
  });
  keepLandingSource();
  return storage;
}

describe('the landing source kept for the order (issue 33)', () => {
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
    delete (globalThis as { document?: unknown }).document;
  });

  it('keeps the UTM parameters and that a Facebook click id was there, never its value', () => {
    const storage = landOn('https://shop.example.com/product-details/x?utm_source=facebook&utm_medium=social&utm_campaign=eid&fbclid=IwAR123', 'https://l.facebook.com/');
    expect(landingAttribution()).toEqual({ utm_source: 'facebook', utm_medium: 'social', utm_campaign: 'eid', fbclid: true, referrer: 'l.facebook.com' });
    expect(storage.get(LANDING_KEY)).not.toContain('IwAR123');
  });

  it('keeps a campaign over a later plain visit from a search engine, and forgets nothing on a page of the store itself', () => {
    const storage = landOn('https://shop.example.com/?utm_source=ig');
    landOn('https://shop.example.com/shop', 'https://www.google.com/', storage);
    landOn('https://shop.example.com/cart', 'https://shop.example.com/shop', storage);
    expect(landingAttribution()).toEqual({ utm_source: 'ig' });
    landOn('https://shop.example.com/?utm_source=newsletter', '', storage);
    expect(landingAttribution()).toEqual({ utm_source: 'newsletter' });
  });

  it('keeps nothing for a direct visit or bKash sending the shopper back, and drops what is over 30 days old', () => {
    landOn('https://shop.example.com/order-confirm', 'https://sandbox.payment.bka.sh/');
    expect(landingAttribution()).toBeUndefined();
    const storage = landOn('https://shop.example.com/', 'https://www.google.com/');
    expect(landingAttribution()).toEqual({ referrer: 'www.google.com' });
    storage.set(LANDING_KEY, JSON.stringify({ referrer: 'www.google.com', at: Date.now() - 31 * 24 * 3600 * 1000 }));
    expect(landingAttribution()).toBeUndefined();
    storage.set(LANDING_KEY, 'not json');
    expect(landingAttribution()).toBeUndefined();
  });
});
