import { useParams } from 'react-router-dom';
import { ConsolePage } from '../../../features/console-kit/console-layout';
import { QueryView } from '../../../features/console-kit/query-state';
import { useAdminProduct } from '../../../features/catalog-admin/api/products';
import { NewProductForm, ProductEditor } from '../../../features/catalog-admin/components/product-form';
import { ProductList } from '../../../features/catalog-admin/components/product-list';
import { CategoryTree, InfoPages, SettingsForm } from '../../../features/catalog-admin/components/store-settings';
import { StaffList } from '../../../features/staff-admin/components/staff-list';

export function ProductsRoute() {
  return (
    <ConsolePage id="products" title="Products">
      <ProductList />
    </ConsolePage>
  );
}

export function NewProductRoute() {
  return (
    <ConsolePage id="new-product" title="New product">
      <NewProductForm />
    </ConsolePage>
  );
}

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

export function CategoriesRoute() {
  return (
    <ConsolePage id="categories" title="Categories">
      <CategoryTree />
    </ConsolePage>
  );
}

export function SettingsRoute() {
  return (
    <ConsolePage id="settings" title="Store settings">
      <SettingsForm />
    </ConsolePage>
  );
}

export function InfoPagesRoute() {
  return (
    <ConsolePage id="pages" title="Info pages">
      <InfoPages />
    </ConsolePage>
  );
}

export function StaffRoute() {
  return (
    <ConsolePage id="staff" title="Staff">
      <StaffList />
    </ConsolePage>
  );
}
