import { resolve } from 'node:path';
import { measureRelevance, relevanceCases } from '../../bench/support/search-relevance';
import { useStaffApiStore } from '../support/api-store';

/**
 * Issue 32 (ADR 065): search that speaks like shoppers. The relevance set of bench/search-relevance.json
 * (Bengali and English queries and the demo products each must find on its first page), the owner's own
 * synonyms recorded as settings, and what the shop offers when a search finds nothing.
 */
describe('search relevance and synonyms (issue 32)', () => {
  const store = useStaffApiStore();
  const shop = async (search: string) => {
    const response = await store.call('GET', `/api/public/getProductsByShop?page=1&search=${encodeURIComponent(search)}`);
    expect(response.status).toBe(200);
    return response.body as { data: Array<{ slug: string; name: string }>; total: number };
  };

  it('finds every product of the relevance set on the first page of its query, in Bengali and English', async () => {
    const report = await measureRelevance(store.server.baseUrl, relevanceCases(resolve(__dirname, '../..')));
    expect(report.outcomes.filter((outcome) => !outcome.pass)).toEqual([]);
    expect(report.score).toBe(1);
    expect(report.cases).toBeGreaterThanOrEqual(30);
  });

  it('reads গেঞ্জি, টি-শার্ট and tshirt as the same t-shirts, and পোলো as polo, both ways', async () => {
    const ganji = await shop('গেঞ্জি');
    const tee = await shop('tee');
    const tshirt = await shop('tshirt');
    const bengali = await shop('টি-শার্ট');
    expect(ganji.total).toBe(tee.total);
    expect(tshirt.total).toBe(tee.total);
    expect(bengali.total).toBe(tee.total);
    // The Bengali-named products come first for a Bengali query.
    expect(ganji.data.slice(0, 5).map((card) => card.slug).sort()).toEqual(
      ['men-cricket-fever-tee', 'men-dhaka-rickshaw-art-tee', 'men-royal-bengal-tiger-tee', 'women-chai-time-tee', 'women-shapla-bloom-tee'],
    );
    const polo = await shop('পোলো');
    expect(polo.total).toBe(8);
    expect(polo.data.every((card) => /polo/i.test(card.name))).toBe(true);
    // Typos are still forgiven, and the header's suggestions read the synonyms too.
    expect((await shop('skylne')).data.map((card) => card.slug)).toEqual(['men-urban-skyline-tee']);
    const hits = await store.call('GET', `/api/public/search-products?q=${encodeURIComponent('পোলো')}&category_id=all`);
    expect((hits.body as { data: unknown[] }).data).toHaveLength(8);
  });

  it('lets the owner add synonyms in the settings, recorded as a SettingsChanged event with the admin as actor', async () => {
    expect((await shop('ফতুয়া')).total).toBe(0);
    const form = (await store.call('GET', '/api/admin/settings', store.tokens.admin)).body as { search_synonyms: string[][]; version: number };
    expect(form.search_synonyms.some((group) => group.includes('গেঞ্জি') && group.includes('tee'))).toBe(true);
    const saved = await store.call('PUT', '/api/admin/settings', store.tokens.admin, { search_synonyms: [...form.search_synonyms, ['ফতুয়া', 'henley']] });
    expect(saved.status).toBe(200);
    expect((saved.body as { search_synonyms: string[][] }).search_synonyms.at(-1)).toEqual(['ফতুয়া', 'henley']);
    for (const deadline = Date.now() + 10_000; (await shop('ফতুয়া')).total === 0 && Date.now() < deadline; ) await new Promise((done) => setTimeout(done, 50));
    expect((await shop('ফতুয়া')).data.map((card) => card.slug)).toEqual(['men-jersey-henley-polo-sand']);
    const rows: Array<{ data: { changed: string[] }; metadata: { actor: { role: string } } }> = await store.fixture.dataSource.query(
      `SELECT data, metadata FROM events WHERE stream_id = 'settings' AND type = 'SettingsChanged' ORDER BY global_position DESC LIMIT 1`,
    );
    expect(rows[0].data.changed).toEqual(['search_synonyms']);
    expect(rows[0].metadata.actor.role).toBe('admin');
  });

  it('refuses a group of one phrase with a message in the shopper\'s language', async () => {
    const refused = await store.call('PUT', '/api/admin/settings', store.tokens.admin, { search_synonyms: [['একা']] });
    expect(refused.status).toBe(422);
    // The code, which the console and storefront word in either language (contracts/error-messages*.ts).
    expect((refused.body as { fields: Record<string, string[]> }).fields['search_synonyms.0']).toEqual(['synonyms-invalid']);
  });

  it('suggests the closest words of the catalog when a search finds nothing', async () => {
    expect((await shop('pasly')).total).toBe(0);
    const suggested = await store.call('GET', '/api/public/search-suggestions?q=pasly');
    expect(suggested.status).toBe(200);
    expect((suggested.body as { data: string[] }).data[0]).toBe('paisley');
    expect((await shop('paisley')).data.map((card) => card.slug)).toEqual(['women-boho-paisley-tee']);
    const none = await store.call('GET', `/api/public/search-suggestions?q=${encodeURIComponent('হুডি')}`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ data: [] });
  });
});
