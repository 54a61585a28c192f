import { Link } from 'react-router-dom';
import type { FirstRunStep } from '../../../../../contracts/first-run';
import type { MessageKey } from '../../../lib/i18n/keys';
import { t } from '../../../lib/i18n/locale';
import { useFirstRun } from '../api/get-first-run';

/** The console page where each step is done. */
const PAGES: Record<FirstRunStep, string> = {
  settings: '/admin/settings',
  category: '/admin/categories',
  product: '/admin/products/new',
  stock: '/admin/stock',
};

/**
 * Shown to an admin while the shop cannot take an order (issue 28): each missing step links to its page. Nothing
 * once the shop is set up, and nothing for care (they cannot do the steps).
 */
export function FirstRunChecklist({ admin }: { admin: boolean }) {
  const status = useFirstRun(admin);
  if (!admin || !status.data || status.data.ready) return null;
  return (
    <section className="card first-run" aria-labelledby="first-run-title">
      <h2 id="first-run-title" className="section-title">
        {t('setup.title')}
      </h2>
      <p>{t('setup.intro')}</p>
      <ol className="first-run__steps">
        {status.data.steps.map(({ step, done }) => (
          <li key={step} data-step={step} data-done={done}>
            {done ? <span>{t(`setup.step.${step}` as MessageKey)}</span> : <Link to={PAGES[step]}>{t(`setup.step.${step}` as MessageKey)}</Link>}{' '}
            <span className={done ? 'admin-badge admin-badge--ok' : 'admin-badge admin-badge--warn'}>{done ? t('setup.done') : t('setup.todo')}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
