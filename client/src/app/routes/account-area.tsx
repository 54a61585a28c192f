import { Link, useNavigate, useParams } from 'react-router-dom';
import { Loader } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { clearSession, getSessionUser, setSession, setSessionUser, getSessionToken } from '../../lib/session';
import { useCurrentUser } from '../../features/account/api/check-current-user';
import { useCustomerOrders } from '../../features/account/api/get-customer-orders';
import { useOrdersHistory } from '../../features/account/api/get-orders-history';
import { ChangePasswordForm } from '../../features/account/components/change-password-form';
import { OrdersHistoryTable } from '../../features/account/components/orders-history-table';
import { DeleteAccountForm } from '../../features/personal-data/components/delete-account-form';
import { DownloadMyData } from '../../features/personal-data/components/download-my-data';
import { ProfileForm } from '../../features/account/components/profile-form';
import { AccountPhoneVerification } from '../../features/phone-verification/components/account-phone-verification';
import { OrderLinesTable } from '../../features/orders/components/order-lines-table';
import { CancelOrderButton } from '../../features/orders/components/cancel-order-button';
import { OrderTotalsFooter } from '../../features/orders/components/order-totals-footer';
import '../../features/orders/components/orders.css';
import { formatOrderDate, type OrderLine, type OrderRow } from '../../features/orders/types';
import { localDigits, t, useMessages } from '../../lib/i18n/locale';
import { myaccountMessages } from '../../lib/i18n/messages/myaccount';
import { ordersMessages } from '../../lib/i18n/messages/orders';
import { returnsMessages } from '../../lib/i18n/messages/returns';
import { ReturnRequestPanel } from '../../features/returns/components/return-request-panel';
import { StoreCreditLine } from '../../features/returns/components/store-credit-line';
import { AccountLayout } from '../account/account-layout';
import { useHasToken, useLogoutOnUnauthorized } from '../account/use-session-guard';

/** /dashboard (spec §2): Orders History. */
export function DashboardRoute() {
  useMessages(myaccountMessages, ordersMessages, returnsMessages);
  const navigate = useNavigate();
  const onAccountDeleted = (message: string) => {
    clearSession();
    navigate('/', { replace: true, state: { notice: message } });
  };
  return (
    <AccountLayout title={t('me.dashboard')}>
      <StoreCreditLine />
      <DashboardOrders />
      <DownloadMyData />
      <DeleteAccountForm onDeleted={(message) => onAccountDeleted(message)} />
    </AccountLayout>
  );
}

function DashboardOrders() {
  const { data, isPending, error } = useCustomerOrders();
  useLogoutOnUnauthorized(error);
  return (
    <section aria-labelledby="orders-history-title">
      <h2 id="orders-history-title" className="section-title">
        {t('me.ordersHistory')}
      </h2>
      {isPending ? <Loader label={t('me.loadingOrders')} /> : <OrdersHistoryTable orders={data ?? []} />}
    </section>
  );
}

/** /order-details/{order_id} (spec §2): billing information and order summary with the order-type footer. */
export function OrderDetailsRoute() {
  const { orderId = '' } = useParams();
  const hasToken = useHasToken();
  useMessages(myaccountMessages, ordersMessages, returnsMessages);
  return (
    <AccountLayout title={t('me.detailsTitle', { id: orderId })} crumbs={[{ label: t('me.backToList'), to: '/dashboard' }, { label: orderId }]}>
      {hasToken && <OrderDetails orderId={orderId} />}
    </AccountLayout>
  );
}

function OrderDetails({ orderId }: { orderId: string }) {
  const { data, isPending, error } = useOrdersHistory(orderId);
  useLogoutOnUnauthorized(error);
  if (isPending) return <Loader label={t('me.loadingOrder')} />;
  if (!data) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 422);
    return (
      <div className="notice notice--error" role="alert">
        <p>{missing ? t('me.orderMissing', { id: orderId }) : t('me.orderFailed')}</p>
        <p>
          <Link to="/dashboard">{t('me.seeOrders')}</Link>
          {t('me.or')}
          <Link to={`/order-tracking?orderId=${encodeURIComponent(orderId)}`}>{t('me.trackByPhone')}</Link>.
        </p>
      </div>
    );
  }
  const order = data.orderrow as unknown as OrderRow;
  const lines = data.orderhistory as unknown as OrderLine[];
  return (
    <>
      <section className="card billing" aria-labelledby="billing-title">
        <h2 id="billing-title" className="section-title">
          {t('me.billing')}
        </h2>
        <dl className="details-list">
          <div>
            <dt>{t('me.orderId')}</dt>
            <dd>{order.orderId}</dd>
          </div>
          <div>
            <dt>{t('me.name')}</dt>
            <dd>{order.customer_name ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('me.email')}</dt>
            <dd>{order.email || '—'}</dd>
          </div>
          <div>
            <dt>{t('me.phoneNumber')}</dt>
            <dd>{order.phone_number ? localDigits(order.phone_number) : '—'}</dd>
          </div>
          <div>
            <dt>{t('me.date')}</dt>
            <dd>{formatOrderDate(order.order_date)}</dd>
          </div>
        </dl>
        {/* Issue 32: the owner cancels a pending order here too (signed in: no phone to type). */}
        <CancelOrderButton orderId={order.orderId} statusName={order.order_status_name ?? ''} />
      </section>
      <section aria-labelledby="summary-title">
        <h2 id="summary-title" className="section-title">
          {t('me.summary')}
        </h2>
        <OrderLinesTable lines={lines} currency={data.currencySymbol} footer={<OrderTotalsFooter order={order} currency={data.currencySymbol} />} />
      </section>
      {order.order_status_name.trim().toLowerCase() === 'delivered' && <ReturnRequestPanel orderId={order.orderId} />}
    </>
  );
}

/** /users/profile (spec §2). */
export function ProfileRoute() {
  useMessages(myaccountMessages);
  return (
    <AccountLayout title={t('me.profile')}>
      <Profile />
    </AccountLayout>
  );
}

function Profile() {
  const { data: user, isPending, error } = useCurrentUser();
  useLogoutOnUnauthorized(error);
  if (isPending) return <Loader />;
  if (!user) return null;
  return (
    <>
      <ProfileForm key={`${user.name}/${user.phone_number ?? ''}`} user={user} onUpdated={(updated) => setSessionUser({ name: updated.name, email: updated.email, phone_number: updated.phone_number ?? null })} />
      <AccountPhoneVerification phone={user.phone_number} verified={user.phone_verified} />
    </>
  );
}

/** /users/change-password (spec §2): a changed password may come with a new token, kept in the session. */
export function ChangePasswordRoute() {
  useMessages(myaccountMessages);
  return (
    <AccountLayout title={t('me.changePassword')}>
      <ChangePasswordForm
        onChanged={(answer) => {
          const user = getSessionUser();
          if (answer.access_token && getSessionToken() && user) setSession(answer.access_token, user);
        }}
      />
    </AccountLayout>
  );
}
