import type { en } from './en';
import type { accountEn } from './messages/account.en';
import type { careEn } from './messages/care.en';
import type { cartEn } from './messages/cart.en';
import type { checkoutEn } from './messages/checkout.en';
import type { homeEn } from './messages/home.en';
import type { myaccountEn } from './messages/myaccount.en';
import type { offerEn } from './messages/offer.en';
import type { ordersEn } from './messages/orders.en';
import type { pagesEn } from './messages/pages.en';
import type { parcelEn } from './messages/parcel.en';
import type { payoutsEn } from './messages/payouts.en';
import type { phoneEn } from './messages/phone.en';
import type { productEn } from './messages/product.en';
import type { recoveryEn } from './messages/recovery.en';
import type { returnsEn } from './messages/returns.en';
import type { setupEn } from './messages/setup.en';
import type { shopEn } from './messages/shop.en';
import type { sourcesEn } from './messages/sources.en';
import type { staffEn } from './messages/staff.en';

/**
 * Every message key of the storefront: the shell's (bundled) and each page namespace's. Type-only imports:
 * nothing here reaches a bundle. A key used in `t()` that no catalog has fails the type check.
 */
export type MessageKey = keyof typeof en | keyof typeof accountEn | keyof typeof careEn | keyof typeof cartEn | keyof typeof checkoutEn | keyof typeof homeEn | keyof typeof myaccountEn | keyof typeof offerEn | keyof typeof ordersEn | keyof typeof pagesEn | keyof typeof parcelEn | keyof typeof payoutsEn | keyof typeof phoneEn | keyof typeof productEn | keyof typeof recoveryEn | keyof typeof setupEn | keyof typeof shopEn | keyof typeof sourcesEn | keyof typeof returnsEn | keyof typeof staffEn;
