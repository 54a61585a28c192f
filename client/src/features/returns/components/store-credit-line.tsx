import { t } from '../../../lib/i18n/locale';
import { formatMoney } from '../../../lib/money';
import { useStoreCredit } from '../api/get-store-credit';

/** The signed-in customer's store credit (issue 35), on the account's dashboard; nothing while it is zero. */
export function StoreCreditLine() {
  const credit = useStoreCredit();
  if (!credit.data || credit.data.balance <= 0) return null;
  return (
    <section aria-label={t('ret.credit.title')}>
      <p className="notice notice--success">{t('ret.credit.balance', { amount: formatMoney(credit.data.balance) })}</p>
    </section>
  );
}
