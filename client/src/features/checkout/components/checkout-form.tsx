import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { showAlert, showToast } from '../../../components/feedback/feedback-store';
import { ApiError } from '../../../lib/api-client';
import { PhoneInput } from '../../../components/ui/phone-input';
import { formatMoney } from '../../../lib/money';
import { formatDate, getLocale, localDigits, t } from '../../../lib/i18n/locale';
import { productName } from '../../../lib/i18n/product-text';
import { randomKey } from '../../../lib/random-key';
import { useApplyCoupon } from '../api/apply-coupon';
import { useConfirmOrder, type ConfirmOrderRequest } from '../api/confirm-order';
import { checkoutProblems, checkoutTotals, normalizedPhones, outOfStockOf, type CheckoutFields, type OutOfStockAnswer } from '../checkout-validation';
import { clearCoupon, saveCoupon, useStoredCoupon } from '../coupon-store';
import { areaDeliveryCharge, expectedDeliveryDays } from '../area-delivery';
import { searchAreas, type Area } from '../api/search-areas';
import { saveAddress, type SavedAddress } from '../api/saved-address';
import { AreaPicker } from './area-picker';
import { rememberArea } from '../area-memory';
import './checkout.css';

const BkashQr = lazy(() => import('./bkash-qr').then((m) => ({ default: m.BkashQr })));

export type CheckoutLine = ConfirmOrderRequest['cart'][number] & { currency?: string | null };

export interface CheckoutStore {
  currency: string | null | undefined;
  insideDhaka: number;
  outsideDhaka: number;
  bkashNumber: string | null | undefined;
  /** Issue 34: bKash orders pay on the gateway's page (settings' `bkash_checkout`); the typed fields stay for money already sent. */
  bkashCheckout?: boolean;
  /** Issue 30: the weight of one product in grams, which a zone's per-kilogram step counts. */
  productWeightGrams?: number;
  /** Issue 32: the store's care line, offered as a call when the store refuses an order. */
  hotline?: string | null;
}

/** What a signed-in customer starts from: their name, phone and last address (issue 16). */
export interface CheckoutInitial {
  name?: string | null;
  phone?: string | null;
  address?: string | null;
  shipping_phone?: string | null;
  /** Issue 32: the address saved on the account (area, house and road, landmark), offered first. */
  saved?: SavedAddress | null;
}

/** What the shopper can do about a line the store cannot fill, beside that line. */
export interface LineFixes {
  setQuantity: (line: CheckoutLine, qty: number) => void;
  remove: (line: CheckoutLine) => void;
}

/**
 * Checkout (spec §2, §5, §8): cart review, contact, shipping zone, payment (cash or bKash with QR, sender
 * number and transaction id), discount code, totals, Confirm Order. One Idempotency-Key per attempt,
 * reused when the customer retries after a failure, so a lost answer never makes two orders. Mistakes the
 * server finds in a field show beside that field; a line out of stock shows beside the line with its fixes.
 */
export function CheckoutForm({
  lines,
  store,
  couponOffer,
  email,
  initial,
  fixes,
  onPlaced,
  onPaymentPage,
  phoneProof,
  storeCredit = 0,
  onPhoneVerificationNeeded,
}: {
  lines: CheckoutLine[];
  store: CheckoutStore;
  couponOffer: unknown;
  email?: string;
  initial?: CheckoutInitial;
  fixes: LineFixes;
  onPlaced: (orderId: string, phone: string) => void;
  /** A bKash order to pay on the gateway's page (issue 34): the page sends the shopper there. */
  onPaymentPage?: (orderId: string, phone: string, paymentUrl: string) => void;
  /** A phone code's proof for this checkout's phone, once the shopper verified it. */
  phoneProof?: string;
  /** The signed-in customer's store credit in taka (0: none to offer). */
  storeCredit?: number;
  /** The store asks this checkout to prove its phone (the server's 422 on `phone_proof`). */
  onPhoneVerificationNeeded?: (phone: string) => void;
}) {
  const [fields, setFields] = useState<CheckoutFields>(() => ({
    name: initial?.name ?? '',
    phone: initial?.phone ?? '',
    address: initial?.address ?? '',
    shipping_phone: initial?.shipping_phone ?? '',
    paymentMethod: 'cash',
    bkash_number: '',
    transaction_id: '',
  }));
  // "Same as above": the delivery phone is the contact phone unless the shopper says otherwise.
  const [sameShippingPhone, setSameShippingPhone] = useState(() => !initial?.shipping_phone || initial.shipping_phone === initial.phone);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // Issue 32: a guest may leave an e-mail for the receipt (a signed-in customer's is their account's).
  const [guestEmail, setGuestEmail] = useState('');
  const [cartProblem, setCartProblem] = useState('');
  // The specification's titles ("Name Required" ...) of the fields marked by the last check, for the summary.
  const [problemTitles, setProblemTitles] = useState<Record<string, string>>({});
  const [stockProblem, setStockProblem] = useState<OutOfStockAnswer | null>(null);
  const [zone, setZone] = useState<'inside' | 'outside'>('inside');
  // Issue 30: the picked district or thana prices the delivery by its zone; the inside/outside choice stays for
  // a shopper who does not pick one.
  const [area, setArea] = useState<Area | null>(null);
  const [landmark, setLandmark] = useState(() => initial?.saved?.landmark ?? '');
  // Issue 32: a signed-in customer keeps the address on the account for next time (on unless unticked).
  const [keepAddress, setKeepAddress] = useState(true);
  const savedAreaId = initial?.saved?.area_id;
  const savedAreaName = initial?.saved?.area_name;
  useEffect(() => {
    // The saved area with its zone as the picker has it today (the zones may have changed since).
    if (!savedAreaId || !savedAreaName) return;
    const controller = new AbortController();
    searchAreas(savedAreaName, { signal: controller.signal })
      .then((areas) => {
        const found = areas.find((candidate) => candidate.id === savedAreaId);
        if (found) setArea((current) => current ?? found);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [savedAreaId, savedAreaName]);
  const [couponCode, setCouponCode] = useState('');
  const [idempotencyKey, setIdempotencyKey] = useState(() => randomKey('order'));
  // Issue 32: the phone's open cash-on-delivery orders are at the store's limit: what the shopper can do instead.
  const [codRefusal, setCodRefusal] = useState<string | null>(null);
  const [useCredit, setUseCredit] = useState(false);
  const coupon = useStoredCoupon();
  const applyCoupon = useApplyCoupon();
  const confirmOrder = useConfirmOrder();
  const form = useRef<HTMLFormElement>(null);
  // "I already sent money": the specification's typed sender number and transaction id, checked by hand or with bKash.
  const [bkashTyped, setBkashTyped] = useState(false);
  const bkashViaGateway = fields.paymentMethod === 'bkash' && store.bkashCheckout === true && !bkashTyped;

  const subtotal = lines.reduce((sum, line) => sum + line.price * line.qty, 0);
  const units = lines.reduce((sum, line) => sum + line.qty, 0);
  const shipping = area ? areaDeliveryCharge(area.zone, units, store.productWeightGrams ?? 250) : zone === 'inside' ? store.insideDhaka : store.outsideDhaka;
  const delivery = area ? expectedDeliveryDays(area.zone, new Date()) : null;
  const totals = checkoutTotals(subtotal, coupon?.discountPercent ?? 0, shipping);
  // The server decides what the credit pays (ADR 062); the page shows the same rule: all of it, at most the total.
  const creditPays = useCredit && storeCredit > 0 ? Math.min(storeCredit, totals.grandTotal) : 0;
  const money = (amount: number) => formatMoney(amount, store.currency);
  const set = <K extends keyof CheckoutFields>(key: K, value: CheckoutFields[K]) => {
    setFields((f) => ({ ...f, [key]: value }));
    setFieldErrors((errors) => (errors[key] ? { ...errors, [key]: '' } : errors));
  };
  const entered = sameShippingPhone ? { ...fields, shipping_phone: fields.phone } : fields;
  const errorOf = (field: string) => fieldErrors[field] || undefined;
  const describedBy = (field: string) => (fieldErrors[field] ? `checkout-${field}-error` : undefined);
  const fieldError = (field: string) =>
    fieldErrors[field] ? (
      <p id={`checkout-${field}-error`} className="field__error">
        {fieldErrors[field]}
      </p>
    ) : null;

  async function submitCoupon() {
    const code = couponCode.trim();
    if (!code) return;
    try {
      const answer = await applyCoupon.mutateAsync({ couponCode: code, phone: normalizedPhones(entered).phone || undefined });
      const percent = Number(answer.discount) || 0;
      const applied = checkoutTotals(subtotal, percent, shipping);
      saveCoupon({ discountPercent: percent, discountAmount: applied.discount, grandTotal: applied.grandTotal, subtotal, couponCode: answer.coupon_code ?? code });
      showToast({ kind: 'success', title: getLocale() === 'en' ? (answer.message ?? t('checkout.couponApplied')) : t('checkout.couponApplied') });
    } catch (error) {
      const text = error instanceof ApiError ? (error.isNetworkError ? t('ui.somethingWrong') : (error.serverMessage ?? t('checkout.couponError'))) : t('ui.somethingWrong');
      await showAlert({ kind: 'error', title: t('checkout.couponErrorTitle'), text });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Issue 32: every mistake marked beside its field at once, the first focused; no pop-up to dismiss.
    const problems = checkoutProblems(entered, lines.length, { bkashViaGateway, email: email ? '' : guestEmail }).filter(
      (problem, _, all) => !(sameShippingPhone && problem.field === 'shipping_phone' && all.some((other) => other.field === 'phone')),
    );
    const first = problems[0];
    if (first) {
      if (first.field === 'cart') {
        setCartProblem(first.text);
        return;
      }
      setFieldErrors(Object.fromEntries(problems.map((problem) => [problem.field, problem.text])));
      setProblemTitles(Object.fromEntries(problems.map((problem) => [problem.field, problem.title])));
      form.current?.querySelector<HTMLElement>(`[name="${first.field}"]`)?.focus();
      return;
    }
    setCartProblem('');
    setFieldErrors({});
    setStockProblem(null);
    const phones = normalizedPhones(entered);
    const body: ConfirmOrderRequest = {
      cart: lines.map(({ id, name, size, price, slug, qty, thumbnail, coupon_code }) => ({ id, name, size, price, slug, qty, thumbnail, ...(coupon_code ? { coupon_code } : {}) })),
      coupon: coupon ?? null,
      couponoffer: couponOffer ?? null,
      locale: getLocale(),
      data: {
        name: fields.name.trim(),
        email: email ?? guestEmail.trim(),
        phone: phones.phone,
        address: fields.address.trim(),
        shipping_phone: phones.shipping_phone,
        devliery_charge: shipping,
        ...(area ? { area_id: area.id, landmark: landmark.trim() } : {}),
        bkash_number: fields.paymentMethod === 'bkash' && !bkashViaGateway ? phones.bkash_number : '',
        transaction_id: fields.paymentMethod === 'bkash' && !bkashViaGateway ? fields.transaction_id.trim() : '',
        paymentMethod: fields.paymentMethod,
      },
      ...(phoneProof ? { phone_proof: phoneProof } : {}),
      ...(creditPays > 0 ? { use_store_credit: true } : {}),
    };
    try {
      const answer = await confirmOrder.mutateAsync({ body, idempotencyKey });
      if (!answer?.success || !answer.order_id) {
        await showAlert({ kind: 'error', title: t('checkout.orderFailed'), text: answer?.message || t('checkout.somethingWrong') });
        return;
      }
      if (email && area && keepAddress) {
        // Kept for next time; the order is placed whatever this answers.
        await saveAddress({ area_id: area.id, address: fields.address.trim(), landmark: landmark.trim() }).catch(() => undefined);
      }
      if (answer.payment_url && onPaymentPage) onPaymentPage(String(answer.order_id), phones.phone, answer.payment_url);
      else onPlaced(String(answer.order_id), phones.phone);
    } catch (error) {
      const outOfStock = error instanceof ApiError ? outOfStockOf(error) : null;
      const onForm = error instanceof ApiError && error.status === 422 ? fieldsOnForm(error.firstFieldErrors) : {};
      const proofWanted = error instanceof ApiError && error.status === 422 && (error.fieldErrors.phone_proof || error.code === 'coupon-phone-not-verified');
      if (error instanceof ApiError && (error.code === 'too-many-open-orders' || error.code === 'too-many-unpaid-orders')) {
        setCodRefusal(error.serverMessage ?? t('checkout.somethingWrong'));
        form.current?.querySelector<HTMLElement>('.checkout__refusal')?.focus();
      } else if (proofWanted && onPhoneVerificationNeeded) {
        // The store (or the coupon, issue 27) wants this phone proven by a code first; the page shows that step.
        onPhoneVerificationNeeded(phones.phone);
      } else if (outOfStock) {
        // Beside the line, with what the shopper can do about it (issue 16).
        setStockProblem(outOfStock);
        form.current?.querySelector<HTMLElement>('.checkout__stock-problem')?.scrollIntoView({ block: 'center' });
      } else if (Object.keys(onForm).length > 0) {
        // A field mistake is shown beside its field, never as a failed order.
        setFieldErrors(onForm);
        const first = Object.keys(onForm)[0];
        form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      } else if (error instanceof ApiError && !error.isNetworkError) {
        const details = Object.values(error.firstFieldErrors);
        const text = error.serverMessage ?? t('checkout.somethingWrong');
        await showAlert({ kind: 'error', title: t('checkout.orderFailed'), text, items: details.filter((d) => d !== text) });
      } else {
        await showAlert({ kind: 'error', title: t('checkout.networkError'), text: t('checkout.networkText') });
      }
    }
  }

  return (
    <form ref={form} className="checkout" onSubmit={(e) => void submit(e)} noValidate>
      <div className="checkout__main">
        <section className="card checkout__section" aria-labelledby="review-title">
          <div className="checkout__section-head">
            <h2 id="review-title">{t('checkout.yourCart')}</h2>
            <Link to="/cart">{t('checkout.editCart')}</Link>
          </div>
          {cartProblem && (
            <p className="field__error" role="alert">
              {cartProblem}
            </p>
          )}
          {lines.length === 0 ? (
            <p>
              {t('cartPage.empty')} <Link to="/shop">{t('cartPage.continue')}</Link>
            </p>
          ) : (
            <ul className="checkout__lines">
              {lines.map((line) => {
                const short = stockProblem && stockProblem.name === line.name && stockProblem.size.toUpperCase() === line.size.toUpperCase() ? stockProblem : null;
                return (
                  <li key={`${line.id}-${line.size}`}>
                    <img src={line.thumbnail} alt="" width={48} height={48} loading="lazy" />
                    <Link to={`/product-details/${line.slug}`}>{productName(line)}</Link>
                    <span className="muted">
                      {t('checkout.lineSize', { size: line.size, qty: line.qty })}
                    </span>
                    <span className="checkout__line-total">{money(line.price * line.qty)}</span>
                    {short && (
                      <div className="checkout__stock-problem" role="alert">
                        <p>
                          {short.available > 0 ? t('checkout.onlyLeft', { n: short.available, size: line.size }) : t('checkout.soldOut', { size: line.size })}
                          {t('checkout.changeLine')}
                        </p>
                        <p className="checkout__stock-fixes">
                          {short.available > 0 && short.available < line.qty && (
                            <button
                              type="button"
                              className="button button--secondary"
                              onClick={() => {
                                fixes.setQuantity(line, short.available);
                                setStockProblem(null);
                              }}
                            >
                              {t('checkout.buyInstead', { n: short.available })}
                            </button>
                          )}
                          <Link className="button button--secondary" to={`/product-details/${line.slug}`}>
                            {t('checkout.otherSize')}
                          </Link>
                          <button
                            type="button"
                            className="link-button"
                            onClick={() => {
                              fixes.remove(line);
                              setStockProblem(null);
                            }}
                          >
                            {t('checkout.removeLine')}
                          </button>
                        </p>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </section>

        <section className="card checkout__section" aria-labelledby="contact-title">
          <h2 id="contact-title">{t('checkout.contact')}</h2>
          <div className="field">
            <label className="field__label" htmlFor="checkout-name">
              {t('checkout.fullName')}
            </label>
            <input id="checkout-name" name="name" className="field__input" autoComplete="name" value={fields.name} onChange={(e) => set('name', e.target.value)} aria-invalid={errorOf('name') ? true : undefined} aria-describedby={describedBy('name')} />
            {fieldError('name')}
          </div>
          <div className="field">
            <label className="field__label" htmlFor="checkout-phone">
              {t('checkout.phone')}
            </label>
            <PhoneInput id="checkout-phone" name="phone" className="field__input" autoComplete="tel" value={fields.phone} onValue={(value) => set('phone', value)} aria-invalid={errorOf('phone') ? true : undefined} aria-describedby={describedBy('phone')} />
            {fieldError('phone')}
          </div>
          {email ? (
            <input type="hidden" name="email" value={email} />
          ) : (
            <div className="field">
              <label className="field__label" htmlFor="checkout-email">
                {t('checkout.email')}
              </label>
              <input
                id="checkout-email"
                name="email"
                type="email"
                inputMode="email"
                className="field__input"
                autoComplete="email"
                value={guestEmail}
                onChange={(e) => {
                  setGuestEmail(e.target.value);
                  setFieldErrors((errors) => (errors.email ? { ...errors, email: '' } : errors));
                }}
                aria-invalid={errorOf('email') ? true : undefined}
                aria-describedby={describedBy('email') ?? 'checkout-email-hint'}
              />
              {fieldError('email') ?? (
                <p id="checkout-email-hint" className="field__hint">
                  {t('checkout.emailHint')}
                </p>
              )}
            </div>
          )}
        </section>

        <section className="card checkout__section" aria-labelledby="shipping-title">
          <h2 id="shipping-title">{t('checkout.shipping')}</h2>
          <AreaPicker
            value={area}
            onPick={(picked) => {
              setArea(picked);
              rememberArea(picked);
              setFieldErrors((errors) => (errors.area_id ? { ...errors, area_id: '' } : errors));
            }}
            error={errorOf('area_id')}
          />
          {area && delivery && (
            <p className="checkout__delivery" role="status">
              {t('checkout.areaDelivery', {
                zone: getLocale() === 'bn' ? area.zone.name_bn : area.zone.name,
                charge: money(shipping),
                from: formatDate(delivery.from, { weekday: 'short', day: 'numeric', month: 'short' }),
                to: formatDate(delivery.to, { weekday: 'short', day: 'numeric', month: 'short' }),
              })}
            </p>
          )}
          <div className="field">
            <label className="field__label" htmlFor="checkout-address">
              {t('checkout.address')}
            </label>
            <textarea id="checkout-address" name="address" className="field__input" autoComplete="street-address" placeholder={t('checkout.addressPlaceholder')} value={fields.address} onChange={(e) => set('address', e.target.value)} aria-invalid={errorOf('address') ? true : undefined} aria-describedby={describedBy('address')} />
            {fieldError('address')}
          </div>
          {area && (
            <div className="field">
              <label className="field__label" htmlFor="checkout-landmark">
                {t('checkout.landmark')}
              </label>
              <input id="checkout-landmark" name="landmark" className="field__input" maxLength={200} value={landmark} onChange={(e) => setLandmark(e.target.value)} aria-invalid={errorOf('landmark') ? true : undefined} aria-describedby={describedBy('landmark')} />
              {fieldError('landmark')}
            </div>
          )}
          {email && area && (
            <label className="choice">
              <input type="checkbox" checked={keepAddress} onChange={(e) => setKeepAddress(e.target.checked)} />
              <span>{t('checkout.keepAddress')}</span>
            </label>
          )}
          <label className="choice checkout__same-phone">
            <input
              type="checkbox"
              checked={sameShippingPhone}
              onChange={(e) => {
                setSameShippingPhone(e.target.checked);
                if (!e.target.checked && !fields.shipping_phone) set('shipping_phone', fields.phone);
              }}
            />
            <span>{t('checkout.samePhone')}</span>
          </label>
          {!sameShippingPhone && (
            <div className="field">
              <label className="field__label" htmlFor="checkout-shipping-phone">
                {t('checkout.shippingPhone')}
              </label>
              <PhoneInput id="checkout-shipping-phone" name="shipping_phone" className="field__input" autoComplete="tel" value={fields.shipping_phone} onValue={(value) => set('shipping_phone', value)} aria-invalid={errorOf('shipping_phone') ? true : undefined} aria-describedby={describedBy('shipping_phone')} />
              {fieldError('shipping_phone')}
            </div>
          )}
          {sameShippingPhone && fieldError('shipping_phone')}
          {!area && (
          <fieldset className="choice-group">
            <legend className="field__label">{t('checkout.area')}</legend>
            <label className="choice">
              <input type="radio" name="zone" value="inside" checked={zone === 'inside'} onChange={() => setZone('inside')} />
              <span>{t('checkout.inside')}</span>
              <span className="choice__extra">{money(store.insideDhaka)}</span>
            </label>
            <label className="choice">
              <input type="radio" name="zone" value="outside" checked={zone === 'outside'} onChange={() => setZone('outside')} />
              <span>{t('checkout.outside')}</span>
              <span className="choice__extra">{money(store.outsideDhaka)}</span>
            </label>
          </fieldset>
          )}
        </section>

        <section className="card checkout__section" aria-labelledby="payment-title">
          <h2 id="payment-title">{t('checkout.payment')}</h2>
          <fieldset className="choice-group">
            <legend className="visually-hidden">{t('checkout.paymentMethod')}</legend>
            <label className="choice">
              <input type="radio" name="paymentMethod" value="cash" checked={fields.paymentMethod === 'cash'} onChange={() => set('paymentMethod', 'cash')} />
              <span>{t('checkout.cod')}</span>
            </label>
            <label className="choice">
              <input type="radio" name="paymentMethod" value="bkash" checked={fields.paymentMethod === 'bkash'} onChange={() => set('paymentMethod', 'bkash')} />
              <span>{t('checkout.bkash')}</span>
            </label>
          </fieldset>
          {bkashViaGateway && (
            <div className="bkash bkash--gateway">
              <p>{t('checkout.bkashGateway', { amount: money(totals.grandTotal) })}</p>
              <p>
                <button type="button" className="link-button" onClick={() => setBkashTyped(true)}>
                  {t('checkout.bkashAlreadySent')}
                </button>
              </p>
            </div>
          )}
          {fields.paymentMethod === 'bkash' && !bkashViaGateway && (
            <div className="bkash">
              {store.bkashCheckout && (
                <p>
                  <button type="button" className="link-button" onClick={() => setBkashTyped(false)}>
                    {t('checkout.bkashUseGateway')}
                  </button>
                </p>
              )}
              {store.bkashNumber && (
                <Suspense fallback={<span className="spinner" aria-hidden="true" />}>
                  <BkashQr number={store.bkashNumber} />
                </Suspense>
              )}
              <p>
                {t('checkout.bkashSend', { amount: money(totals.grandTotal), number: localDigits(store.bkashNumber ?? '') })}
              </p>
              <div className="field">
                <label className="field__label" htmlFor="checkout-bkash-number">
                  {t('checkout.bkashSender')}
                </label>
                <PhoneInput id="checkout-bkash-number" name="bkash_number" className="field__input" value={fields.bkash_number} onValue={(value) => set('bkash_number', value)} aria-invalid={errorOf('bkash_number') ? true : undefined} aria-describedby={describedBy('bkash_number')} />
                {fieldError('bkash_number')}
              </div>
              <div className="field">
                <label className="field__label" htmlFor="checkout-transaction-id">
                  {t('checkout.transactionId')}
                </label>
                <input id="checkout-transaction-id" name="transaction_id" className="field__input" autoCapitalize="characters" value={fields.transaction_id} onChange={(e) => set('transaction_id', e.target.value.replace(/\s/g, ''))} aria-invalid={errorOf('transaction_id') ? true : undefined} aria-describedby={describedBy('transaction_id')} />
                {fieldError('transaction_id')}
              </div>
            </div>
          )}
        </section>
      </div>

      <aside className="card checkout__summary" aria-labelledby="summary-title">
        <h2 id="summary-title">{t('checkout.summary')}</h2>
        <div className="field">
          <label className="field__label" htmlFor="checkout-coupon">
            {t('checkout.discountCode')}
          </label>
          <div className="checkout__coupon">
            <input id="checkout-coupon" className="field__input" value={couponCode} onChange={(e) => setCouponCode(e.target.value)} autoCapitalize="characters" />
            <button type="button" className="button button--secondary" onClick={() => void submitCoupon()} disabled={applyCoupon.isPending}>
              {t('checkout.apply')}
            </button>
          </div>
          {coupon && (
            <p className="field__hint">
              {t('checkout.codeApplied', { code: coupon.couponCode })}{' '}
              <button type="button" className="link-button" onClick={clearCoupon}>
                {t('checkout.remove')}
              </button>
            </p>
          )}
        </div>
        {storeCredit > 0 && (
          <div className="field">
            <label className="choice">
              <input type="checkbox" name="use_store_credit" checked={useCredit} onChange={(e) => setUseCredit(e.target.checked)} aria-describedby={describedBy('use_store_credit')} />
              <span>{t('checkout.useStoreCredit', { amount: money(storeCredit) })}</span>
            </label>
            {fieldError('use_store_credit')}
          </div>
        )}
        <dl className="checkout__totals">
          <div>
            <dt>{t('checkout.subtotal')}</dt>
            <dd>{money(totals.subtotal)}</dd>
          </div>
          {coupon && coupon.discountPercent !== 0 && (
            <div>
              <dt>{t('checkout.discount', { percent: coupon.discountPercent })}</dt>
              <dd>- {money(totals.discount)}</dd>
            </div>
          )}
          <div>
            <dt>{t('checkout.shippingCost')}</dt>
            <dd>{money(totals.shipping)}</dd>
          </div>
          {creditPays > 0 && (
            <div>
              <dt>{t('checkout.storeCredit')}</dt>
              <dd>- {money(creditPays)}</dd>
            </div>
          )}
          <div className="checkout__grand">
            <dt>{t('checkout.grandTotal')}</dt>
            <dd>{money(totals.grandTotal - creditPays)}</dd>
          </div>
        </dl>
        {codRefusal && (
          <div className="notice notice--error checkout__refusal" role="alert" tabIndex={-1}>
            <p>{codRefusal}</p>
            <p className="checkout__refusal-ways">
              {store.hotline && (
                <a className="button button--secondary" href={`tel:${store.hotline.replace(/[^\d+]/g, '')}`}>
                  {t('checkout.callStore', { phone: localDigits(store.hotline) })}
                </a>
              )}
              {store.bkashCheckout && fields.paymentMethod !== 'bkash' && (
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    set('paymentMethod', 'bkash');
                    setBkashTyped(false);
                    setCodRefusal(null);
                    setIdempotencyKey(randomKey('order'));
                  }}
                >
                  {t('checkout.payByBkashInstead')}
                </button>
              )}
            </p>
          </div>
        )}
        {Object.values(fieldErrors).some(Boolean) && (
          <p className="field__error checkout__fix-fields" role="alert">
            {t('checkout.fixFields')}{' '}
            {Object.entries(problemTitles)
              .filter(([field]) => fieldErrors[field])
              .map(([, title]) => title)
              .join(', ')}
          </p>
        )}
        <button type="submit" className="button button--large checkout__confirm" disabled={confirmOrder.isPending}>
          {confirmOrder.isPending ? t('checkout.placing') : bkashViaGateway ? t('checkout.payWithBkash') : t('checkout.confirm')}
        </button>
      </aside>
    </form>
  );
}

const FORM_FIELDS = new Set(['use_store_credit', 'name', 'phone', 'email', 'address', 'shipping_phone', 'bkash_number', 'transaction_id', 'area_id', 'landmark']);

/** The 422 messages that belong to a field of this form (the others are not the shopper's typing). */
function fieldsOnForm(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => FORM_FIELDS.has(field)));
}
