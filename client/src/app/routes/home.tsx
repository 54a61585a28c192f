import { useTrendingProducts } from '../../features/catalog/api/get-trending-products';
import { ProductGrid } from '../../features/catalog/components/product-grid';
import { HeroSlider } from '../../features/home/components/hero-slider';
import { PromoBanners } from '../../features/home/components/promo-banners';
import { useSettingRow } from '../../features/settings/api/get-setting-row';
import { useProductActions } from '../shop/use-product-actions';

/** Home (spec §2): hero slider, Trending Products, two promo banners, quick view. */
export function HomeRoute() {
  const { data: setting } = useSettingRow();
  const { data: products, isPending } = useTrendingProducts();
  const { actions, quickView } = useProductActions();
  return (
    <>
      {setting?.name && <title>{setting.name}</title>}
      <h1 className="visually-hidden">{setting?.name ?? 'Home'}</h1>
      <HeroSlider />
      <div className="container">
        <section className="home-section" aria-labelledby="trending-title">
          <h2 id="trending-title" className="section-title">
            Trending Products
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
