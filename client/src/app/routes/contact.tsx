import { t, useMessages } from '../../lib/i18n/locale';
import { pagesMessages } from '../../lib/i18n/messages/pages';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { ContactForm } from '../../features/contact/components/contact-form';
import { useSettingRow } from '../../features/settings/api/get-setting-row';
import { ContactLines } from '../../features/settings/components/contact-lines';

/** /contact (spec §2). */
export function ContactRoute() {
  useMessages(pagesMessages);
  const { data: setting } = useSettingRow();
  return (
    <div className="container page">
      <title>{t('contact.title')}</title>
      <Breadcrumb items={[{ label: t('nav.home'), to: '/' }, { label: t('contact.title') }]} />
      <h1 className="page__title">{t('contact.heading')}</h1>
      <div className="contact-page">
        <ContactForm whatsApp={setting?.whatsApp} />
        <section className="card" aria-labelledby="contact-info-title">
          <h2 id="contact-info-title" className="section-title">
            {setting?.name ?? t('contact.ourStore')}
          </h2>
          <ContactLines setting={setting} className="contact-info" />
        </section>
      </div>
    </div>
  );
}
