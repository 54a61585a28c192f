import { t } from '../../../lib/i18n/locale';
import { useState, type FormEvent } from 'react';
import { showAlert, showToast } from '../../../components/feedback/feedback-store';
import { PhoneInput } from '../../../components/ui/phone-input';
import { TextField } from '../../../components/ui/text-field';
import { hasEmptyField, whatsAppLink, type ContactMessage } from '../whatsapp-link';

const EMPTY: ContactMessage = { firstname: '', lastname: '', number: '', email: '', message: '' };

/** The contact form (spec §2, §5): all five fields required; sending opens a WhatsApp chat, no server call. */
export function ContactForm({ whatsApp }: { whatsApp: string | null | undefined }) {
  const [message, setMessage] = useState<ContactMessage>(EMPTY);
  const set = (key: keyof ContactMessage, value: string) => setMessage((m) => ({ ...m, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (hasEmptyField(message)) {
      await showAlert({ kind: 'warning', title: t('contact.missingTitle'), text: t('contact.missingText') });
      return;
    }
    window.open(whatsAppLink(whatsApp ?? '', message), '_blank', 'noopener,noreferrer');
    showToast({ kind: 'success', title: t('contact.sent') });
    setMessage(EMPTY);
  }

  return (
    <form className="form card" onSubmit={(e) => void submit(e)} noValidate>
      <div className="form__row">
        <TextField label={t('contact.firstName')} id="contact-firstname" name="firstname" autoComplete="given-name" value={message.firstname} onChange={(e) => set('firstname', e.target.value)} />
        <TextField label={t('contact.lastName')} id="contact-lastname" name="lastname" autoComplete="family-name" value={message.lastname} onChange={(e) => set('lastname', e.target.value)} />
      </div>
      <div className="form__row">
        <div className="field">
          <label className="field__label" htmlFor="contact-number">
            {t('contact.phone')}
          </label>
          <PhoneInput id="contact-number" name="number" className="field__input" autoComplete="tel" value={message.number} onValue={(value) => set('number', value)} />
        </div>
        <TextField label={t('contact.email')} id="contact-email" name="email" type="email" autoComplete="email" value={message.email} onChange={(e) => set('email', e.target.value)} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="contact-message">
          {t('contact.message')}
        </label>
        <textarea id="contact-message" name="message" className="field__input" value={message.message} onChange={(e) => set('message', e.target.value)} />
      </div>
      <button type="submit" className="button">
        {t('contact.send')}
      </button>
    </form>
  );
}
