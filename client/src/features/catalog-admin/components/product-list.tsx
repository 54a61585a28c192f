import { Link } from 'react-router-dom';
import type { AdminProduct } from '../../../../../contracts/catalog-admin';
import { formatTaka } from '../../console-kit/format';
import { FilterForm, ListPager, ListTable, useListParams, type Column, type FilterField } from '../../console-kit/list-table';
import { QueryView } from '../../console-kit/query-state';
import { useStaffRole } from '../../console-kit/staff-session-context';
import { useAdminProducts } from '../api/products';
import { useAdminCategories } from '../api/store';
import { categoryOptions } from './category-label';

/** Products with drafts: search, filter by category and status, 20 a page; admins open one to edit it. */
export function ProductList() {
  const list = useListParams(['search', 'category', 'status']);
  const products = useAdminProducts({ page: list.page, ...list.values });
  const categories = useAdminCategories();
  const role = useStaffRole();
  const categoryName = new Map(categoryOptions(categories.data?.data ?? []).map((option) => [Number(option.value), option.label]));
  const filters: FilterField[] = [
    { name: 'search', label: 'Name or SKU', type: 'search' },
    {
      name: 'category',
      label: 'Category',
      type: 'select',
      options: categoryOptions(categories.data?.data ?? []),
    },
    { name: 'status', label: 'Status', type: 'select', options: [{ value: 'draft', label: 'Draft' }, { value: 'published', label: 'Published' }] },
  ];
  const columns: Array<Column<AdminProduct>> = [
    { header: 'Picture', hiddenHeader: true, cell: (row) => (row.thumbnail ? <img src={row.images[0]?.thumb ?? row.thumbnail} alt="" width={48} height={48} className="admin-thumb" /> : null) },
    { header: 'Product', cell: (row) => <Link to={`/admin/products/${row.id}`}>{row.name}</Link> },
    { header: 'SKU', cell: (row) => row.sku },
    { header: 'Category', cell: (row) => categoryName.get(row.category_id) ?? row.category_id },
    { header: 'Price', numeric: true, cell: (row) => (row.old_price ? <>{formatTaka(row.price)} <s className="muted">{formatTaka(row.old_price)}</s></> : formatTaka(row.price)) },
    { header: 'Sizes', cell: (row) => row.sizes.join(' ') },
    { header: 'Status', cell: (row) => <span className={`admin-badge admin-badge--${row.status}`}>{row.status === 'draft' ? 'Draft' : 'Published'}</span> },
  ];
  return (
    <>
      {role === 'admin' && (
        <p>
          <Link to="/admin/products/new" className="button">
            New product
          </Link>
        </p>
      )}
      <FilterForm key={String(categories.isSuccess)} label="Filter products" fields={filters} list={list} />
      <QueryView query={products} loading="Loading products…" what="Products" empty={{ when: (answer) => answer.data.length === 0, text: 'No product matches.' }}>
        {(answer) => (
          <>
            <ListTable rows={answer.data} columns={columns} rowKey={(row) => String(row.id)} />
            <ListPager list={list} answer={answer} label="Product pages" />
          </>
        )}
      </QueryView>
    </>
  );
}
