/** English texts of the dashboard's orders by source (issue 33); Bengali in sources.bn.ts. */
export const sourcesEn = {
  'sources.title': 'Orders by source',
  'sources.intro': 'Orders placed in the shop in these days, by where the shopper came from (links with utm_source, Facebook clicks, the referring site).',
  'sources.source': 'Source',
  'sources.orders': 'Orders',
  'sources.revenue': 'Revenue',
  'sources.facebook': 'Facebook',
  'sources.instagram': 'Instagram',
  'sources.search': 'Search engines',
  'sources.direct': 'Direct',
  'sources.other': 'Other sites and links',
};
