import type { FormEvent, ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The console's one list component: filters kept in the address (so a care agent can share or reload a
 * search), a table that turns into cards on a phone, and paging. Orders, stock, coupons, events, projections
 * and brands are all lists of this kind.
 */

export interface Column<Row> {
  /** The column's heading; on a phone also the label shown beside each value. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned tabular figures. */
  numeric?: boolean;
  /** The heading is for screen readers only and the cells carry no label (a column of buttons). */
  hiddenHeader?: boolean;
  /** The cell names the row (`<th scope="row">`). */
  rowHeader?: boolean;
  className?: string;
}

interface ListTableProps<Row> {
  rows: readonly Row[];
  columns: ReadonlyArray<Column<Row>>;
  rowKey: (row: Row) => string;
  caption?: string;
  rowClassName?: (row: Row) => string | undefined;
  /** Rows as cards on narrow screens (default); off for short tables inside a card. */
  cards?: boolean;
  /** The table's classes, for a list shown outside the console's styles. */
  className?: string;
}

export function ListTable<Row>({ rows, columns, rowKey, caption, rowClassName, cards = true, className }: ListTableProps<Row>) {
  return (
    <table className={className ?? (cards ? 'admin-table admin-table--cards' : 'admin-table')}>
      {caption && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={column.numeric ? 'admin-num' : undefined}>
              {column.hiddenHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClassName?.(row)}>
            {columns.map((column) => {
              const Cell = column.rowHeader ? 'th' : 'td';
              const className = [column.numeric ? 'admin-num' : '', column.className ?? ''].join(' ').trim() || undefined;
              return (
                <Cell key={column.header} scope={column.rowHeader ? 'row' : undefined} data-label={column.hiddenHeader || !cards ? undefined : column.header} className={className}>
                  {column.cell(row)}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export type FilterField =
  | { name: string; label: string; type?: 'text' | 'tel' | 'search' | 'date' | 'datetime-local'; placeholder?: string }
  | { name: string; label: string; type: 'select'; options: ReadonlyArray<{ value: string; label: string }> }
  | { name: string; label: string; type: 'checkbox' };

/** A list's filters and page, read from and written to the address. */
export interface ListParams {
  values: Record<string, string>;
  page: number;
  /** Sets (or, with null, removes) some parameters and keeps the rest. */
  set(changes: Record<string, string | null>): void;
  /** Replaces every parameter: a new search starts at page 1. */
  replace(values: Record<string, string>): void;
  /** Changes with every parameter; forms use it as their key so their defaults follow the address. */
  version: string;
}

export function useListParams(names: readonly string[]): ListParams {
  const [params, setParams] = useSearchParams();
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = params.get(name);
    if (value) values[name] = value;
  }
  return {
    values,
    page: Math.max(1, Number(params.get('page')) || 1),
    set(changes) {
      const next = new URLSearchParams(params);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      setParams(next);
    },
    replace(values) {
      setParams(new URLSearchParams(Object.entries(values).filter(([, value]) => value !== '')));
    },
    version: params.toString(),
  };
}

interface FilterFormProps {
  /** The search landmark's name ("Filter orders"). */
  label: string;
  fields: readonly FilterField[];
  list: ListParams;
  submitLabel?: string;
  /** Offer a Clear button that drops every filter. */
  clearable?: boolean;
}

export function FilterForm({ label, fields, list, submitLabel = 'Search', clearable = true }: FilterFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: Record<string, string> = {};
    for (const field of fields) {
      const value = form.get(field.name);
      next[field.name] = field.type === 'checkbox' ? (value ? 'true' : '') : String(value ?? '').trim();
    }
    list.replace(next);
  };
  return (
    <form className="admin-filters" role="search" aria-label={label} onSubmit={submit} key={list.version}>
      {fields.map((field) => (
        <FilterInput key={field.name} field={field} value={list.values[field.name]} />
      ))}
      <div className="admin-filters__actions">
        <button type="submit" className="button">
          {submitLabel}
        </button>
        {clearable && (
          <button type="button" className="button button--secondary" onClick={() => list.replace({})}>
            Clear
          </button>
        )}
      </div>
    </form>
  );
}

function FilterInput({ field, value }: { field: FilterField; value: string | undefined }) {
  if (field.type === 'checkbox') {
    return (
      <label className="admin-check">
        <input name={field.name} type="checkbox" defaultChecked={value === 'true'} /> {field.label}
      </label>
    );
  }
  return (
    // A date-and-time box needs about 14rem; it gets a wider cell instead of spilling over its neighbour.
    <label className={field.type === 'datetime-local' ? 'admin-filters__wide' : undefined}>
      {field.label}
      {field.type === 'select' ? (
        <select name={field.name} defaultValue={value ?? ''} className="field__input">
          <option value="">Any</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          name={field.name}
          type={field.type ?? 'text'}
          inputMode={field.type === 'tel' ? 'tel' : undefined}
          defaultValue={value}
          placeholder={field.placeholder}
          className="field__input"
        />
      )}
    </label>
  );
}

/** Previous / next paging with the position in words; buttons, so the filters in the URL stay in charge. */
function Pager({ page, lastPage, total, onPage, label }: { page: number; lastPage: number; total: number; onPage: (page: number) => void; label: string }) {
  if (lastPage <= 1) return <p className="muted admin-pager__total">{total} {total === 1 ? 'result' : 'results'}</p>;
  return (
    <nav className="admin-pager" aria-label={label}>
      <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-live="polite">
        Page {page} of {lastPage} · {total} results
      </span>
      <button type="button" className="button button--secondary" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

/** The pager under a paged list, moving the list's `page` parameter. */
export function ListPager({ list, answer, label }: { list: ListParams; answer: { current_page: number; last_page: number; total: number }; label: string }) {
  return <Pager page={answer.current_page} lastPage={answer.last_page} total={answer.total} label={label} onPage={(page) => list.set({ page: String(page) })} />;
}
