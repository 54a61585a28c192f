import { localDigits, t } from '../../../lib/i18n/locale';
import { ownerWords } from '../../../lib/i18n/product-text';
import type { Setting } from '../api/get-setting-row';

/** The store's address, e-mail and WhatsApp number from its settings, each left out when it is not set. */
export function ContactLines({ setting, className }: { setting: Setting | undefined; className: string }) {
  return (
    <ul className={className}>
      {setting?.address && <li>{ownerWords(setting.address, setting.address_bn)}</li>}
      {setting?.email && (
        <li>
          <a href={`mailto:${setting.email}`}>{setting.email}</a>
        </li>
      )}
      {setting?.whatsApp && <li>{t('care.whatsAppLine', { phone: localDigits(setting.whatsApp) })}</li>}
    </ul>
  );
}
