import { Route, Routes } from 'react-router-dom';
import { ConsoleLayout } from '../../../features/console-kit/console-layout';
import { AdminOnly, StaffGate } from '../../../features/console-kit/staff-gate';
import { StaffSessionProvider } from '../../../features/console-kit/staff-session-context';
import { InvitationPage } from '../../../features/staff-admin/components/invitation-page';
import { storeStaffSession } from '../../../features/console-kit/staff-session';
import { CategoriesRoute, InfoPagesRoute, NewProductRoute, ProductRoute, ProductsRoute, SettingsRoute, StaffRoute } from './catalog';
import { CouponsRoute } from './coupons';
import { DashboardRoute } from './dashboard';
import { EventsRoute } from './events';
import { InstantOrderRoute } from './instant-order';
import { OffersRoute } from './offers';
import { OrderRoute } from './order';
import { OrdersRoute } from './orders';
import { PayoutsRoute } from './payouts';
import { ProjectionsRoute } from './projections';
import { ReturnsRoute } from './returns';
import { StockRoute } from './stock';
import { NewOrdersBadge } from '../../../features/care-orders/components/new-orders-badge';
import { useMessages } from '../../../lib/i18n/locale';
import { careMessages } from '../../../lib/i18n/messages/care';

/**
 * The staff console under /admin/*: loaded on demand by the app router, so none of this (nor its CSS) is in
 * the storefront's initial download. One chunk: staff open it on purpose and then use every screen.
 * Each page file here composes console features (client/src/features/care-orders, stock, coupons, ...).
 */
export function AdminApp() {
  useMessages(careMessages);
  return (
    <StaffSessionProvider onSignedIn={storeStaffSession}>
      <Routes>
        {/* The invitation mail's set-password page: before any sign-in, so outside the gate (issue 31). */}
        <Route path="invitation/:token" element={<InvitationPage />} />
        <Route
          path="*"
          element={
            <StaffGate>
              <ConsoleRoutes />
            </StaffGate>
          }
        />
      </Routes>
    </StaffSessionProvider>
  );
}

function ConsoleRoutes() {
  return (
    <Routes>
      <Route element={<ConsoleLayout navBadges={{ '/admin/orders': <NewOrdersBadge /> }} />}>
        <Route index element={<DashboardRoute />} />
        <Route path="orders" element={<OrdersRoute />} />
        <Route path="orders/:orderId" element={<OrderRoute />} />
        <Route path="instant-order" element={<InstantOrderRoute />} />
        <Route path="payouts" element={<PayoutsRoute />} />
        <Route path="returns" element={<ReturnsRoute />} />
        <Route path="stock" element={<StockRoute />} />
        <Route path="offers" element={<OffersRoute />} />
        <Route path="products" element={<ProductsRoute />} />
        <Route path="products/new" element={<AdminOnly page={<NewProductRoute />} />} />
        <Route path="products/:id" element={<ProductRoute />} />
        <Route path="categories" element={<CategoriesRoute />} />
        <Route path="settings" element={<SettingsRoute />} />
        <Route path="pages" element={<InfoPagesRoute />} />
        <Route path="staff" element={<StaffRoute />} />
        <Route path="coupons" element={<AdminOnly page={<CouponsRoute />} />} />
        <Route path="events" element={<AdminOnly page={<EventsRoute />} />} />
        <Route path="projections" element={<AdminOnly page={<ProjectionsRoute />} />} />
        <Route path="*" element={<p className="notice">There is no such console page.</p>} />
      </Route>
    </Routes>
  );
}
