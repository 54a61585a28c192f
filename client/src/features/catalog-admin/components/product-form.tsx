import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { AdminCategory, AdminProduct } from '../../../../../contracts/catalog-admin';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../console-kit/format';
import { FormError, QueryView, errorMessage, fieldErrors } from '../../console-kit/query-state';
import { useStaffRole } from '../../console-kit/staff-session-context';
import { useChangeProduct, useCreateProduct, useProductHistory, usePublishProduct, useUploadPicture, type ProductInput } from '../api/products';
import { useAdminCategories } from '../api/store';

const SIZES = ['S', 'M', 'L', 'XL', 'XXL'];

function readForm(form: HTMLFormElement): ProductInput {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  const oldPrice = text('old_price');
  return {
    name: text('name'),
    fullname: text('fullname') || undefined,
    category_id: Number(text('category_id')),
    price: Number(text('price')),
    old_price: oldPrice === '' ? null : Number(oldPrice),
    sizes: SIZES.filter((size) => data.get(`size-${size}`)),
    description: String(data.get('description') ?? ''),
    name_bn: text('name_bn') || null,
    description_bn: text('description_bn') || null,
    badge: text('badge') || null,
  };
}

/**
 * Every field the storefront shows: name, full name, category, price and old price, badge, sizes, description,
 * and the optional Bengali name and description that Bengali mode shows instead of the English ones.
 */
function ProductFields({ product, categories, errors, disabled }: { product?: AdminProduct; categories: AdminCategory[]; errors: Record<string, string>; disabled: boolean }) {
  const error = (field: string) => errors[field] && <p className="field__error">{errors[field]}</p>;
  return (
    <fieldset disabled={disabled} className="admin-product-fields">
      <label>
        Name
        <input name="name" required maxLength={150} defaultValue={product?.name} className="field__input" />
      </label>
      {error('name')}
      <label>
        Full name (product page title)
        <input name="fullname" maxLength={300} defaultValue={product?.fullname} className="field__input" />
      </label>
      {error('fullname')}
      <label>
        Category
        <select name="category_id" required defaultValue={product?.category_id ?? ''} className="field__input">
          <option value="" disabled>
            Choose…
          </option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.parent_id ? `– ${category.name}` : category.name}
            </option>
          ))}
        </select>
      </label>
      {error('category_id')}
      <label>
        Price (৳)
        <input name="price" type="number" min={1} step="0.01" required defaultValue={product?.price} className="field__input" />
      </label>
      {error('price')}
      <label>
        Old price (৳, shown struck through; empty for none)
        <input name="old_price" type="number" min={1} step="0.01" defaultValue={product?.old_price ?? ''} className="field__input" />
      </label>
      {error('old_price')}
      <label>
        Badge (e.g. New, Sale)
        <input name="badge" maxLength={30} defaultValue={product?.badge ?? ''} className="field__input" />
      </label>
      {error('badge')}
      <fieldset className="admin-sizes">
        <legend>Sizes</legend>
        {SIZES.map((size) => (
          <label key={size} className="admin-check">
            <input type="checkbox" name={`size-${size}`} defaultChecked={product ? product.sizes.includes(size) : size === 'M' || size === 'L'} /> {size}
          </label>
        ))}
      </fieldset>
      {error('sizes')}
      <label>
        Description (HTML: paragraphs, lists, bold; anything else is removed)
        <textarea name="description" rows={6} defaultValue={product?.description} className="field__input" />
      </label>
      {error('description')}
      <label>
        Bengali name (shown in Bengali mode; empty: the English name is shown)
        <input name="name_bn" lang="bn" maxLength={150} defaultValue={product?.name_bn ?? ''} className="field__input" />
      </label>
      {error('name_bn')}
      <label>
        Bengali description (same HTML as the description; empty: the English one is shown)
        <textarea name="description_bn" lang="bn" rows={4} defaultValue={product?.description_bn ?? ''} className="field__input" />
      </label>
      {error('description_bn')}
    </fieldset>
  );
}

export function NewProductForm() {
  const categories = useAdminCategories();
  const create = useCreateProduct();
  const navigate = useNavigate();
  const errors = fieldErrors(create.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.mutate(readForm(event.currentTarget), { onSuccess: (product) => navigate(`/admin/products/${product.id}`) });
  };
  return (
    <QueryView query={categories} what="Categories">
      {(answer) => (
        <form className="form card" onSubmit={submit} aria-label="New product">
          <ProductFields categories={answer.data} errors={errors} disabled={create.isPending} />
          <FormError error={create.error} fields={errors} />
          <button type="submit" className="button" disabled={create.isPending}>
            Create draft
          </button>
          <p className="muted">A new product is a draft: add pictures, then publish it.</p>
        </form>
      )}
    </QueryView>
  );
}

export function ProductEditor({ product }: { product: AdminProduct }) {
  const categories = useAdminCategories();
  const change = useChangeProduct(product.id);
  const publish = usePublishProduct(product.id);
  const role = useStaffRole();
  const readOnly = role !== 'admin';
  const errors = fieldErrors(change.error);
  const conflict = change.error instanceof ApiError && change.error.status === 409;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    change.mutate({ ...readForm(event.currentTarget), version: product.version });
  };
  return (
    <>
      <section className="card admin-product-head" aria-label="Status">
        <p>
          <span className={`admin-badge admin-badge--${product.status}`}>{product.status === 'draft' ? 'Draft' : 'Published'}</span>{' '}
          {product.status === 'published' && (
            <a href={`/product-details/${product.slug}`} target="_blank" rel="noreferrer">
              See it in the shop
            </a>
          )}{' '}
          <span className="muted">
            SKU {product.sku}
            {product.updated_at && ` · changed ${formatDateTime(product.updated_at)}${product.updated_by ? ` by ${product.updated_by}` : ''}`}
          </span>
        </p>
        {!readOnly && (
          <button type="button" className="button" disabled={publish.isPending} onClick={() => publish.mutate({ publish: product.status === 'draft' })}>
            {product.status === 'draft' ? 'Publish' : 'Unpublish'}
          </button>
        )}
        {publish.error && <p className="notice notice--error" role="alert">{errorMessage(publish.error)}</p>}
      </section>
      <Pictures product={product} readOnly={readOnly} />
      <QueryView query={categories} what="Categories">
        {(answer) => (
          <form className="form card" onSubmit={submit} aria-label="Product details" key={product.version}>
            <h2 className="section-title">Details</h2>
            <ProductFields product={product} categories={answer.data} errors={errors} disabled={readOnly || change.isPending} />
            {conflict ? (
              <p className="notice notice--error" role="alert">
                {errorMessage(change.error)}
              </p>
            ) : (
              <FormError error={change.error} fields={errors} />
            )}
            {change.isSuccess && !change.isPending && (
              <p className="notice" role="status">
                Saved.
              </p>
            )}
            {!readOnly && (
              <button type="submit" className="button" disabled={change.isPending}>
                Save changes
              </button>
            )}
          </form>
        )}
      </QueryView>
      <ProductHistory id={product.id} />
    </>
  );
}

/** The product's pictures in order, with previews: upload (JPEG, PNG, WebP up to 5 MB), move, remove. */
function Pictures({ product, readOnly }: { product: AdminProduct; readOnly: boolean }) {
  const upload = useUploadPicture(product.id);
  const change = useChangeProduct(product.id);
  const [preview, setPreview] = useState<string | null>(null);
  const order = (images: string[]) => change.mutate({ images, version: product.version });
  const urls = product.images.map((image) => image.img);
  const move = (index: number, by: number) => {
    const next = [...urls];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + by, 0, moved);
    order(next);
  };
  return (
    <section className="card" aria-labelledby="pictures-title">
      <h2 id="pictures-title" className="section-title">
        Pictures
      </h2>
      {product.images.length === 0 && <p className="muted">No picture yet: the shop shows a plain placeholder.</p>}
      <ol className="admin-pictures">
        {product.images.map((image, index) => (
          <li key={image.img}>
            <img src={image.card ?? image.thumb} alt={`${product.name}, ${index + 1} of ${product.images.length}`} width={120} height={120} />
            {!readOnly && (
              <span className="admin-pictures__actions">
                <button type="button" className="button button--secondary" disabled={index === 0 || change.isPending} onClick={() => move(index, -1)} aria-label={`Move picture ${index + 1} earlier`}>
                  ←
                </button>
                <button type="button" className="button button--secondary" disabled={index === urls.length - 1 || change.isPending} onClick={() => move(index, 1)} aria-label={`Move picture ${index + 1} later`}>
                  →
                </button>
                <button type="button" className="button button--secondary" disabled={change.isPending} onClick={() => order(urls.filter((url) => url !== image.img))} aria-label={`Remove picture ${index + 1}`}>
                  Remove
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
      {!readOnly && (
        <form
          aria-label="Upload a picture"
          onSubmit={(event) => {
            event.preventDefault();
            const input = event.currentTarget.elements.namedItem('image') as HTMLInputElement;
            const file = input.files?.[0];
            if (file) upload.mutate(file, { onSuccess: () => { input.value = ''; setPreview(null); } });
          }}
        >
          <label>
            Add a picture (JPEG, PNG or WebP, up to 5 MB)
            <input
              type="file"
              name="image"
              accept="image/jpeg,image/png,image/webp"
              className="field__input"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                setPreview(file ? URL.createObjectURL(file) : null);
              }}
            />
          </label>
          {preview && <img src={preview} alt="Preview of the file to upload" width={120} height={120} className="admin-thumb" />}
          <button type="submit" className="button" disabled={upload.isPending}>
            {upload.isPending ? 'Uploading…' : 'Upload'}
          </button>
          {upload.error && (
            <p className="notice notice--error" role="alert">
              {fieldErrors(upload.error).image ?? errorMessage(upload.error)}
            </p>
          )}
        </form>
      )}
      {change.error && <p className="notice notice--error" role="alert">{errorMessage(change.error)}</p>}
    </section>
  );
}

const EVENT_LABELS: Record<string, string> = {
  ProductCreated: 'Created',
  ProductDetailsChanged: 'Details changed',
  ProductPriceChanged: 'Price changed',
  ProductSizesChanged: 'Sizes changed',
  ProductImagesChanged: 'Pictures changed',
  ProductPublished: 'Published',
  ProductUnpublished: 'Unpublished',
};

/** Who changed what on the product, and when, from its events. */
export function ProductHistory({ id }: { id: number }) {
  const history = useProductHistory(id);
  return (
    <section className="card" aria-labelledby="history-title">
      <h2 id="history-title" className="section-title">
        History
      </h2>
      <QueryView query={history} what="History">
        {(answer) => (
          <ol className="admin-history">
            {[...answer.data].reverse().map((entry) => (
              <li key={entry.version}>
                <strong>{EVENT_LABELS[entry.type] ?? entry.type}</strong> · {formatDateTime(entry.at)} · {entry.by.name ?? entry.by.id} ({entry.by.role})
                {Object.keys(entry.changes).length > 0 && <code className="admin-history__changes">{describe(entry.changes)}</code>}
              </li>
            ))}
          </ol>
        )}
      </QueryView>
      <p>
        <Link to="/admin/products">Back to products</Link>
      </p>
    </section>
  );
}

function describe(changes: Record<string, unknown>): string {
  if ('previous_price' in changes) return `৳${String(changes.previous_price)} → ৳${String(changes.price)}${changes.old_price ? ` (old price ৳${String(changes.old_price)})` : ''}`;
  return JSON.stringify(changes);
}
