import { t } from '../../lib/i18n/locale';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * Catches a page that throws while rendering, or whose code cannot be downloaded (common on flaky mobile
 * connections), and keeps header and footer usable. The layout keys it by path, so navigating resets it.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}

function RouteError() {
  return (
    <section className="status-page" aria-labelledby="route-error-title">
      <title>{t('routeError.title')}</title>
      <h1 id="route-error-title" className="status-page__title">
        {t('routeError.heading')}
      </h1>
      <p className="status-page__text">{t('routeError.text')}</p>
      <div className="status-page__actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </button>
        <Link to="/" className="button button--secondary">
          {t('routeError.home')}
        </Link>
      </div>
    </section>
  );
}
