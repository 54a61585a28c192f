import { Link } from 'react-router-dom';
import { t } from '../../../lib/i18n/locale';

/** The two promo banners of the home page (spec §2). */
export function PromoBanners() {
  return (
    <section className="promos" aria-label={t('home.offers')}>
      <Link to="/product-category/men" className="promo promo--one">
        <span className="promo__kicker">{t('home.promo.men')}</span>
        <span className="promo__title">{t('home.promo.upTo', { percent: 25 })}</span>
        <span className="promo__cta">{t('home.promo.cta')}</span>
      </Link>
      <Link to="/product-category/women" className="promo promo--two">
        <span className="promo__kicker">{t('home.promo.women')}</span>
        <span className="promo__title">{t('home.promo.upTo', { percent: 35 })}</span>
        <span className="promo__cta">{t('home.promo.cta')}</span>
      </Link>
    </section>
  );
}
