import { orderAttribution, orderSourceOf } from './attribution';

describe('where an order came from (issue 33)', () => {
  it.each([
    [{ utmSource: 'facebook' }, 'facebook'],
    [{ utmSource: 'FB', utmMedium: 'paid' }, 'facebook'],
    [{ utmSource: 'm.facebook.com' }, 'facebook'],
    [{ utmSource: 'instagram' }, 'instagram'],
    [{ utmSource: 'ig', fbclid: true }, 'instagram'],
    [{ utmSource: 'google', utmMedium: 'cpc' }, 'search'],
    [{ utmSource: 'newsletter' }, 'other'],
    [{ utmSource: 'fbadsnetwork' }, 'other'],
    [{ fbclid: true }, 'facebook'],
    [{ referrer: 'l.facebook.com' }, 'facebook'],
    [{ referrer: 'www.instagram.com' }, 'instagram'],
    [{ referrer: 'www.google.com.bd' }, 'search'],
    [{ referrer: 'duckduckgo.com' }, 'search'],
    [{ referrer: 'notfacebook.com' }, 'other'],
    [{ referrer: 'blog.example.org' }, 'other'],
    [{}, 'direct'],
  ] as const)('reads %j as %s', (input, source) => {
    expect(orderSourceOf(input)).toBe(source);
  });

  it('records the channel with the link\'s words, and nothing for a direct visit', () => {
    expect(orderAttribution({ utmSource: 'facebook', utmMedium: 'social', utmCampaign: 'eid', fbclid: true })).toEqual({
      source: 'facebook', utmSource: 'facebook', utmMedium: 'social', utmCampaign: 'eid', fbclid: true,
    });
    expect(orderAttribution({ referrer: 'www.google.com' })).toEqual({ source: 'search', referrer: 'www.google.com' });
    expect(orderAttribution({})).toBeNull();
    expect(orderAttribution(undefined)).toBeNull();
  });
});
