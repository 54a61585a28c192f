import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../../components/feedback/feedback-store';
import { Link, useNavigate } from 'react-router-dom';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { Loader } from '../../components/ui/spinner';
import { getSessionToken, getSessionUser } from '../../lib/session';
import { customerOrdersQueryOptions } from '../../features/account/api/get-customer-orders';
import { ordersHistoryQueryOptions } from '../../features/account/api/get-orders-history';
import { CartChangesNotice, useCartRecheck } from '../shop/cart-recheck';
import { readCart, removeLine, saveCart, setLineQty, useCart } from '../../features/cart/cart-store';
import { clearCoupon } from '../../features/checkout/coupon-store';
import { CheckoutForm, type CheckoutInitial } from '../../features/checkout/components/checkout-form';
import { savedAddressQueryOptions } from '../../features/checkout/api/saved-address';
import { CheckoutPhoneVerification } from '../../features/phone-verification/components/checkout-phone-verification';
import { saveLastOrderId, savePaymentOrder } from '../../features/checkout/order-id-store';
import { readCouponOffer } from '../../features/offer/offer-store';
import { useSettingRow } from '../../features/settings/api/get-setting-row';
import { useStoreCredit } from '../../features/returns/api/get-store-credit';
import { t, useMessages } from '../../lib/i18n/locale';
import { phoneMessages } from '../../lib/i18n/messages/phone';
import { cartMessages } from '../../lib/i18n/messages/cart';
import { checkoutMessages } from '../../lib/i18n/messages/checkout';

/** /checkout (spec §2): composes the cart, the offer's stored value, the customer's last details and the checkout form. */
export function CheckoutRoute() {
  useMessages(checkoutMessages, cartMessages, phoneMessages);
  const lines = useCart();
  const navigate = useNavigate();
  const { data: setting } = useSettingRow();
  const last = useLastDeliveryDetails();
  // ADR 062: a signed-in customer's store credit, offered on the summary.
  const credit = useStoreCredit(getSessionToken() !== null);
  const inside = Number(setting?.devliery_charge_inside_dhk ?? setting?.devliery_charge ?? 70) || 0;
  const outside = Number(setting?.devliery_charge_outside_dhk ?? inside) || 0;
  // Prices are checked again here: the totals and the bKash amount below are what the server will charge.
  const recheck = useCartRecheck(lines);
  // Issue 17: when the store asks this checkout to prove its phone, the code step shows below the form.
  const [phoneStep, setPhoneStep] = useState<string | null>(null);
  const [phoneProof, setPhoneProof] = useState<{ phone: string; proof: string } | null>(null);

  function onPlaced(orderId: string, phone: string) {
    // Spec §4: order id stored, then the confirmation page, which clears the cart and coupon and shows
    // "Order Confirmed!": the shopper never sees this form emptied behind the dialog (issue 16).
    saveLastOrderId(orderId);
    navigate('/order-confirm', { state: { phone, placed: true } });
  }

  function onPaymentPage(orderId: string, phone: string, paymentUrl: string) {
    // Issue 34: the order is placed and waits for its payment; the gateway sends the shopper back to the
    // confirmation page, which reads the payment with this phone (kept for this tab only).
    saveLastOrderId(orderId);
    savePaymentOrder(orderId, phone);
    saveCart([]);
    clearCoupon();
    window.location.assign(paymentUrl);
  }

  return (
    <div className="container page">
      <title>{t('checkout.title')}</title>
      <Breadcrumb items={[{ label: t('checkout.crumbCart'), to: '/cart' }, { label: t('checkout.crumbShipping') }, { label: t('checkout.crumbConfirm') }]} />
      <h1 className="page__title">{t('checkout.title')}</h1>
      {lines.length === 0 ? (
        <div className="card empty-state" role="status">
          <h2 className="section-title">{t('checkout.emptyTitle')}</h2>
          <p>{t('checkout.emptyText')}</p>
          <p>
            <Link to="/shop" className="button">
              {t('cartPage.continue')}
            </Link>
          </p>
        </div>
      ) : recheck.changes.length > 0 ? (
        <CartChangesNotice recheck={recheck} currency={setting?.currency} />
      ) : last.isPending ? (
        <Loader label={t('checkout.filling')} />
      ) : (
        <CheckoutForm
          lines={lines}
          store={{ currency: setting?.currency, insideDhaka: inside, outsideDhaka: outside, bkashNumber: setting?.bkash_number, bkashCheckout: setting?.bkash_checkout === true, productWeightGrams: setting?.product_weight_grams, hotline: setting?.hotline }}
          couponOffer={readCouponOffer()}
          email={getSessionUser()?.email}
          initial={last.initial}
          fixes={{
            setQuantity: (line, qty) => saveCart(setLineQty(readCart(), line.id, line.size, qty)),
            remove: (line) => saveCart(removeLine(readCart(), line.id, line.size)),
          }}
          onPlaced={onPlaced}
          onPaymentPage={onPaymentPage}
          phoneProof={phoneProof?.proof}
          storeCredit={credit.data?.balance ?? 0}
          onPhoneVerificationNeeded={(phone) => setPhoneStep(phone)}
        />
      )}
      {phoneStep !== null && (
        <CheckoutPhoneVerification
          phone={phoneStep}
          onProof={(proof) => {
            setPhoneProof({ phone: phoneStep, proof });
            setPhoneStep(null);
            showToast({ kind: 'success', title: t('phone.verified'), text: t('phone.confirmAgain') });
          }}
        />
      )}
    </div>
  );
}

/**
 * A signed-in customer starts from their name and phone and the address and delivery phone of their last
 * online order; a guest (or a failed lookup) starts from an empty form.
 */
function useLastDeliveryDetails(): { isPending: boolean; initial?: CheckoutInitial } {
  const signedIn = getSessionToken() !== null;
  const user = getSessionUser();
  const orders = useQuery({ ...customerOrdersQueryOptions(), enabled: signedIn, retry: false });
  const lastOrderId = orders.data?.find((order) => order.order_type === 1)?.orderId ?? '';
  const details = useQuery({ ...ordersHistoryQueryOptions(lastOrderId), enabled: signedIn && lastOrderId !== '', retry: false });
  // Issue 32: the address the customer saved on the account comes first.
  const saved = useQuery({ ...savedAddressQueryOptions(), enabled: signedIn, retry: false });
  if (!signedIn) return { isPending: false };
  const pending = orders.isPending || (lastOrderId !== '' && details.isPending) || (saved.isPending && !saved.isError);
  const row = details.data?.orderrow as { customer_name?: string | null; phone_number?: string | null; address?: string | null; shipping_phone?: string | null } | undefined;
  return {
    isPending: pending && !orders.isError && !details.isError,
    initial: {
      name: row?.customer_name || user?.name || '',
      phone: row?.phone_number || user?.phone_number || '',
      address: saved.data?.address ?? row?.address ?? '',
      shipping_phone: row?.shipping_phone ?? '',
      saved: saved.data ?? null,
    },
  };
}
