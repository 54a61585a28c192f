import { Route, Routes } from 'react-router-dom';
import { AdminLayout } from './components/admin-layout';
import { AdminOnly, StaffGate } from './components/staff-gate';
import { StaffSessionProvider } from './components/staff-session-context';
import { storeStaffSession } from './lib/staff-session';
import { CouponsRoute } from './routes/coupons';
import { DashboardRoute } from './routes/dashboard';
import { EventsRoute } from './routes/events';
import { InstantOrderRoute } from './routes/instant-order';
import { OrderRoute } from './routes/order-page';
import { OrdersListRoute } from './routes/orders-list';
import { ProjectionsRoute } from './routes/projections';
import { StockRoute } from './routes/stock';
import './admin.css';

/**
 * The staff console under /admin/*: loaded on demand by the app router, so none of this (nor its CSS) is in
 * the storefront's initial download. One chunk: staff open it on purpose and then use every screen.
 */
export function AdminApp() {
  return (
    <StaffSessionProvider onSignedIn={storeStaffSession}>
      <StaffGate>
        <Routes>
          <Route element={<AdminLayout />}>
            <Route index element={<DashboardRoute />} />
            <Route path="orders" element={<OrdersListRoute />} />
            <Route path="orders/:orderId" element={<OrderRoute />} />
            <Route path="instant-order" element={<InstantOrderRoute />} />
            <Route path="stock" element={<StockRoute />} />
            <Route
              path="coupons"
              element={
                <AdminOnly>
                  <CouponsRoute />
                </AdminOnly>
              }
            />
            <Route
              path="events"
              element={
                <AdminOnly>
                  <EventsRoute />
                </AdminOnly>
              }
            />
            <Route
              path="projections"
              element={
                <AdminOnly>
                  <ProjectionsRoute />
                </AdminOnly>
              }
            />
            <Route path="*" element={<p className="notice">There is no such console page.</p>} />
          </Route>
        </Routes>
      </StaffGate>
    </StaffSessionProvider>
  );
}
