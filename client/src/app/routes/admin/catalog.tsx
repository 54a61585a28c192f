import { useParams } from 'react-router-dom';
import { ConsolePage } from '../../../features/console-kit/console-layout';
import { QueryView } from '../../../features/console-kit/query-state';
import { useAdminProduct } from '../../../features/catalog-admin/api/products';
import { NewProductForm, ProductEditor } from '../../../features/catalog-admin/components/product-form';
import { ProductList } from '../../../features/catalog-admin/components/product-list';
import { CategoryTree, InfoPages, SettingsForm } from '../../../features/catalog-admin/components/store-settings';
import { StaffList } from '../../../features/staff-admin/components/staff-list';

export const ProductsRoute = () => <ConsolePage id="products" title="Products"><ProductList /></ConsolePage>;
export const NewProductRoute = () => <ConsolePage id="new-product" title="New product"><NewProductForm /></ConsolePage>;

export function ProductRoute() {
  const id = Number(useParams().id);
  const product = useAdminProduct(Number.isInteger(id) ? id : 0);
  return (
    <ConsolePage id="product" title={product.data?.name ?? 'Product'}>
      <QueryView query={product} what="Product">
        {(answer) => <ProductEditor product={answer} />}
      </QueryView>
    </ConsolePage>
  );
}

export const CategoriesRoute = () => <ConsolePage id="categories" title="Categories"><CategoryTree /></ConsolePage>;
export const SettingsRoute = () => <ConsolePage id="settings" title="Store settings"><SettingsForm /></ConsolePage>;
export const InfoPagesRoute = () => <ConsolePage id="pages" title="Info pages"><InfoPages /></ConsolePage>;
export const StaffRoute = () => <ConsolePage id="staff" title="Staff"><StaffList /></ConsolePage>;
