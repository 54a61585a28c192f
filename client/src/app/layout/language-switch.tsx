import { useId } from 'react';
import { getLocale, LOCALES, setLocale, t, type Locale } from '../../lib/i18n/locale';

/**
 * English / বাংলা in the top bar (issue 18). Choosing a language loads its catalog (Bengali is a lazy chunk),
 * remembers it in localStorage and sets `<html lang>`; the page re-renders in place, the address unchanged.
 */
export function LanguageSwitch() {
  const id = useId();
  const locale = getLocale();
  return (
    <span className="language-switch">
      <label htmlFor={id} className="visually-hidden">
        {t('lang.label')}
      </label>
      <select
        id={id}
        className="language-switch__select"
        value={locale}
        onChange={(event) => void setLocale(event.target.value as Locale)}
        onPointerEnter={() => locale === 'en' && void import('../../lib/i18n/bn')}
      >
        {LOCALES.map((option) => (
          // Each language names itself, in its own script, whatever the page's language is.
          <option key={option} value={option} lang={option}>
            {t(option === 'en' ? 'lang.en' : 'lang.bn')}
          </option>
        ))}
      </select>
    </span>
  );
}
