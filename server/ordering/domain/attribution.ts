import type { OrderSource } from '../../../contracts/attribution';

/**
 * Where an order came from, as its `OrderPlaced` records it (issue 33): the channel decided at checkout and
 * the link's own words, so the dashboard's figures do not move when the rules below change.
 */
export interface OrderAttribution {
  source: Exclude<OrderSource, 'direct'>;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  /** The landing link carried Facebook's click id. */
  fbclid?: true;
  /** The host name of the site that linked to the store. */
  referrer?: string;
}

/** What the checkout was sent (already checked: short texts), before the channel is decided. */
export interface AttributionInput {
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  fbclid?: boolean;
  referrer?: string;
}

const FACEBOOK = /(^|[^a-z])(facebook|fb|messenger)([^a-z]|$)/;
const INSTAGRAM = /(^|[^a-z])(instagram|ig)([^a-z]|$)/;
const SEARCH_ENGINES = /(^|[^a-z])(google|bing|yahoo|duckduckgo|yandex|baidu|ecosia|brave|search)([^a-z]|$)/;
const FACEBOOK_HOSTS = /(^|\.)(facebook\.com|fb\.com|fb\.me|messenger\.com)$/;
const INSTAGRAM_HOSTS = /(^|\.)instagram\.com$/;
const SEARCH_HOSTS = /(^|\.)(google\.[a-z.]+|bing\.com|search\.yahoo\.com|duckduckgo\.com|yandex\.[a-z.]+|baidu\.com|ecosia\.org|search\.brave\.com)$/;

/**
 * The channel: the link's `utm_source` first (facebook, fb, instagram, ig, google ... as Meta's and others'
 * tools write it), then Facebook's click id, then the referring site's host; with none of them, direct. A named source none of these know is
 * `other`. Pure: the same input always gives the same channel.
 */
export function orderSourceOf(input: AttributionInput): OrderSource {
  const source = input.utmSource?.toLowerCase().trim() ?? '';
  if (source) {
    if (INSTAGRAM.test(source)) return 'instagram';
    if (FACEBOOK.test(source)) return 'facebook';
    if (SEARCH_ENGINES.test(source)) return 'search';
    return 'other';
  }
  if (input.fbclid) return 'facebook';
  const host = input.referrer?.toLowerCase().trim() ?? '';
  if (host) {
    if (INSTAGRAM_HOSTS.test(host)) return 'instagram';
    if (FACEBOOK_HOSTS.test(host)) return 'facebook';
    if (SEARCH_HOSTS.test(host)) return 'search';
    return 'other';
  }
  return 'direct';
}

/** The attribution an order records: nothing for a direct visit, so such orders keep the shape they always had. */
export function orderAttribution(input: AttributionInput | undefined): OrderAttribution | null {
  if (!input) return null;
  const source = orderSourceOf(input);
  if (source === 'direct') return null;
  return {
    source,
    ...(input.utmSource ? { utmSource: input.utmSource } : {}),
    ...(input.utmMedium ? { utmMedium: input.utmMedium } : {}),
    ...(input.utmCampaign ? { utmCampaign: input.utmCampaign } : {}),
    ...(input.fbclid ? { fbclid: true as const } : {}),
    ...(input.referrer ? { referrer: input.referrer } : {}),
  };
}
