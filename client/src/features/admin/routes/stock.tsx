import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useChangeStock } from '../api/change-stock';
import { useSkuStream } from '../api/get-sku-stream';
import { useStock, type StockRow } from '../api/get-stock';
import { EventList } from '../components/event-list';
import { Pager } from '../components/pager';
import { ErrorNotice, errorMessage, fieldErrors, Loading } from '../components/query-state';
import { useStaffRole } from '../components/staff-session-context';

/** Stock per product and size; admins receive and adjust; anyone on staff can read a SKU's stream. */
export function StockRoute() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const low = params.get('low') === 'true';
  const { data, isPending, isError, error } = useStock({ page, search, low });
  const role = useStaffRole();
  const [selected, setSelected] = useState<StockRow | null>(null);

  const filter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    const term = String(form.get('search') ?? '').trim();
    if (term) next.set('search', term);
    if (form.get('low')) next.set('low', 'true');
    setParams(next);
  };

  return (
    <section aria-labelledby="stock-title">
      <title>Stock · Operations</title>
      <h1 id="stock-title" className="page__title">
        Stock
      </h1>
      <form className="admin-filters" role="search" aria-label="Filter stock" onSubmit={filter} key={params.toString()}>
        <label>
          Product or SKU
          <input name="search" type="search" defaultValue={search} className="field__input" />
        </label>
        <label className="admin-check">
          <input name="low" type="checkbox" defaultChecked={low} /> Low stock only
        </label>
        <div className="admin-filters__actions">
          <button type="submit" className="button">
            Search
          </button>
        </div>
      </form>
      {selected && <SkuPanel row={selected} canChange={role === 'admin'} onClose={() => setSelected(null)} />}
      {isPending ? (
        <Loading label="Loading stock…" />
      ) : isError ? (
        <ErrorNotice error={error} what="Stock" />
      ) : data.data.length === 0 ? (
        <p className="notice">No stock matches.</p>
      ) : (
        <>
          <table className="admin-table admin-table--cards">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">SKU</th>
                <th scope="col">Size</th>
                <th scope="col" className="admin-num">
                  Available
                </th>
                <th scope="col" className="admin-num">
                  Reserved
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((row) => (
                <tr key={`${row.productId}-${row.size}`} className={row.available <= 3 ? 'admin-row--low' : undefined}>
                  <td data-label="Product">{row.name}</td>
                  <td data-label="SKU">{row.sku}</td>
                  <td data-label="Size">{row.size}</td>
                  <td data-label="Available" className="admin-num">
                    {row.available}
                  </td>
                  <td data-label="Reserved" className="admin-num">
                    {row.reserved}
                  </td>
                  <td>
                    <button type="button" className="button button--secondary" onClick={() => setSelected(row)} aria-label={`Open ${row.name} size ${row.size}`}>
                      {role === 'admin' ? 'Change / history' : 'History'}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            page={data.current_page}
            lastPage={data.last_page}
            total={data.total}
            label="Stock pages"
            onPage={(next) => {
              const copy = new URLSearchParams(params);
              copy.set('page', String(next));
              setParams(copy);
            }}
          />
        </>
      )}
    </section>
  );
}

function SkuPanel({ row, canChange, onClose }: { row: StockRow; canChange: boolean; onClose: () => void }) {
  const stream = useSkuStream(row.productId, row.size);
  return (
    <section className="card admin-sku" aria-labelledby="sku-title">
      <div className="admin-order-head">
        <h2 id="sku-title" className="section-title" tabIndex={-1} ref={(el) => el?.focus()}>
          {row.name} · {row.size} <span className="muted">({row.sku})</span>
        </h2>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
      </div>
      {canChange && (
        <div className="admin-actions__row">
          <StockForm row={row} kind="receive" />
          <StockForm row={row} kind="adjust" />
        </div>
      )}
      <h3>Stream</h3>
      {stream.isPending ? <Loading /> : stream.isError ? <ErrorNotice error={stream.error} what="Stream" /> : <EventList events={[...stream.data.data].reverse()} />}
    </section>
  );
}

function StockForm({ row, kind }: { row: StockRow; kind: 'receive' | 'adjust' }) {
  const change = useChangeStock();
  const errors = fieldErrors(change.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const amount = Number(data.get('amount'));
    const text = String(data.get('text') ?? '').trim();
    const done = { onSuccess: () => form.reset() };
    if (kind === 'receive') change.mutate({ kind, productId: row.productId, size: row.size, quantity: amount, note: text || undefined }, done);
    else change.mutate({ kind, productId: row.productId, size: row.size, delta: amount, reason: text }, done);
  };
  const receive = kind === 'receive';
  return (
    <form className="form admin-stock-form" onSubmit={submit} aria-label={receive ? 'Receive stock' : 'Adjust stock'}>
      <h3>{receive ? 'Receive' : 'Adjust'}</h3>
      <label>
        {receive ? 'Quantity received' : 'Change (+/−)'}
        <input name="amount" type="number" step={1} min={receive ? 1 : undefined} required className="field__input" />
      </label>
      {(errors.quantity || errors.delta) && <p className="field__error">{errors.quantity ?? errors.delta}</p>}
      <label>
        {receive ? 'Note (optional)' : 'Reason'}
        <input name="text" required={!receive} minLength={receive ? undefined : 3} className="field__input" />
      </label>
      {errors.reason && <p className="field__error">{errors.reason}</p>}
      {change.isError && !Object.keys(errors).length && (
        <p className="notice notice--error" role="alert">
          {errorMessage(change.error)}
        </p>
      )}
      {change.isSuccess && (
        <p className="notice" role="status">
          {change.data.message} Now {change.data.data.available} available.
        </p>
      )}
      <button type="submit" className="button" disabled={change.isPending}>
        {receive ? 'Receive' : 'Adjust'}
      </button>
    </form>
  );
}
