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

// A new tab of someone signed in (a tracking link opened from an SMS, the console in a second tab): the cookie
// marker says a session may be open, and its token is fetched before the first render (ADR 066). A visitor who
// never signed in has no marker and costs no request.
const resumed = !getSessionToken() && document.cookie.includes('tb_session=1') ? import('./lib/session-resume').then((m) => m.resumeSession(), () => undefined) : null;

// A shopper who chose Bengali gets its catalog before the first render (no English flash); the boot shell
// stays painted meanwhile. English needs nothing: its catalog is in this bundle.
const language = storedLocale() === 'bn' ? setLocale('bn', { remember: false }) : null;
if (resumed || language) void Promise.all([resumed, language]).then(render, render);
else render();
