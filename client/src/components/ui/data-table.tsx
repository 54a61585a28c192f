import type { Key, ReactNode } from 'react';

/**
 * The shop's tables (cart, wishlist, orders history, order lines, draw winners): headings, then a row per
 * item. A stacked table (`table table--stack`, the default) becomes one card per row on a phone, each value
 * labelled with its column's heading through `data-label`, so a heading and its label cannot drift apart.
 * The console's lists use features/console-kit/list-table.tsx, which stays out of the shop's bundle.
 */

export interface DataTableColumn<Row> {
  /** The column's heading; in a stacked table also the label shown beside each value on a phone. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** The heading is for screen readers only and the cells carry no label (a column of buttons). */
  hiddenHeader?: boolean;
}

interface DataTableProps<Row> {
  rows: readonly Row[];
  columns: ReadonlyArray<DataTableColumn<Row>>;
  rowKey: (row: Row, index: number) => Key;
  /** For screen readers only. */
  caption?: string;
  /** Classes added to `table table--stack`, or the table's only classes when it is not stacked. */
  className?: string;
  /** Off for a table that keeps its columns on a phone (and so needs no value labels). */
  stack?: boolean;
  /** Rows for a `<tfoot>`. */
  footer?: ReactNode;
}

export function DataTable<Row>({ rows, columns, rowKey, caption, className, stack = true, footer }: DataTableProps<Row>) {
  return (
    <table className={stack ? `table table--stack${className ? ` ${className}` : ''}` : className}>
      {caption && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col">
              {column.hiddenHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, rowIndex) => (
          <tr key={rowKey(row, rowIndex)}>
            {columns.map((column, index) => (
              <td key={index} data-label={stack && !column.hiddenHeader ? column.header : undefined}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {footer && <tfoot>{footer}</tfoot>}
    </table>
  );
}
