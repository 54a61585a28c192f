import { Link } from 'react-router-dom';
import { ListTable, type Column } from '../../console-kit/list-table';
import type { Brand } from '../api/brands-keys';
import { useDeleteBrand } from '../api/delete-brand';

/** Brand list: name, description, status, edit and delete. */
export function BrandTable({ brands }: { brands: Brand[] }) {
  const remove = useDeleteBrand();
  const columns: Array<Column<Brand>> = [
    { header: 'Name', cell: (brand) => brand.name },
    { header: 'Description', cell: (brand) => brand.description },
    { header: 'Status', cell: (brand) => (Number(brand.status) === 1 ? 'Active' : 'Inactive') },
    {
      header: 'Action',
      cell: (brand) => (
        <>
          <Link to={`/edit-brand/${brand.id}`}>Edit</Link>{' '}
          <button type="button" className="link-button" onClick={() => remove.mutate(brand.id)} aria-label={`Delete ${brand.name}`}>
            Delete
          </button>
        </>
      ),
    },
  ];
  if (brands.length === 0) return <p>No brands yet.</p>;
  // The brand screens use the storefront's page frame, so the storefront's stacked table style.
  return <ListTable rows={brands} columns={columns} rowKey={(brand) => String(brand.id)} className="table table--stack" />;
}
