import { Link } from 'react-router-dom';

/** Any path the store does not know (spec §2: exact texts). */
export function NotFoundRoute() {
  return (
    <section className="status-page" aria-labelledby="not-found-title">
      <title>Page not found</title>
      <meta name="robots" content="noindex" />
      <h1 id="not-found-title" className="status-page__title">
        Oops! The page you are looking for doesn't exist.
      </h1>
      <p className="status-page__text">It might have been moved or deleted.</p>
      <div className="status-page__actions">
        <Link to="/" className="button">
          Go Back to Home
        </Link>
      </div>
    </section>
  );
}
