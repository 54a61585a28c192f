import { t } from '../../lib/i18n/locale';
import { useProductsByShop } from '../../features/catalog/api/get-products-by-shop';
import { CatalogPage, useListParams } from '../shop/catalog-page';

/** /shop: every product, paged, searchable. */
export function ShopRoute() {
  const { page, search } = useListParams();
  const query = useProductsByShop({ page, search });
  return <CatalogPage title={t('nav.shop')} crumbs={[{ label: t('nav.home'), to: '/' }, { label: t('nav.shop') }]} query={query} />;
}
