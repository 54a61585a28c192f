import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { setLocale, storedLocale } from './lib/i18n/locale';
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

// A shopper who chose Bengali gets its catalog before the first render (no English flash); the boot shell
// stays painted meanwhile. English needs nothing: its catalog is in this bundle.
if (storedLocale() === 'bn') void setLocale('bn', { remember: false }).then(render, render);
else render();
