import { useTrendingProducts } from '../../features/catalog/api/get-trending-products';
import { ProductGrid } from '../../features/catalog/components/product-grid';
import { HeroSlider } from '../../features/home/components/hero-slider';
import { PromoBanners } from '../../features/home/components/promo-banners';
import { useSettingRow } from '../../features/settings/api/get-setting-row';
import { t, useMessages } from '../../lib/i18n/locale';
import { homeMessages } from '../../lib/i18n/messages/home';
import { useProductActions } from '../shop/use-product-actions';

/** Home (spec §2): hero slider, Trending Products, two promo banners, quick view. */
export function HomeRoute() {
  useMessages(homeMessages);
  const { data: setting } = useSettingRow();
  const { data: products, isPending } = useTrendingProducts();
  const { actions, quickView } = useProductActions();
  return (
    <>
      {setting?.name && <title>{setting.name}</title>}
      <h1 className="visually-hidden">{setting?.name ?? t('nav.home')}</h1>
      <HeroSlider />
      <div className="container">
        <section className="home-section" aria-labelledby="trending-title">
          <h2 id="trending-title" className="section-title">
            {t('home.trending')}
          </h2>
          <ProductGrid products={products} isPending={isPending} variant="home" actions={actions} />
        </section>
        <div className="home-section">
          <PromoBanners />
        </div>
      </div>
      {quickView}
    </>
  );
}
