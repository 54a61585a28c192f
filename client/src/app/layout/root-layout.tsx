import { Suspense } from 'react';
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
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
      <BottomToolbar />
      <FeedbackHost />
    </>
  );
}

function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{t('layout.loading')}</span>
    </div>
  );
}
