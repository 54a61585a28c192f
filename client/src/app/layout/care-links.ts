import { normalizePhone } from '../../../../contracts/phone';

/** tel: and WhatsApp links of the store's care line (settings `hotline`, else `whatsApp`). */
export function careLinks(setting: { hotline?: string | null; whatsApp?: string | null } | undefined) {
  const hotline = (setting?.hotline || setting?.whatsApp || '').trim();
  const whatsAppDigits = (setting?.whatsApp || '').replace(/\D/g, '');
  const national = normalizePhone(hotline);
  return {
    hotline: hotline ? national || hotline : '',
    tel: hotline ? `tel:${national.startsWith('0') ? `+88${national}` : hotline.replace(/[^\d+]/g, '')}` : '',
    whatsApp: whatsAppDigits ? `https://wa.me/${whatsAppDigits}` : '',
  };
}
