import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSettingRow } from '../../features/settings/api/get-setting-row';
import { ContactLines } from '../../features/settings/components/contact-lines';
import { ChevronIcon } from './icons';
import { useHasSession } from './use-has-session';
import { DESKTOP_QUERY, useMediaQuery } from './use-media-query';

export function SiteFooter() {
  const { data: setting } = useSettingRow();
  const hasSession = useHasSession();
  const storeName = setting?.name ?? '';
  const whatsAppDigits = setting?.whatsApp?.replace(/\D/g, '');

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <FooterSection title={storeName ? `About ${storeName}` : 'About Us'}>
          {setting?.description && <p>{setting.description}</p>}
          <ContactLines setting={setting} className="site-footer__list" />
        </FooterSection>

        <FooterSection title="Follow Us">
          <ul className="site-footer__list">
            {setting?.fblink && (
              <li>
                <a href={setting.fblink} target="_blank" rel="noopener noreferrer">
                  Facebook<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            )}
            {whatsAppDigits && (
              <li>
                <a href={`https://wa.me/${whatsAppDigits}`} target="_blank" rel="noopener noreferrer">
                  WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            )}
          </ul>
        </FooterSection>

        <FooterSection title="My Account">
          <ul className="site-footer__list">
            <li>
              <Link to={hasSession ? '/dashboard' : '/login'}>{hasSession ? 'My Account' : 'Login'}</Link>
            </li>
            {!hasSession && (
              <li>
                <Link to="/register">Register</Link>
              </li>
            )}
            <li>
              <Link to="/order-tracking">Track your order</Link>
            </li>
            <li>
              <Link to="/wishlist">Wishlist</Link>
            </li>
            <li>
              <Link to="/cart">Cart</Link>
            </li>
          </ul>
        </FooterSection>

        <FooterSection title="Important Links">
          <ul className="site-footer__list">
            <li>
              <Link to="/about">About Us</Link>
            </li>
            <li>
              <Link to="/contact">Contact Us</Link>
            </li>
            <li>
              <Link to="/terms">Terms &amp; Conditions</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/return-policy">Return Policy</Link>
            </li>
            <li>
              <Link to="/siteMap">Site Map</Link>
            </li>
          </ul>
        </FooterSection>
      </div>
      <div className="container">
        <p className="site-footer__bottom">
          © {new Date().getFullYear()} {storeName || 'All rights reserved'}
          {storeName && '. All rights reserved.'}
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
