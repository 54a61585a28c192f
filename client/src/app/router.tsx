import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RootLayout } from './layout/root-layout';

// Declarative routing, not createBrowserRouter: the data router costs ~17 KB gzip more on the first visit
// and react-query already does the data loading. Pages are loaded on demand, each in its own chunk.
function page<M>(load: () => Promise<M>, name: keyof M) {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
}

const HomeRoute = page(() => import('./routes/home'), 'HomeRoute');
const ShopRoute = page(() => import('./routes/shop'), 'ShopRoute');
const ParentCategoryRoute = page(() => import('./routes/category'), 'ParentCategoryRoute');
const ChildCategoryRoute = page(() => import('./routes/category'), 'ChildCategoryRoute');
const ProductDetailsRoute = page(() => import('./routes/product-details'), 'ProductDetailsRoute');
const OfferRoute = page(() => import('./routes/offer'), 'OfferRoute');
const OfferWinnersRoute = page(() => import('./routes/offer-winners'), 'OfferWinnersRoute');
const CategoriesRoute = page(() => import('./routes/simple-pages'), 'CategoriesRoute');
const SiteMapRoute = page(() => import('./routes/simple-pages'), 'SiteMapRoute');
const AboutRoute = page(() => import('./routes/info'), 'AboutRoute');
const TermsRoute = page(() => import('./routes/info'), 'TermsRoute');
const PrivacyRoute = page(() => import('./routes/info'), 'PrivacyRoute');
const ReturnRoute = page(() => import('./routes/info'), 'ReturnRoute');
const ContactRoute = page(() => import('./routes/contact'), 'ContactRoute');
const WishlistRoute = page(() => import('./routes/wishlist'), 'WishlistRoute');
const CartRoute = page(() => import('./routes/cart'), 'CartRoute');
const CheckoutRoute = page(() => import('./routes/checkout'), 'CheckoutRoute');
const OrderConfirmRoute = page(() => import('./routes/order-confirm'), 'OrderConfirmRoute');
const OrderTrackingRoute = page(() => import('./routes/order-tracking'), 'OrderTrackingRoute');
const VerifyOrderRoute = page(() => import('./routes/order-tracking'), 'VerifyOrderRoute');
const LoginRoute = page(() => import('./routes/account-public'), 'LoginRoute');
const RegisterRoute = page(() => import('./routes/account-public'), 'RegisterRoute');
const FindAccountRoute = page(() => import('./routes/account-recovery'), 'FindAccountRoute');
const ForgetPasswordRoute = page(() => import('./routes/account-recovery'), 'ForgetPasswordRoute');
const ResetPasswordRoute = page(() => import('./routes/account-recovery'), 'ResetPasswordRoute');
const VerifyEmailRoute = page(() => import('./routes/account-recovery'), 'VerifyEmailRoute');
const ResetPasswordByPhoneRoute = page(() => import('./routes/account-recovery'), 'ResetPasswordByPhoneRoute');
const DashboardRoute = page(() => import('./routes/account-area'), 'DashboardRoute');
const OrderDetailsRoute = page(() => import('./routes/account-area'), 'OrderDetailsRoute');
const ProfileRoute = page(() => import('./routes/account-area'), 'ProfileRoute');
const ChangePasswordRoute = page(() => import('./routes/account-area'), 'ChangePasswordRoute');
const BrandListRoute = page(() => import('./routes/admin/brands'), 'BrandListRoute');
const AddBrandRoute = page(() => import('./routes/admin/brands'), 'AddBrandRoute');
const EditBrandRoute = page(() => import('./routes/admin/brands'), 'EditBrandRoute');
const NotFoundRoute = page(() => import('./routes/not-found'), 'NotFoundRoute');
// The staff console: its own chunk(s) and layout, never part of a shopper's download.
const AdminRoute = page(() => import('./routes/admin/console'), 'AdminApp');

/** Every route of spec §2, inside the browser's router (main.tsx) or the server's (entry-server.tsx). */
export function AppRoutes() {
  return (
      <Routes>
        <Route path="/admin/*" element={<Suspense fallback={<p role="status">Loading…</p>}><AdminRoute /></Suspense>} />
        <Route element={<RootLayout />}>
          <Route index element={<HomeRoute />} />
          <Route path="shop" element={<ShopRoute />} />
          <Route path="offer" element={<OfferRoute />} />
          <Route path="offer/winners" element={<OfferWinnersRoute />} />
          <Route path="categories" element={<CategoriesRoute />} />
          <Route path="about" element={<AboutRoute />} />
          <Route path="terms" element={<TermsRoute />} />
          <Route path="privacy-policy" element={<PrivacyRoute />} />
          <Route path="return-policy" element={<ReturnRoute />} />
          <Route path="contact" element={<ContactRoute />} />
          <Route path="siteMap" element={<SiteMapRoute />} />
          <Route path="order-tracking" element={<OrderTrackingRoute />} />
          <Route path="find-account-using-phone" element={<FindAccountRoute />} />
          <Route path="forget-password" element={<ForgetPasswordRoute />} />
          <Route path="forget-password-recover-email/:id" element={<ResetPasswordRoute />} />
          <Route path="verify-email/:id" element={<VerifyEmailRoute />} />
          <Route path="reset-password-by-phone" element={<ResetPasswordByPhoneRoute />} />
          <Route path="register" element={<RegisterRoute />} />
          <Route path="referral" element={<RegisterRoute />} />
          <Route path="login" element={<LoginRoute />} />
          <Route path="dashboard" element={<DashboardRoute />} />
          <Route path="users/profile" element={<ProfileRoute />} />
          <Route path="users/change-password" element={<ChangePasswordRoute />} />
          <Route path="wishlist" element={<WishlistRoute />} />
          <Route path="cart" element={<CartRoute />} />
          <Route path="checkout" element={<CheckoutRoute />} />
          <Route path="order-confirm" element={<OrderConfirmRoute />} />
          <Route path="order-details/:orderId" element={<OrderDetailsRoute />} />
          <Route path="verify/:orderId/:phone" element={<VerifyOrderRoute />} />
          <Route path="product-details/:slug" element={<ProductDetailsRoute />} />
          <Route path="product-category/:slug" element={<ParentCategoryRoute />} />
          <Route path="category/:slug" element={<ChildCategoryRoute />} />
          <Route path="brand-list" element={<BrandListRoute />} />
          <Route path="add-brand" element={<AddBrandRoute />} />
          <Route path="edit-brand/:id" element={<EditBrandRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
  );
}
