import { Link, useNavigate, useParams } from 'react-router-dom';
import { Loader } from '../../../components/ui/spinner';
import { useBrandList } from '../../../features/brands/api/get-brand-list';
import { useBrandRow } from '../../../features/brands/api/get-brand-row';
import { BrandForm } from '../../../features/brands/components/brand-form';
import { BrandTable } from '../../../features/brands/components/brand-table';

// Brand screens for admins (spec §2), at the storefront's addresses and in its page frame; the server's
// /brands/* calls are admin only, so anyone else sees the failure as text.
function BrandPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="container page">
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      <h1 className="page__title">{title}</h1>
      {children}
    </div>
  );
}

const Unavailable = () => <p className="notice notice--error">The brand list could not be loaded.</p>;

export function BrandListRoute() {
  const { data, isPending, isError } = useBrandList();
  return (
    <BrandPage title="Brands">
      <p>
        <Link to="/add-brand" className="button">
          Add Brand
        </Link>
      </p>
      {isPending ? <Loader /> : isError ? <Unavailable /> : <BrandTable brands={data ?? []} />}
    </BrandPage>
  );
}

export function AddBrandRoute() {
  const navigate = useNavigate();
  return (
    <BrandPage title="Add Brand">
      <BrandForm onSaved={() => navigate('/brand-list')} />
    </BrandPage>
  );
}

export function EditBrandRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, isPending, isError } = useBrandRow(id);
  return (
    <BrandPage title="Edit Brand">{isPending ? <Loader /> : isError || !data ? <Unavailable /> : <BrandForm brand={data} onSaved={() => navigate('/brand-list')} />}</BrandPage>
  );
}
