import { Link } from 'react-router-dom';

/** The two promo banners of the home page (spec §2). */
export function PromoBanners() {
  return (
    <section className="promos" aria-label="Offers">
      <Link to="/product-category/men" className="promo promo--one">
        <span className="promo__kicker">Men&apos;s Collection</span>
        <span className="promo__title">Up to 25% Off</span>
        <span className="promo__cta">Shop now →</span>
      </Link>
      <Link to="/product-category/women" className="promo promo--two">
        <span className="promo__kicker">Women&apos;s Collection</span>
        <span className="promo__title">Up to 35% Off</span>
        <span className="promo__cta">Shop now →</span>
      </Link>
    </section>
  );
}
