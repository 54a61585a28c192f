import { Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { FeedbackHost } from '../../components/feedback/feedback-host';
import { t } from '../../lib/i18n/locale';
import { RouteErrorBoundary } from '../routes/route-error';
import { BottomToolbar } from './bottom-toolbar';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useScrollToTop } from './use-scroll-to-top';
import './layout.css';

export function RootLayout() {
  const { pathname } = useLocation();
  useScrollToTop();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('layout.skip')}
      </a>
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
            <PageTakenOver />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
      <BottomToolbar />
      <FeedbackHost />
    </>
  );
}

/**
 * Marks `<html data-ready>` once the page in the address is the app's: after a server-rendered page is hydrated
 * (its controls work from then on), or after a page rendered in the browser is shown. Tests and the slow-phone
 * benchmark wait for it (issue 33). A layout effect: it runs in the commit that hydrated the routed page, not in a
 * later task after the browser painted, as a passive effect of a hydration would.
 */
function PageTakenOver() {
  useLayoutEffect(() => {
    document.documentElement.dataset.ready = '1';
  }, []);
  return null;
}

function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{t('layout.loading')}</span>
    </div>
  );
}
