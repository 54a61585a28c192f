import { Link } from 'react-router-dom';
import { useSettingRow } from '../../features/settings/api/get-setting-row';
import './home.css';

/** Placeholder home page: store name and description from the settings, and the way into the shop. */
export function HomeRoute() {
  const { data: setting, isPending, isError, refetch, isFetching } = useSettingRow();

  if (isPending) {
    return (
      <section className="home-hero" aria-busy="true" aria-labelledby="home-title">
        <h1 id="home-title" className="home-hero__title">
          <span className="skeleton skeleton--title" aria-hidden="true" />
          <span className="visually-hidden">Loading the store…</span>
        </h1>
        <p className="home-hero__text" aria-hidden="true">
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line skeleton--short" />
        </p>
        <div className="home-hero__actions">
          <ShopLink />
        </div>
      </section>
    );
  }

  if (isError) {
    return (
      <section className="home-hero" aria-labelledby="home-title">
        <h1 id="home-title" className="home-hero__title">
          Welcome
        </h1>
        <div className="notice notice--error" role="alert">
          <p>We could not load the store information. Check your internet connection and try again.</p>
          <button type="button" className="button button--secondary" onClick={() => void refetch()} disabled={isFetching}>
            {isFetching ? 'Trying again…' : 'Try again'}
          </button>
        </div>
        <div className="home-hero__actions">
          <ShopLink />
        </div>
      </section>
    );
  }

  return (
    <section className="home-hero" aria-labelledby="home-title">
      <title>{setting.name}</title>
      <h1 id="home-title" className="home-hero__title">
        {setting.name}
      </h1>
      {setting.description && <p className="home-hero__text">{setting.description}</p>}
      <div className="home-hero__actions">
        <ShopLink />
      </div>
    </section>
  );
}

function ShopLink() {
  return (
    <Link to="/shop" className="button button--large">
      Shop the collection
    </Link>
  );
}
