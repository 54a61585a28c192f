import { useNavigate } from 'react-router-dom';
import { showAlert } from '../../components/feedback/feedback-store';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { DURATIONS } from '../../lib/durations';
import { getSessionUser } from '../../lib/session';
import { CartChangesNotice, useCartRecheck } from '../../features/cart/cart-recheck';
import { saveCart, useCart } from '../../features/cart/cart-store';
import { CheckoutForm } from '../../features/checkout/components/checkout-form';
import { clearCoupon } from '../../features/checkout/coupon-store';
import { saveLastOrderId } from '../../features/checkout/order-id-store';
import { readCouponOffer } from '../../features/offer/offer-store';
import { useSettingRow } from '../../features/settings/api/get-setting-row';

/** /checkout (spec §2): composes the cart, the offer's stored value and the checkout form. */
export function CheckoutRoute() {
  const lines = useCart();
  const navigate = useNavigate();
  const { data: setting } = useSettingRow();
  const inside = Number(setting?.devliery_charge_inside_dhk ?? setting?.devliery_charge ?? 70) || 0;
  const outside = Number(setting?.devliery_charge_outside_dhk ?? inside) || 0;
  // Prices are checked again here: the totals and the bKash amount below are what the server will charge.
  const recheck = useCartRecheck(lines);

  async function onPlaced(orderId: string, phone: string) {
    // Spec §4: cart and coupon keys cleared, order id stored, 2 s confirmation, then the confirmation page.
    saveCart([]);
    clearCoupon();
    saveLastOrderId(orderId);
    await showAlert({ kind: 'success', title: 'Order Confirmed!', text: `Your order ID is ${orderId}.`, timer: DURATIONS.orderConfirmedDialog });
    navigate('/order-confirm', { state: { phone } });
  }

  return (
    <div className="container page">
      <title>Checkout</title>
      <Breadcrumb items={[{ label: 'cart', to: '/cart' }, { label: 'Shipping' }, { label: 'Confirm Order' }]} />
      <h1 className="page__title">Checkout</h1>
      <CartChangesNotice recheck={recheck} currency={setting?.currency} />
      {recheck.changes.length === 0 && (
      <CheckoutForm
        lines={lines}
        store={{ currency: setting?.currency, insideDhaka: inside, outsideDhaka: outside, bkashNumber: setting?.bkash_number }}
        couponOffer={readCouponOffer()}
        email={getSessionUser()?.email}
        onPlaced={(orderId, phone) => void onPlaced(orderId, phone)}
      />
      )}
    </div>
  );
}
