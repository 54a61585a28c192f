import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { showAlert, showToast } from '../../../components/feedback/feedback-store';
import { ApiError } from '../../../lib/api-client';
import { phoneDigits } from '../../../lib/digits';
import { formatMoney } from '../../../lib/money';
import { randomKey } from '../../../lib/random-key';
import { useApplyCoupon } from '../api/apply-coupon';
import { useConfirmOrder, type ConfirmOrderRequest } from '../api/confirm-order';
import { checkoutTotals, firstCheckoutProblem, type CheckoutFields } from '../checkout-validation';
import { clearCoupon, saveCoupon, useStoredCoupon } from '../coupon-store';
import './checkout.css';

const BkashQr = lazy(() => import('./bkash-qr').then((m) => ({ default: m.BkashQr })));

export type CheckoutLine = ConfirmOrderRequest['cart'][number] & { currency?: string | null };

export interface CheckoutStore {
  currency: string | null | undefined;
  insideDhaka: number;
  outsideDhaka: number;
  bkashNumber: string | null | undefined;
}

/**
 * Checkout (spec §2, §5, §8): cart review, contact, shipping zone, payment (cash or bKash with QR, sender
 * number and transaction id), discount code, totals, Confirm Order. One Idempotency-Key per attempt,
 * reused when the customer retries after a failure, so a lost answer never makes two orders.
 */
export function CheckoutForm({
  lines,
  store,
  couponOffer,
  email,
  onPlaced,
}: {
  lines: CheckoutLine[];
  store: CheckoutStore;
  couponOffer: unknown;
  email?: string;
  onPlaced: (orderId: string, phone: string) => void;
}) {
  const [fields, setFields] = useState<CheckoutFields>({ name: '', phone: '', address: '', shipping_phone: '', paymentMethod: 'cash', bkash_number: '', transaction_id: '' });
  const [zone, setZone] = useState<'inside' | 'outside'>('inside');
  const [couponCode, setCouponCode] = useState('');
  const [idempotencyKey] = useState(() => randomKey('order'));
  const coupon = useStoredCoupon();
  const applyCoupon = useApplyCoupon();
  const confirmOrder = useConfirmOrder();
  const form = useRef<HTMLFormElement>(null);

  const subtotal = lines.reduce((sum, line) => sum + line.price * line.qty, 0);
  const shipping = zone === 'inside' ? store.insideDhaka : store.outsideDhaka;
  const totals = checkoutTotals(subtotal, coupon?.discountPercent ?? 0, shipping);
  const money = (amount: number) => formatMoney(amount, store.currency);
  const set = <K extends keyof CheckoutFields>(key: K, value: CheckoutFields[K]) => setFields((f) => ({ ...f, [key]: value }));

  async function submitCoupon() {
    const code = couponCode.trim();
    if (!code) return;
    try {
      const answer = await applyCoupon.mutateAsync({ couponCode: code, phone: fields.phone || undefined });
      const percent = Number(answer.discount) || 0;
      const applied = checkoutTotals(subtotal, percent, shipping);
      saveCoupon({ discountPercent: percent, discountAmount: applied.discount, grandTotal: applied.grandTotal, subtotal, couponCode: answer.coupon_code ?? code });
      showToast({ kind: 'success', title: answer.message ?? 'Coupon applied successfully.' });
    } catch (error) {
      const text = error instanceof ApiError ? (error.isNetworkError ? 'Something went wrong. Please try again.' : (error.serverMessage ?? 'Coupon error.')) : 'Something went wrong. Please try again.';
      await showAlert({ kind: 'error', title: 'Coupon error', text });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = firstCheckoutProblem(fields, lines.length);
    if (problem) {
      await showAlert({ kind: 'warning', title: problem.title, text: problem.text });
      if (problem.field !== 'cart') form.current?.querySelector<HTMLElement>(`[name="${problem.field}"]`)?.focus();
      return;
    }
    const body: ConfirmOrderRequest = {
      cart: lines.map(({ id, name, size, price, slug, qty, thumbnail, coupon_code }) => ({ id, name, size, price, slug, qty, thumbnail, ...(coupon_code ? { coupon_code } : {}) })),
      coupon: coupon ?? null,
      couponoffer: couponOffer ?? null,
      data: {
        name: fields.name.trim(),
        email: email ?? '',
        phone: fields.phone,
        address: fields.address.trim(),
        shipping_phone: fields.shipping_phone,
        devliery_charge: shipping,
        bkash_number: fields.paymentMethod === 'bkash' ? fields.bkash_number : '',
        transaction_id: fields.paymentMethod === 'bkash' ? fields.transaction_id.trim() : '',
        paymentMethod: fields.paymentMethod,
      },
    };
    try {
      const answer = await confirmOrder.mutateAsync({ body, idempotencyKey });
      if (!answer?.success || !answer.order_id) {
        await showAlert({ kind: 'error', title: 'Order Failed', text: answer?.message || 'Something went wrong.' });
        return;
      }
      onPlaced(String(answer.order_id), fields.phone);
    } catch (error) {
      if (error instanceof ApiError && !error.isNetworkError) {
        const details = Object.values(error.firstFieldErrors);
        const text = error.serverMessage ?? 'Something went wrong.';
        await showAlert({ kind: 'error', title: 'Order Failed', text, items: details.filter((d) => d !== text) });
      } else {
        await showAlert({ kind: 'error', title: 'Network Error', text: 'Failed to submit order. Please try again later.' });
      }
    }
  }

  return (
    <form ref={form} className="checkout" onSubmit={(e) => void submit(e)} noValidate>
      <div className="checkout__main">
        <section className="card checkout__section" aria-labelledby="review-title">
          <div className="checkout__section-head">
            <h2 id="review-title">Your cart</h2>
            <Link to="/cart">Edit cart</Link>
          </div>
          {lines.length === 0 ? (
            <p>
              Your cart is empty. <Link to="/shop">Continue shopping</Link>
            </p>
          ) : (
            <ul className="checkout__lines">
              {lines.map((line) => (
                <li key={`${line.id}-${line.size}`}>
                  <img src={line.thumbnail} alt="" width={48} height={48} loading="lazy" />
                  <Link to={`/product-details/${line.slug}`}>{line.name}</Link>
                  <span className="muted">
                    Size {line.size} × {line.qty}
                  </span>
                  <span className="checkout__line-total">{money(line.price * line.qty)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="card checkout__section" aria-labelledby="contact-title">
          <h2 id="contact-title">Contact</h2>
          <div className="field">
            <label className="field__label" htmlFor="checkout-name">
              Full name
            </label>
            <input id="checkout-name" name="name" className="field__input" autoComplete="name" value={fields.name} onChange={(e) => set('name', e.target.value)} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="checkout-phone">
              Phone number
            </label>
            <input id="checkout-phone" name="phone" className="field__input" type="tel" inputMode="numeric" autoComplete="tel" placeholder="01XXXXXXXXX" value={fields.phone} onChange={(e) => set('phone', phoneDigits(e.target.value))} />
          </div>
          <input type="hidden" name="email" value={email ?? ''} />
        </section>

        <section className="card checkout__section" aria-labelledby="shipping-title">
          <h2 id="shipping-title">Shipping</h2>
          <div className="field">
            <label className="field__label" htmlFor="checkout-address">
              Shipping address
            </label>
            <textarea id="checkout-address" name="address" className="field__input" autoComplete="street-address" value={fields.address} onChange={(e) => set('address', e.target.value)} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="checkout-shipping-phone">
              Shipping phone
            </label>
            <input id="checkout-shipping-phone" name="shipping_phone" className="field__input" type="tel" inputMode="numeric" placeholder="01XXXXXXXXX" value={fields.shipping_phone} onChange={(e) => set('shipping_phone', phoneDigits(e.target.value))} />
          </div>
          <fieldset className="choice-group">
            <legend className="field__label">Delivery area</legend>
            <label className="choice">
              <input type="radio" name="zone" value="inside" checked={zone === 'inside'} onChange={() => setZone('inside')} />
              <span>Inside Dhaka</span>
              <span className="choice__extra">{money(store.insideDhaka)}</span>
            </label>
            <label className="choice">
              <input type="radio" name="zone" value="outside" checked={zone === 'outside'} onChange={() => setZone('outside')} />
              <span>Outside Dhaka</span>
              <span className="choice__extra">{money(store.outsideDhaka)}</span>
            </label>
          </fieldset>
        </section>

        <section className="card checkout__section" aria-labelledby="payment-title">
          <h2 id="payment-title">Payment</h2>
          <fieldset className="choice-group">
            <legend className="visually-hidden">Payment method</legend>
            <label className="choice">
              <input type="radio" name="paymentMethod" value="cash" checked={fields.paymentMethod === 'cash'} onChange={() => set('paymentMethod', 'cash')} />
              <span>Cash on Delivery</span>
            </label>
            <label className="choice">
              <input type="radio" name="paymentMethod" value="bkash" checked={fields.paymentMethod === 'bkash'} onChange={() => set('paymentMethod', 'bkash')} />
              <span>bKash</span>
            </label>
          </fieldset>
          {fields.paymentMethod === 'bkash' && (
            <div className="bkash">
              {store.bkashNumber && (
                <Suspense fallback={<span className="spinner" aria-hidden="true" />}>
                  <BkashQr number={store.bkashNumber} />
                </Suspense>
              )}
              <p>
                Send <strong>{money(totals.grandTotal)}</strong> with bKash &ldquo;Send Money&rdquo; to <strong>{store.bkashNumber}</strong>, then enter your bKash number and the
                transaction ID below.
              </p>
              <div className="field">
                <label className="field__label" htmlFor="checkout-bkash-number">
                  bKash sender number
                </label>
                <input id="checkout-bkash-number" name="bkash_number" className="field__input" type="tel" inputMode="numeric" placeholder="01XXXXXXXXX" value={fields.bkash_number} onChange={(e) => set('bkash_number', phoneDigits(e.target.value))} />
              </div>
              <div className="field">
                <label className="field__label" htmlFor="checkout-transaction-id">
                  Transaction ID
                </label>
                <input id="checkout-transaction-id" name="transaction_id" className="field__input" autoCapitalize="characters" value={fields.transaction_id} onChange={(e) => set('transaction_id', e.target.value.replace(/\s/g, ''))} />
              </div>
            </div>
          )}
        </section>
      </div>

      <aside className="card checkout__summary" aria-labelledby="summary-title">
        <h2 id="summary-title">Order summary</h2>
        <div className="field">
          <label className="field__label" htmlFor="checkout-coupon">
            Discount code
          </label>
          <div className="checkout__coupon">
            <input id="checkout-coupon" className="field__input" value={couponCode} onChange={(e) => setCouponCode(e.target.value)} autoCapitalize="characters" />
            <button type="button" className="button button--secondary" onClick={() => void submitCoupon()} disabled={applyCoupon.isPending}>
              Apply
            </button>
          </div>
          {coupon && (
            <p className="field__hint">
              Code {coupon.couponCode} applied.{' '}
              <button type="button" className="link-button" onClick={clearCoupon}>
                Remove
              </button>
            </p>
          )}
        </div>
        <dl className="checkout__totals">
          <div>
            <dt>Subtotal</dt>
            <dd>{money(totals.subtotal)}</dd>
          </div>
          {coupon && coupon.discountPercent !== 0 && (
            <div>
              <dt>Discount ({coupon.discountPercent}) %</dt>
              <dd>- {money(totals.discount)}</dd>
            </div>
          )}
          <div>
            <dt>Shipping</dt>
            <dd>{money(totals.shipping)}</dd>
          </div>
          <div className="checkout__grand">
            <dt>Grand Total</dt>
            <dd>{money(totals.grandTotal)}</dd>
          </div>
        </dl>
        <button type="submit" className="button button--large checkout__confirm" disabled={confirmOrder.isPending}>
          {confirmOrder.isPending ? 'Placing your order…' : 'Confirm Order'}
        </button>
      </aside>
    </form>
  );
}
