import { Link } from 'react-router-dom';
import type { Brand } from '../api/brands-keys';
import { useDeleteBrand } from '../api/delete-brand';

/** Brand list: name, description, status, edit and delete. */
export function BrandTable({ brands }: { brands: Brand[] }) {
  const remove = useDeleteBrand();
  if (brands.length === 0) return <p>No brands yet.</p>;
  return (
    <table className="table table--stack">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Description</th>
          <th scope="col">Status</th>
          <th scope="col">Action</th>
        </tr>
      </thead>
      <tbody>
        {brands.map((brand) => (
          <tr key={brand.id}>
            <td data-label="Name">{brand.name}</td>
            <td data-label="Description">{brand.description}</td>
            <td data-label="Status">{Number(brand.status) === 1 ? 'Active' : 'Inactive'}</td>
            <td data-label="Action">
              <Link to={`/edit-brand/${brand.id}`}>Edit</Link>{' '}
              <button type="button" className="link-button" onClick={() => remove.mutate(brand.id)} aria-label={`Delete ${brand.name}`}>
                Delete
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
