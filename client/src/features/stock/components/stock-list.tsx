import { useState } from 'react';
import type { StockRow } from '../../../../../contracts/stock';
import { FilterForm, ListPager, ListTable, useListParams, type Column, type FilterField } from '../../console-kit/list-table';
import { DetailPanel, FormError, QueryView, fieldErrors, submitTo } from '../../console-kit/query-state';
import { useStaffRole } from '../../console-kit/staff-session-context';
import { useChangeStock, type StockChange } from '../api/change-stock';
import { useStock } from '../api/get-stock';
import { StockHistory } from './stock-history';

const FILTERS: FilterField[] = [
  { name: 'search', label: 'Product or SKU', type: 'search' },
  { name: 'low', label: 'Low stock only', type: 'checkbox' },
];

/** Stock per product and size; admins receive and adjust; anyone on staff can read a size's stock history. */
export function StockList() {
  const list = useListParams(['search', 'low']);
  const stock = useStock({ page: list.page, search: list.values.search ?? '', low: list.values.low === 'true' });
  const role = useStaffRole();
  const [selected, setSelected] = useState<StockRow | null>(null);
  const columns: Array<Column<StockRow>> = [
    { header: 'Product', cell: (row) => row.name },
    { header: 'SKU', cell: (row) => row.sku },
    { header: 'Size', cell: (row) => row.size },
    { header: 'Available', numeric: true, cell: (row) => row.available },
    { header: 'Reserved', numeric: true, cell: (row) => row.reserved },
    {
      header: 'Actions',
      hiddenHeader: true,
      cell: (row) => (
        <button type="button" className="button button--secondary" onClick={() => setSelected(row)} aria-label={`Open ${row.name} size ${row.size}`}>
          {role === 'admin' ? 'Change / history' : 'History'}
        </button>
      ),
    },
  ];

  return (
    <>
      <FilterForm label="Filter stock" fields={FILTERS} list={list} clearable={false} />
      {selected && <SkuPanel row={selected} canChange={role === 'admin'} onClose={() => setSelected(null)} />}
      <QueryView query={stock} loading="Loading stock…" what="Stock" empty={{ when: (answer) => answer.data.length === 0, text: 'No stock matches.' }}>
        {(answer) => (
          <>
            <ListTable rows={answer.data} columns={columns} rowKey={(row) => `${row.productId}-${row.size}`} rowClassName={(row) => (row.available <= 3 ? 'admin-row--low' : undefined)} />
            <ListPager list={list} answer={answer} label="Stock pages" />
          </>
        )}
      </QueryView>
    </>
  );
}

function SkuPanel({ row, canChange, onClose }: { row: StockRow; canChange: boolean; onClose: () => void }) {
  const title = (
    <>
      {row.name} · size {row.size} <span className="muted">({row.sku})</span>
    </>
  );
  return (
    <DetailPanel id="sku-title" title={title} onClose={onClose}>
      {canChange && (
        <div className="admin-actions__row">
          <StockForm sku={row} kind="receive" />
          <StockForm sku={row} kind="adjust" />
        </div>
      )}
      <h3>History</h3>
      <StockHistory productId={row.productId} size={row.size} />
    </DetailPanel>
  );
}

/** Receive or adjust one size's stock; the list, the product's stock and the history refresh after it. */
export function StockForm({ sku: row, kind }: { sku: { productId: number; size: string }; kind: 'receive' | 'adjust' }) {
  const change = useChangeStock();
  const errors = fieldErrors(change.error);
  const submit = submitTo(change.mutate, (data): StockChange => {
    const amount = Number(data.get('amount'));
    const text = String(data.get('text') ?? '').trim();
    return kind === 'receive'
      ? { kind, productId: row.productId, size: row.size, quantity: amount, note: text || undefined }
      : { kind, productId: row.productId, size: row.size, delta: amount, reason: text };
  });
  const receive = kind === 'receive';
  return (
    <form className="form admin-stock-form" onSubmit={submit} aria-label={`${receive ? 'Receive stock' : 'Adjust stock'} in size ${row.size}`}>
      <h3>{receive ? 'Receive' : 'Correct the count'}</h3>
      <label>
        {receive ? 'Quantity received' : 'Add or take off (e.g. -2)'}
        <input name="amount" type="number" step={1} min={receive ? 1 : undefined} required className="field__input" />
      </label>
      {(errors.quantity || errors.delta) && <p className="field__error">{errors.quantity ?? errors.delta}</p>}
      <label>
        {receive ? 'Note (optional, e.g. new batch)' : 'Reason (e.g. damaged, recount)'}
        <input name="text" required={!receive} minLength={receive ? undefined : 3} className="field__input" />
      </label>
      {errors.reason && <p className="field__error">{errors.reason}</p>}
      <FormError error={change.error} fields={errors} />
      {change.isSuccess && (
        <p className="notice" role="status">
          {receive ? 'Received' : 'Changed'}: now {change.data.data.available} available in size {row.size}.
        </p>
      )}
      <button type="submit" className="button" disabled={change.isPending}>
        {receive ? 'Receive' : 'Adjust'}
      </button>
    </form>
  );
}
