import type { LandingAttribution } from '../../../../contracts/attribution';

/**
 * Where a shopper landed from, kept until they order (issue 33, ADR 064): the link's UTM parameters, whether it
 * carried Facebook's click id (never its value), and the host of the site that linked here. A chunk of its own
 * (not under lib/, which goes into the shared chunk every page downloads), loaded by main.tsx only when the
 * address has a query or the page a referrer, so the pages' first JavaScript does not grow. Stored in localStorage for 30 days: a link tapped in Facebook today and an order placed from a
 * bookmark tomorrow still count for Facebook.
 */
export const LANDING_KEY = 'landing-source';
const KEEP_MS = 30 * 24 * 3600 * 1000;
const UTM = ['utm_source', 'utm_medium', 'utm_campaign'] as const;
/** Sites that send the shopper back to the store without being where they came from (bKash's pages). */
const PASSING_THROUGH = /(^|\.)(bka\.sh|bkash\.com)$/;

type Stored = LandingAttribution & { at: number };

/**
 * A landing link with UTM parameters or a click id replaces what was kept; a referring site alone is kept only
 * when nothing is, so a later visit through a search engine does not hide the campaign that brought the shopper.
 */
export function keepLandingSource(): void {
  try {
    const params = new URLSearchParams(window.location.search);
    const found: Stored = { at: Date.now() };
    for (const name of UTM) {
      const value = params.get(name)?.trim().slice(0, 200);
      if (value) found[name] = value;
    }
    if (params.get('fbclid')) found.fbclid = true;
    const tagged = Object.keys(found).length > 1;
    const host = document.referrer ? new URL(document.referrer).hostname.toLowerCase() : '';
    if (host && host !== window.location.hostname && !PASSING_THROUGH.test(host)) found.referrer = host;
    if (Object.keys(found).length === 1 || (!tagged && landingAttribution())) return;
    window.localStorage.setItem(LANDING_KEY, JSON.stringify(found));
  } catch {
    // No storage (a private mode) or a referrer that is no URL: the order just counts as direct.
  }
}

/** What was kept and is not older than 30 days, as confirm-order's `attribution` takes it; else nothing. */
export function landingAttribution(): LandingAttribution | undefined {
  try {
    const stored = JSON.parse(window.localStorage.getItem(LANDING_KEY) ?? 'null') as Partial<Stored> | null;
    if (!stored || typeof stored !== 'object' || typeof stored.at !== 'number' || Date.now() - stored.at > KEEP_MS) return undefined;
    const kept: LandingAttribution = {};
    for (const name of UTM) if (typeof stored[name] === 'string') kept[name] = stored[name].slice(0, 200);
    if (stored.fbclid === true) kept.fbclid = true;
    if (typeof stored.referrer === 'string' && /^[a-z0-9.-]{1,253}$/.test(stored.referrer)) kept.referrer = stored.referrer;
    return Object.keys(kept).length > 0 ? kept : undefined;
  } catch {
    return undefined;
  }
}
