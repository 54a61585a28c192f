import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { setLocale, storedLocale } from './lib/i18n/locale';
import { getSessionToken } from './lib/session';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
const render = () =>
  // A transition lets React render the first page in slices, yielding to the browser between them: on a slow
  // phone that keeps the page responsive (no long task) while the shell and the landing page mount.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });

// Issue 33: where the shopper landed from, kept for their order; loaded only when the address or the referrer says something.
if (window.location.search || document.referrer) void import('./features/checkout/landing-source').then((landing) => landing.keepLandingSource(), () => undefined);

// Before the first render, with the boot shell painted meanwhile:
// - a new tab of someone signed in (a tracking link opened from an SMS, the console in a second tab): the cookie
//   marker says a session may be open, and its token is fetched (ADR 066); a visitor who never signed in has no
//   marker and costs no request;
// - a shopper who chose Bengali gets its catalog (no English flash). English needs nothing: it is in this bundle.
void Promise.all([
  !getSessionToken() && document.cookie.includes('tb_session=1') && import('./lib/session-resume').then((m) => m.resumeSession()),
  storedLocale() === 'bn' && setLocale('bn', { remember: false }),
]).then(render, render);
