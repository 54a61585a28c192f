import { useParams } from 'react-router-dom';
import type { AdminProduct } from '../../../../../contracts/catalog-admin';
import { useStaffRole } from '../../../features/console-kit/staff-session-context';
import { useChangeStock } from '../../../features/stock/api/change-stock';
import { useProductStock } from '../../../features/stock/api/get-product-stock';
import { ProductStock } from '../../../features/stock/components/product-stock';
import { ConsolePage } from '../../../features/console-kit/console-layout';
import { QueryView } from '../../../features/console-kit/query-state';
import { useAdminProduct } from '../../../features/catalog-admin/api/products';
import { NewProductForm, ProductEditor } from '../../../features/catalog-admin/components/product-form';
import { ProductList } from '../../../features/catalog-admin/components/product-list';
import { CategoryTree, InfoPages, SettingsForm } from '../../../features/catalog-admin/components/store-settings';
import { StaffList } from '../../../features/staff-admin/components/staff-list';

export const ProductsRoute = () => <ConsolePage id="products" title="Products"><ProductList /></ConsolePage>;
/** A new product with its stock in one step: the draft is created, then each size's count received (inventory's events). */
export function NewProductRoute() {
  const change = useChangeStock();
  const receiveStock = async (product: AdminProduct, stock: Record<string, number>) => {
    for (const [size, quantity] of Object.entries(stock)) {
      await change.mutateAsync({ kind: 'receive', productId: product.id, size, quantity, note: 'first stock' });
    }
  };
  return (
    <ConsolePage id="new-product" title="New product">
      <NewProductForm receiveStock={receiveStock} />
    </ConsolePage>
  );
}

export function ProductRoute() {
  const id = Number(useParams().id);
  const product = useAdminProduct(Number.isInteger(id) ? id : 0);
  return (
    <ConsolePage id="product" title={product.data?.name ?? 'Product'}>
      <QueryView query={product} what="Product">
        {(answer) => <ProductWithStock product={answer} />}
      </QueryView>
    </ConsolePage>
  );
}

function ProductWithStock({ product }: { product: AdminProduct }) {
  const stock = useProductStock(product.id, product.sizes);
  const canChange = useStaffRole() === 'admin';
  return (
    <ProductEditor
      product={product}
      stock={{ total: stock.total, known: !stock.pending && !stock.error }}
      stockCard={<ProductStock productId={product.id} sizes={product.sizes} canChange={canChange} />}
    />
  );
}

export const CategoriesRoute = () => <ConsolePage id="categories" title="Categories"><CategoryTree /></ConsolePage>;
export const SettingsRoute = () => <ConsolePage id="settings" title="Store settings"><SettingsForm /></ConsolePage>;
export const InfoPagesRoute = () => <ConsolePage id="pages" title="Info pages"><InfoPages /></ConsolePage>;
export const StaffRoute = () => <ConsolePage id="staff" title="Staff"><StaffList /></ConsolePage>;
