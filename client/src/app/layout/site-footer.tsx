import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSettingRow } from '../../features/settings/api/get-setting-row';
import { ContactLines } from '../../features/settings/components/contact-lines';
import { localDigits, t } from '../../lib/i18n/locale';
import { ownerWords } from '../../lib/i18n/product-text';
import { ChevronIcon } from './icons';
import { useHasSession } from './use-has-session';
import { DESKTOP_QUERY, useMediaQuery } from './use-media-query';

export function SiteFooter() {
  const { data: setting } = useSettingRow();
  const hasSession = useHasSession();
  const storeName = ownerWords(setting?.name, setting?.name_bn);
  const whatsAppDigits = setting?.whatsApp?.replace(/\D/g, '');

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <FooterSection title={storeName ? t('footer.aboutStore', { store: storeName }) : t('nav.about')}>
          {setting?.description && <p>{ownerWords(setting.description, setting.description_bn)}</p>}
          <ContactLines setting={setting} className="site-footer__list" />
        </FooterSection>

        <FooterSection title={t('footer.followUs')}>
          <ul className="site-footer__list">
            {setting?.fblink && (
              <li>
                <a href={setting.fblink} target="_blank" rel="noopener noreferrer">
                  Facebook<span className="visually-hidden">{t('header.newTab')}</span>
                </a>
              </li>
            )}
            {whatsAppDigits && (
              <li>
                <a href={`https://wa.me/${whatsAppDigits}`} target="_blank" rel="noopener noreferrer">
                  WhatsApp<span className="visually-hidden">{t('header.newTab')}</span>
                </a>
              </li>
            )}
          </ul>
        </FooterSection>

        <FooterSection title={t('header.myAccount')}>
          <ul className="site-footer__list">
            <li>
              <Link to={hasSession ? '/dashboard' : '/login'}>{hasSession ? t('header.myAccount') : t('header.login')}</Link>
            </li>
            {!hasSession && (
              <li>
                <Link to="/register">{t('header.register')}</Link>
              </li>
            )}
            <li>
              <Link to="/order-tracking">{t('header.track')}</Link>
            </li>
            <li>
              <Link to="/wishlist">{t('header.wishlist')}</Link>
            </li>
            <li>
              <Link to="/cart">{t('header.cart')}</Link>
            </li>
          </ul>
        </FooterSection>

        <FooterSection title={t('footer.importantLinks')}>
          <ul className="site-footer__list">
            <li>
              <Link to="/about">{t('nav.about')}</Link>
            </li>
            <li>
              <Link to="/contact">{t('footer.contactUs')}</Link>
            </li>
            <li>
              <Link to="/terms">{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to="/privacy-policy">{t('footer.privacy')}</Link>
            </li>
            <li>
              <Link to="/return-policy">{t('footer.returns')}</Link>
            </li>
            <li>
              <Link to="/siteMap">{t('footer.siteMap')}</Link>
            </li>
          </ul>
        </FooterSection>
      </div>
      <div className="container">
        <p className="site-footer__bottom">
          © {localDigits(new Date().getFullYear())} {storeName || t('footer.rights')}
          {storeName && t('footer.rightsAfterName')}
        </p>
      </div>
    </footer>
  );
}

/** A footer column: always open from 992px, a disclosure button below it (spec §2). */
function FooterSection({ title, children }: { title: string; children: ReactNode }) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const expanded = isDesktop || open;

  return (
    <section className="footer-section">
      <h2 className="footer-section__title">
        {isDesktop ? (
          title
        ) : (
          <button
            type="button"
            className="footer-section__toggle"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen((value) => !value)}
          >
            {title}
            <ChevronIcon />
          </button>
        )}
      </h2>
      <div id={bodyId} className="footer-section__body" hidden={!expanded}>
        {children}
      </div>
    </section>
  );
}
