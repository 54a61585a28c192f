import { useSettingRow } from '../../features/settings/api/get-setting-row';
import { careLinks } from './care-links';

/** "Questions? Call or WhatsApp us": the care line where a shopper may need it (issue 16). */
export function ContactCare({ text = 'Questions about your order?' }: { text?: string }) {
  const { data: setting } = useSettingRow();
  const care = careLinks(setting);
  if (!care.tel && !care.whatsApp) return null;
  return (
    <p className="contact-care">
      {text}{' '}
      {care.tel && (
        <a href={care.tel} className="contact-care__link">
          Call {care.hotline}
        </a>
      )}
      {care.tel && care.whatsApp && ' or '}
      {care.whatsApp && (
        <a href={care.whatsApp} className="contact-care__link" target="_blank" rel="noopener noreferrer">
          WhatsApp us<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      )}
    </p>
  );
}
