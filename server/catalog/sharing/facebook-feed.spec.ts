import { feedCsv, feedItems, feedPrice, feedXml, xmlText, type FeedProduct } from './facebook-feed';
import { htmlToPlainText } from './plain-text';
import { robotsTxt, sitemapXml } from './sitemap';
import { StoreLinks } from './store-links';

const links = new StoreLinks('https://shop.example.com/');
const product: FeedProduct = {
  id: 7,
  slug: 'eid-tee',
  sku: 'TB-007',
  name: 'Eid "Moon", Tee',
  fullname: 'Eid Moon T-shirt',
  pricePaisa: 75_000,
  oldPricePaisa: 90_000,
  descriptionHtml: '<p>Soft&nbsp;cotton &amp; ink</p><ul><li>180 GSM</li><li>Regular fit</li></ul>',
  picture: '/uploads/products/abc-zoom.webp',
  category: 'Men',
  sizes: [
    { size: 'M', available: 3 },
    { size: 'L', available: 0 },
  ],
};

describe('the catalogue feed (issue 33)', () => {
  it('writes prices as Meta reads them', () => {
    expect(feedPrice(75_000)).toBe('750.00 BDT');
    expect(feedPrice(5)).toBe('0.05 BDT');
  });

  it('makes one item per size, the old price as price and today\'s as sale_price', () => {
    const items = feedItems([product], links, 'Tee Bazaar');
    expect(items).toEqual([
      expect.objectContaining({ id: 'TB-007-M', item_group_id: 'TB-007', size: 'M', availability: 'in stock', price: '900.00 BDT', sale_price: '750.00 BDT' }),
      expect.objectContaining({ id: 'TB-007-L', item_group_id: 'TB-007', size: 'L', availability: 'out of stock' }),
    ]);
    expect(items[0]).toMatchObject({
      description: 'Soft cotton & ink 180 GSM Regular fit',
      link: 'https://shop.example.com/product-details/eid-tee',
      image_link: 'https://shop.example.com/uploads/products/abc-zoom.webp',
      condition: 'new',
      brand: 'Tee Bazaar',
    });
    expect(feedItems([{ ...product, oldPricePaisa: null }], links, 'Tee Bazaar')[0]).toMatchObject({ price: '750.00 BDT', sale_price: '' });
  });

  it('quotes CSV fields with commas and quotes, and escapes XML', () => {
    const csv = feedCsv(feedItems([product], links, 'Tee Bazaar'));
    expect(csv.split('\r\n')[1]).toContain(',"Eid ""Moon"", Tee",');
    expect(xmlText('a < b & "c" \u0001')).toBe('a &lt; b &amp; &quot;c&quot; ');
    const xml = feedXml(feedItems([product], links, 'Tee Bazaar'), { title: 'T & B', link: 'https://shop.example.com/', description: 'd' });
    expect(xml).toContain('<g:title>Eid &quot;Moon&quot;, Tee</g:title>');
    expect(xml).toContain('<title>T &amp; B</title>');
    // An empty sale_price is left out of the item rather than sent empty.
    expect(feedXml(feedItems([{ ...product, oldPricePaisa: null }], links, 'x'), { title: 't', link: 'l', description: 'd' })).not.toContain('sale_price');
  });

  it('reads HTML as text: entities decoded, tags gone, long text cut', () => {
    expect(htmlToPlainText('<p>A&#39;s <b>bold</b></p><p>B&#x27;s</p><script>x()</script>')).toBe("A's bold B's");
    expect(htmlToPlainText(`<p>${'x'.repeat(50)}</p>`, 10)).toBe('xxxxxxxxx…');
  });

  it('lists each page in both languages in the sitemap, and names it in robots.txt', () => {
    const xml = sitemapXml([{ path: '/about', lastModified: '2026-11-27' }], links);
    expect(xml).toContain('<loc>https://shop.example.com/about</loc>');
    expect(xml).toContain('<loc>https://shop.example.com/about?lang=bn</loc>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="bn" href="https://shop.example.com/about?lang=bn"/>');
    expect(robotsTxt(links)).toMatch(/\nSitemap: https:\/\/shop\.example\.com\/sitemap\.xml\n$/);
  });
});
