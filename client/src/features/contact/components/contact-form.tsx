import { useState, type FormEvent } from 'react';
import { showAlert, showToast } from '../../../components/feedback/feedback-store';
import { PhoneInput } from '../../../components/ui/phone-input';
import { hasEmptyField, whatsAppLink, type ContactMessage } from '../whatsapp-link';

const EMPTY: ContactMessage = { firstname: '', lastname: '', number: '', email: '', message: '' };

/** The contact form (spec §2, §5): all five fields required; sending opens a WhatsApp chat, no server call. */
export function ContactForm({ whatsApp }: { whatsApp: string | null | undefined }) {
  const [message, setMessage] = useState<ContactMessage>(EMPTY);
  const set = (key: keyof ContactMessage, value: string) => setMessage((m) => ({ ...m, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (hasEmptyField(message)) {
      await showAlert({ kind: 'warning', title: 'Missing Fields', text: 'Please fill out all fields before submitting.' });
      return;
    }
    window.open(whatsAppLink(whatsApp ?? '', message), '_blank', 'noopener,noreferrer');
    showToast({ kind: 'success', title: 'Message Sent!' });
    setMessage(EMPTY);
  }

  return (
    <form className="form card" onSubmit={(e) => void submit(e)} noValidate>
      <div className="form__row">
        <div className="field">
          <label className="field__label" htmlFor="contact-firstname">
            First name
          </label>
          <input id="contact-firstname" name="firstname" className="field__input" autoComplete="given-name" value={message.firstname} onChange={(e) => set('firstname', e.target.value)} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="contact-lastname">
            Last name
          </label>
          <input id="contact-lastname" name="lastname" className="field__input" autoComplete="family-name" value={message.lastname} onChange={(e) => set('lastname', e.target.value)} />
        </div>
      </div>
      <div className="form__row">
        <div className="field">
          <label className="field__label" htmlFor="contact-number">
            Phone number
          </label>
          <PhoneInput id="contact-number" name="number" className="field__input" autoComplete="tel" value={message.number} onValue={(value) => set('number', value)} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="contact-email">
            Email
          </label>
          <input id="contact-email" name="email" className="field__input" type="email" autoComplete="email" value={message.email} onChange={(e) => set('email', e.target.value)} />
        </div>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="contact-message">
          Message
        </label>
        <textarea id="contact-message" name="message" className="field__input" value={message.message} onChange={(e) => set('message', e.target.value)} />
      </div>
      <button type="submit" className="button">
        Send Message
      </button>
    </form>
  );
}
