/**
 * Where an order came from (issue 33): the channels the console's dashboard counts orders and revenue by.
 * `direct`: nothing said where the shopper came from (a typed address, a bookmark, an app that sends no
 * referrer); `other`: a named source or another site that is none of the others.
 */
export const ORDER_SOURCES = ['facebook', 'instagram', 'search', 'direct', 'other'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/**
 * What the storefront keeps from the page a shopper landed on and sends with `confirm-order` as `attribution`
 * (every field optional): the UTM parameters of the link, whether it carried Facebook's click id (`fbclid`,
 * never its value), and the host name of the site that linked to the store.
 */
export interface LandingAttribution {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  fbclid?: boolean;
  referrer?: string;
}
