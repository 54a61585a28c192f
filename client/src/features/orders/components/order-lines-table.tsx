import { Link } from 'react-router-dom';
import { formatMoney } from '../../../lib/money';
import type { OrderLine } from '../types';

/** Order lines: Item, Quantity, Price, Total (line total is qty × price). A footer may follow. */
export function OrderLinesTable({ lines, currency, footer }: { lines: OrderLine[]; currency?: string | null; footer?: React.ReactNode }) {
  return (
    <table className="table table--stack order-lines">
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Quantity</th>
          <th scope="col">Price</th>
          <th scope="col">Total</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          <tr key={`${line.id}-${line.size}-${index}`}>
            <td data-label="Item">
              <Link to={`/product-details/${line.slug}`} className="order-lines__item">
                <img src={line.thumbnail} alt="" width={48} height={48} loading="lazy" />
                <span>
                  {line.productName ?? line.name} <span className="muted">(Size {line.size})</span>
                </span>
              </Link>
            </td>
            <td data-label="Quantity">{line.qty}</td>
            <td data-label="Price">{formatMoney(line.price, currency)}</td>
            <td data-label="Total">{formatMoney(line.qty * line.price, currency)}</td>
          </tr>
        ))}
      </tbody>
      {footer && <tfoot>{footer}</tfoot>}
    </table>
  );
}
