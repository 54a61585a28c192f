import { Link } from 'react-router-dom';
import { formatMoney } from '../../../lib/money';
import { removeFromWishlist, type WishlistItem } from '../wishlist-store';

/** Wishlist table (spec §2): Product, Price, Old Price, View Product, remove. */
export function WishlistTable({ items }: { items: WishlistItem[] }) {
  return (
    <table className="table table--stack">
      <caption className="visually-hidden">Products in your wishlist</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Price</th>
          <th scope="col">Old Price</th>
          <th scope="col">View Product</th>
          <th scope="col">
            <span className="visually-hidden">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id}>
            <td data-label="Product">
              <span className="wishlist-product">
                <img src={item.thumbnail} alt="" width={56} height={56} loading="lazy" />
                <span>{item.name}</span>
              </span>
            </td>
            <td data-label="Price">{formatMoney(item.price, item.currency)}</td>
            <td data-label="Old Price">{item.old_price !== null && Number(item.old_price) > 0 ? <del>{formatMoney(item.old_price, item.currency)}</del> : '—'}</td>
            <td data-label="View Product">
              <Link to={`/product-details/${item.slug}`} aria-label={`View ${item.name}`}>
                View Product
              </Link>
            </td>
            <td>
              <button type="button" className="link-button" onClick={() => removeFromWishlist(Number(item.id))} aria-label={`Remove ${item.name} from wishlist`}>
                Remove
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
