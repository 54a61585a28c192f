import { useId } from 'react';
import { Link } from 'react-router-dom';
import { CloseButton, Modal } from '../../../components/ui/modal';
import { formatMoney } from '../../../lib/money';
import { formatNumber, t, useMessages } from '../../../lib/i18n/locale';
import { productName } from '../../../lib/i18n/product-text';
import { cartMessages } from '../../../lib/i18n/messages/cart';
import { cartSubtotal, removeLine, saveCart, useCart } from '../cart-store';
import './cart.css';

/** The header's mini cart drawer (spec §2): lines with thumbnail, name, size, price, qty, Remove; totals; links. */
export function MiniCart({ open, onClose, currency }: { open: boolean; onClose: () => void; currency?: string | null }) {
  useMessages(cartMessages);
  const lines = useCart();
  const titleId = useId();
  const subtotal = cartSubtotal(lines);
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} variant="drawer-right" className="mini-cart">
      <CloseButton onClick={onClose} label={t('miniCart.close')} />
      <h2 id={titleId} className="modal__title">
        {t('cartPage.heading')}
      </h2>
      {lines.length === 0 ? (
        <p className="mini-cart__empty">{t('cartPage.empty')}</p>
      ) : (
        <ul className="mini-cart__lines">
          {lines.map((line) => (
            <li key={`${line.id}-${line.size}`} className="mini-cart__line">
              <img src={line.thumbnail} alt="" width={64} height={64} loading="lazy" />
              <div>
                <Link to={`/product-details/${line.slug}`} onClick={onClose} className="mini-cart__name">
                  {productName(line)}
                </Link>
                <p>{t('miniCart.size', { size: line.size })}</p>
                <p>
                  {formatMoney(line.price, line.currency ?? currency)} · {t('miniCart.qty', { qty: formatNumber(line.qty) })}
                </p>
                <button type="button" className="link-button" onClick={() => saveCart(removeLine(lines, line.id, line.size))} aria-label={t('cartPage.removeLine', { name: productName(line), size: line.size })}>
                  {t('cartPage.remove')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <dl className="mini-cart__totals">
        <div>
          <dt>{t('miniCart.subTotal')}</dt>
          <dd>{formatMoney(subtotal, currency)}</dd>
        </div>
        <div>
          <dt>{t('cartPage.total')}</dt>
          <dd>{formatMoney(subtotal, currency)}</dd>
        </div>
      </dl>
      <div className="mini-cart__actions">
        <Link to="/cart" className="button button--secondary" onClick={onClose}>
          {t('miniCart.viewCart')}
        </Link>
        <Link to="/checkout" className="button" onClick={onClose}>
          {t('miniCart.checkout')}
        </Link>
      </div>
    </Modal>
  );
}
