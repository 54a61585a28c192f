import { Link } from 'react-router-dom';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { CartChangesNotice, useCartRecheck } from '../shop/cart-recheck';
import { useCart } from '../../features/cart/cart-store';
import { CartSummary, type DeliveryEstimate } from '../../features/cart/components/cart-summary';
import { rememberedArea } from '../../features/checkout/area-memory';
import { areaDeliveryCharge } from '../../features/checkout/area-delivery';
import { CartTable } from '../../features/cart/components/cart-table';
import { useStoredCoupon } from '../../features/checkout/coupon-store';
import { useSettingRow } from '../../features/settings/api/get-setting-row';
import { getLocale, t, useMessages } from '../../lib/i18n/locale';
import { cartMessages } from '../../lib/i18n/messages/cart';
import './cart.css';

/** /cart (spec §2): lines, quantities, totals with the applied coupon's discount, Check Out. */
export function CartRoute() {
  useMessages(cartMessages);
  const lines = useCart();
  const coupon = useStoredCoupon();
  const { data: setting } = useSettingRow();
  const recheck = useCartRecheck(lines);
  // Issue 32: the delivery charge shows here already, by the zone of the area last picked, else the two charges.
  const area = rememberedArea();
  const units = lines.reduce((sum, line) => sum + line.qty, 0);
  const inside = Number(setting?.devliery_charge_inside_dhk ?? setting?.devliery_charge ?? 0) || 0;
  const delivery: DeliveryEstimate | undefined = area
    ? { kind: 'area', place: getLocale() === 'bn' ? area.name_bn : area.name, amount: areaDeliveryCharge(area.zone, units, setting?.product_weight_grams ?? 250) }
    : setting
      ? { kind: 'zones', inside, outside: Number(setting.devliery_charge_outside_dhk ?? inside) || 0 }
      : undefined;
  return (
    <div className="container page">
      <title>{t('cartPage.title')}</title>
      <Breadcrumb items={[{ label: t('nav.home'), to: '/' }, { label: t('cartPage.title') }]} />
      <h1 className="page__title">{t('cartPage.heading')}</h1>
      {lines.length === 0 ? (
        <p>
          {t('cartPage.empty')} <Link to="/shop">{t('cartPage.continue')}</Link>
        </p>
      ) : (
        <div className="cart-page">
          <CartChangesNotice recheck={recheck} currency={setting?.currency} />
          <CartTable lines={lines} currency={setting?.currency} />
          <CartSummary lines={lines} discountPercent={coupon?.discountPercent ?? 0} currency={setting?.currency} delivery={delivery} />
        </div>
      )}
    </div>
  );
}
