import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { DehydratedState } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { App, prefetchLandingData } from './app/app';
import { createQueryClient } from './lib/query-client';
import { primeLocale, setLocale, storedLocale, type Locale } from './lib/i18n/locale';
import { getSessionToken } from './lib/session';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** What the server rendered the first HTML from (issue 33): its language, its Bengali texts, its data. */
interface FirstPage {
  locale: Locale;
  texts: Record<string, string>;
  queries: DehydratedState;
}

function firstPage(): FirstPage | null {
  const script = document.getElementById('tb-first-page');
  if (!script?.textContent) return null;
  try {
    const page = JSON.parse(script.textContent) as Partial<FirstPage>;
    // A page the server answered 404 (an unknown product) carries no data: it is rendered here again.
    return page.locale && page.queries ? (page as FirstPage) : null;
  } catch {
    return null;
  }
}

/** A new tab of someone signed in: the cookie marker says a session may be open, and its token is fetched. */
function resumeSessionIfMarked(): Promise<void> | false {
  return !getSessionToken() && document.cookie.includes('tb_session=1') && import('./lib/session-resume').then((m) => m.resumeSession());
}

const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <App queryClient={queryClient} Router={BrowserRouter} />
  </StrictMode>
);
const served = firstPage();
const locale = storedLocale();

if (served && served.locale === locale && container.hasChildNodes()) {
  // The server's HTML is the page: React takes it over with the same texts and the same data (the server's
  // dehydrated query cache), so nothing is fetched again and nothing on screen changes. The data is as fresh as
  // the page (rendered from the current read models, or from a copy dropped when they moved), so it counts as
  // fetched now. (setQueryData, which the bundle has already, rather than `hydrate`, which would add ~1 KB.)
  primeLocale(served.locale, served.texts);
  for (const query of served.queries.queries) {
    if (query.state.status === 'success') queryClient.setQueryData(query.queryKey, query.state.data, { updatedAt: Date.now() });
  }
  void prefetchLandingData(queryClient, window.location);
  hydrateRoot(container, app);
  // The server's pages are the public ones, the same signed in or not: a session is resumed beside them (ADR 066).
  void resumeSessionIfMarked();
} else {
  // No server HTML for this page (or it was rendered in the other language): the landing page's data is asked
  // for while the code downloads, and the app renders in the browser.
  void prefetchLandingData(queryClient, window.location);
  const root = createRoot(container);
  // A transition lets React render the first page in slices, yielding to the browser between them: on a slow
  // phone that keeps the page responsive (no long task) while the shell and the landing page mount.
  const render = () => startTransition(() => root.render(app));
  // Before the first render, with the boot shell painted meanwhile:
  // - a new tab of someone signed in (a tracking link opened from an SMS, the console in a second tab): the
  //   cookie marker says a session may be open, and its token is fetched (ADR 066); a visitor who never signed
  //   in has no marker and costs no request;
  // - a shopper who chose Bengali gets its catalog (no English flash). English needs nothing: it is in this bundle.
  void Promise.all([resumeSessionIfMarked(), locale === 'bn' && setLocale('bn', { remember: false })]).then(render, render);
}

// Issue 33: where the shopper landed from, kept for their order; loaded only when the address or the referrer says something.
if (window.location.search || document.referrer) void import('./features/checkout/landing-source').then((landing) => landing.keepLandingSource(), () => undefined);
