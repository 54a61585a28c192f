import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { AdminCategory, AdminProduct, ProductHistoryEntry } from '../../../../../contracts/catalog-admin';
import { ApiError } from '../../../lib/api-client';
import { actorWords } from '../../console-kit/actor-words';
import { RichTextField } from '../../console-kit/rich-text-field';
import { shopDateTime } from '../../console-kit/shop-time';
import { FormError, QueryView, errorMessage, fieldErrors } from '../../console-kit/query-state';
import { useStaffRole } from '../../console-kit/staff-session-context';
import { useChangeProduct, useCreateProduct, useProductHistory, usePublishProduct, useUploadPicture, type ProductInput } from '../api/products';
import { useAdminCategories } from '../api/store';
import { categoryOptions } from './category-label';

const SIZES = ['S', 'M', 'L', 'XL', 'XXL'];

/** An editor left empty still holds a <br> or an empty paragraph: that is no text. */
const hasText = (html: string) => html.replace(/<[^>]*>|&nbsp;/g, '').trim() !== '';

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
    description_bn: hasText(text('description_bn')) ? text('description_bn') : null,
    badge: text('badge') || null,
    badge_bn: text('badge_bn') || null,
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
          {categoryOptions(categories).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
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
      <label>
        Badge in Bengali (e.g. নতুন; empty: the English badge is shown)
        <input name="badge_bn" lang="bn" maxLength={30} defaultValue={product?.badge_bn ?? ''} className="field__input" />
      </label>
      {error('badge_bn')}
      <fieldset className="admin-sizes">
        <legend>{product ? 'Sizes' : 'Sizes and stock'}</legend>
        {!product && <span className="admin-hint">Tick each size it comes in and say how many you have: they are received into stock when the draft is created.</span>}
        <div className="admin-size-rows">
          {SIZES.map((size) => (
            <div key={size} className="admin-size-row">
              <label className="admin-check">
                <input type="checkbox" name={`size-${size}`} defaultChecked={product ? product.sizes.includes(size) : size === 'M' || size === 'L'} /> {size}
              </label>
              {!product && (
                <label className="admin-check">
                  In stock
                  <input name={`stock-${size}`} type="number" min={0} step={1} inputMode="numeric" placeholder="0" className="field__input" aria-label={`Stock in size ${size}`} />
                </label>
              )}
            </div>
          ))}
        </div>
      </fieldset>
      {error('sizes')}
      <RichTextField name="description" label="Description" hint="Shown on the product page. Paragraphs, lists, bold and italic; anything else is removed on save." defaultValue={product?.description ?? ''} disabled={disabled} />
      {error('description')}
      <label>
        Bengali name (shown in Bengali mode; empty: the English name is shown)
        <input name="name_bn" lang="bn" maxLength={150} defaultValue={product?.name_bn ?? ''} className="field__input" />
      </label>
      {error('name_bn')}
      <RichTextField name="description_bn" label="Bengali description" hint="Shown in Bengali mode; left empty, the English description is shown." lang="bn" defaultValue={product?.description_bn ?? ''} disabled={disabled} />
      {error('description_bn')}
    </fieldset>
  );
}

/** The stock typed beside each ticked size of the new-product form (sizes left empty or at 0 are not received). */
function readStock(form: HTMLFormElement, sizes: readonly string[]): Record<string, number> {
  const data = new FormData(form);
  const stock: Record<string, number> = {};
  for (const size of sizes) {
    const quantity = Number(String(data.get(`stock-${size}`) ?? '').trim() || 0);
    if (Number.isInteger(quantity) && quantity > 0) stock[size] = quantity;
  }
  return stock;
}

/**
 * A new product in one step: its details, the sizes it comes in and how many of each are in hand. The draft is
 * created, then `receiveStock` (the page's, through the stock feature) receives each size's count into stock.
 */
export function NewProductForm({ receiveStock }: { receiveStock: (product: AdminProduct, stock: Record<string, number>) => Promise<void> }) {
  const categories = useAdminCategories();
  const create = useCreateProduct();
  const navigate = useNavigate();
  const [stockError, setStockError] = useState<string | null>(null);
  const [receiving, setReceiving] = useState(false);
  const errors = fieldErrors(create.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = readForm(event.currentTarget);
    const stock = readStock(event.currentTarget, input.sizes);
    setStockError(null);
    create.mutate(input, {
      onSuccess: async (product) => {
        setReceiving(true);
        try {
          await receiveStock(product, stock);
          navigate(`/admin/products/${product.id}`);
        } catch (error) {
          setStockError(`The draft was created, but its stock was not all received: ${errorMessage(error)} Open the product to receive it.`);
        } finally {
          setReceiving(false);
        }
      },
    });
  };
  return (
    <QueryView query={categories} what="Categories">
      {(answer) => (
        <form className="form card" onSubmit={submit} aria-label="New product">
          <ProductFields categories={answer.data} errors={errors} disabled={create.isPending} />
          <FormError error={create.error} fields={errors} />
          {stockError && (
            <p className="notice notice--error" role="alert">
              {stockError}
            </p>
          )}
          <button type="submit" className="button" disabled={create.isPending || receiving}>
            {receiving ? 'Receiving stock…' : 'Create draft'}
          </button>
          <p className="muted">A new product is a draft: add pictures, then publish it.</p>
        </form>
      )}
    </QueryView>
  );
}

/**
 * A product's console page. `stock` is what the page knows of its stock (through the stock feature): with
 * nothing in stock, Publish asks first, since the shop would show every size sold out. `stockCard` shows it.
 */
export function ProductEditor({ product, stock, stockCard }: { product: AdminProduct; stock: { total: number; known: boolean }; stockCard?: ReactNode }) {
  const categories = useAdminCategories();
  const change = useChangeProduct(product.id);
  const publish = usePublishProduct(product.id);
  const [confirming, setConfirming] = useState(false);
  const draft = product.status === 'draft';
  const onPublish = () => {
    if (draft && stock.known && stock.total === 0 && !confirming) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    publish.mutate({ publish: draft });
  };
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
            {product.updated_at && ` · changed ${shopDateTime(product.updated_at)}${product.updated_by ? ` by ${product.updated_by}` : ''}`}
          </span>
        </p>
        {!readOnly && (
          <button type="button" className="button" disabled={publish.isPending || confirming} onClick={onPublish}>
            {draft ? 'Publish' : 'Unpublish'}
          </button>
        )}
        {confirming && (
          <div className="admin-confirm" role="alertdialog" aria-labelledby="no-stock-title">
            <p id="no-stock-title">
              <strong>Nothing of this product is in stock.</strong> The shop will show every size as sold out and nobody can buy it. Receive its stock below first?
            </p>
            <p className="admin-actions__row">
              <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
                Add stock first
              </button>
              <button type="button" className="button" onClick={onPublish}>
                Publish anyway
              </button>
            </p>
          </div>
        )}
        {publish.error && <p className="notice notice--error" role="alert">{errorMessage(publish.error)}</p>}
      </section>
      {stockCard}
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

const FIELD_WORDS: Record<string, string> = {
  name: 'name',
  fullname: 'full name',
  categoryId: 'category',
  descriptionHtml: 'description',
  badge: 'badge',
  nameBn: 'Bengali name',
  descriptionBnHtml: 'Bengali description',
  slug: 'web address',
  sku: 'SKU',
};

const taka = (value: unknown) => (value === null || value === undefined ? 'none' : `৳${String(value)}`);
const quoted = (value: unknown) => (value === null || value === undefined || value === '' ? 'none' : `“${String(value)}”`);

/**
 * One history entry as the owner says it: "price ৳750 → ৳690 by Nadia, 27 Nov 2026, 14:05". Never the event's
 * name, its version or raw data (those stay on the System pages); long texts are named, not shown.
 */
export function historyWords(entry: ProductHistoryEntry, categoryName: (id: unknown) => string): string {
  const changes = entry.changes as Record<string, unknown>;
  let what: string;
  switch (entry.type) {
    case 'ProductCreated':
      what = `created as a draft at ${taka(changes.price)}${Array.isArray(changes.sizes) ? `, sizes ${changes.sizes.join(' ')}` : ''}`;
      break;
    case 'ProductPriceChanged': {
      const old = changes.old_price !== changes.previous_old_price ? `; old price ${taka(changes.previous_old_price)} → ${taka(changes.old_price)}` : '';
      what = `price ${taka(changes.previous_price)} → ${taka(changes.price)}${old}`;
      break;
    }
    case 'ProductDetailsChanged': {
      const after = (changes.changes ?? {}) as Record<string, unknown>;
      const before = (changes.previous ?? {}) as Record<string, unknown>;
      const parts = Object.keys(after).map((field) => {
        const words = FIELD_WORDS[field] ?? field;
        if (field === 'descriptionHtml' || field === 'descriptionBnHtml') return `${words} rewritten`;
        if (field === 'categoryId') return `category ${categoryName(before[field])} → ${categoryName(after[field])}`;
        return `${words} ${quoted(before[field])} → ${quoted(after[field])}`;
      });
      what = parts.length ? parts.join('; ') : 'details saved';
      break;
    }
    case 'ProductSizesChanged':
      what = `sizes ${Array.isArray(changes.previous) ? changes.previous.join(' ') : ''} → ${Array.isArray(changes.sizes) ? changes.sizes.join(' ') : ''}`;
      break;
    case 'ProductImagesChanged':
      what = `pictures: ${String(changes.previous)} → ${String(changes.images)}`;
      break;
    case 'ProductPublished':
      what = 'published in the shop';
      break;
    case 'ProductUnpublished':
      what = 'taken out of the shop';
      break;
    default:
      what = 'changed';
  }
  return `${what.charAt(0).toUpperCase()}${what.slice(1)} by ${actorWords(entry.by)}, ${shopDateTime(entry.at)}`;
}

/** Who changed what on the product, and when, newest first. */
export function ProductHistory({ id }: { id: number }) {
  const history = useProductHistory(id);
  const categories = useAdminCategories();
  const labels = new Map(categoryOptions(categories.data?.data ?? []).map((option) => [option.value, option.label]));
  const categoryName = (value: unknown) => labels.get(String(value)) ?? 'another category';
  return (
    <section className="card" aria-labelledby="history-title">
      <h2 id="history-title" className="section-title">
        History
      </h2>
      <QueryView query={history} what="History">
        {(answer) => (
          <ol className="admin-history" aria-label="Product history">
            {[...answer.data].reverse().map((entry) => (
              <li key={entry.version}>{historyWords(entry, categoryName)}</li>
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
