import { Link } from 'react-router-dom';
import { QuantityInput } from '../../../components/ui/quantity-input';
import { formatMoney } from '../../../lib/money';
import { lineTotal, removeLine, saveCart, setLineQty, type CartLine } from '../cart-store';
import './cart.css';

/** Cart lines (spec §2 Cart): remove, product, size, price, quantity (minimum 1), line total. */
export function CartTable({ lines, currency }: { lines: CartLine[]; currency?: string | null }) {
  return (
    <table className="table table--stack cart-table">
      <caption className="visually-hidden">Products in your cart</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">Remove</span>
          </th>
          <th scope="col">Product</th>
          <th scope="col">Size</th>
          <th scope="col">Price</th>
          <th scope="col">Quantity</th>
          <th scope="col">Total</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={`${line.id}-${line.size}`}>
            <td>
              <button type="button" className="cart-table__remove" aria-label={`Remove ${line.name} (size ${line.size})`} onClick={() => saveCart(removeLine(lines, line.id, line.size))}>
                <span aria-hidden="true">✕</span>
              </button>
            </td>
            <td data-label="Product">
              <Link to={`/product-details/${line.slug}`} className="cart-table__product">
                <img src={line.thumbnail} alt="" width={56} height={56} loading="lazy" />
                <span>{line.name}</span>
              </Link>
            </td>
            <td data-label="Size">{line.size}</td>
            <td data-label="Price">{formatMoney(line.price, line.currency ?? currency)}</td>
            <td data-label="Quantity">
              <QuantityInput label={`Quantity of ${line.name}`} value={line.qty} onChange={(qty) => saveCart(setLineQty(lines, line.id, line.size, qty))} />
            </td>
            <td data-label="Total">{formatMoney(lineTotal(line), line.currency ?? currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
