import { useProductsByShop } from '../../features/catalog/api/get-products-by-shop';
import { CatalogPage, useListParams } from '../shop/catalog-page';

/** /shop: every product, paged, searchable. */
export function ShopRoute() {
  const { page, search } = useListParams();
  const query = useProductsByShop({ page, search });
  return <CatalogPage title="Shop" crumbs={[{ label: 'Home', to: '/' }, { label: 'Shop' }]} query={query} />;
}
