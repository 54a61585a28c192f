import { useSettingRow } from '../../features/settings/api/get-setting-row';
import { localDigits, t } from '../../lib/i18n/locale';
import { careLinks } from './care-links';

/** "Questions? Call or WhatsApp us": the care line where a shopper may need it (issue 16). */
export function ContactCare({ text = t('care.question') }: { text?: string }) {
  const { data: setting } = useSettingRow();
  const care = careLinks(setting);
  if (!care.tel && !care.whatsApp) return null;
  return (
    <p className="contact-care">
      {text}{' '}
      {care.tel && (
        <a href={care.tel} className="contact-care__link">
          {t('care.call', { phone: localDigits(care.hotline ?? '') })}
        </a>
      )}
      {care.tel && care.whatsApp && t('care.or')}
      {care.whatsApp && (
        <a href={care.whatsApp} className="contact-care__link" target="_blank" rel="noopener noreferrer">
          {t('care.whatsApp')}<span className="visually-hidden">{t('header.newTab')}</span>
        </a>
      )}
    </p>
  );
}
