import { Breadcrumb } from '../../components/ui/breadcrumb';
import { ContactForm } from '../../features/contact/components/contact-form';
import { useSettingRow } from '../../features/settings/api/get-setting-row';
import { ContactLines } from '../../features/settings/components/contact-lines';

/** /contact (spec §2). */
export function ContactRoute() {
  const { data: setting } = useSettingRow();
  return (
    <div className="container page">
      <title>Contact</title>
      <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: 'Contact' }]} />
      <h1 className="page__title">Contact Us</h1>
      <div className="contact-page">
        <ContactForm whatsApp={setting?.whatsApp} />
        <section className="card" aria-labelledby="contact-info-title">
          <h2 id="contact-info-title" className="section-title">
            {setting?.name ?? 'Our store'}
          </h2>
          <ContactLines setting={setting} className="contact-info" />
        </section>
      </div>
    </div>
  );
}
