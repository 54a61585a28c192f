import { t } from '../../lib/i18n/locale';
import { Link } from 'react-router-dom';

/** Any path the store does not know (spec §2: exact texts). */
export function NotFoundRoute() {
  return (
    <section className="status-page" aria-labelledby="not-found-title">
      <title>{t('notFound.title')}</title>
      <meta name="robots" content="noindex" />
      <h1 id="not-found-title" className="status-page__title">
        {t('notFound.heading')}
      </h1>
      <p className="status-page__text">{t('notFound.text')}</p>
      <div className="status-page__actions">
        <Link to="/" className="button">
          {t('notFound.home')}
        </Link>
      </div>
    </section>
  );
}
