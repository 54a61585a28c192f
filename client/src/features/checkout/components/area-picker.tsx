import { useEffect, useId, useState } from 'react';
import { getLocale, t } from '../../../lib/i18n/locale';
import { AREA_SEARCH_MIN_LENGTH, useSearchAreas, type Area } from '../api/search-areas';

/** How an area reads in the shopper's language: "Dhanmondi, Dhaka" / "ধানমন্ডি, ঢাকা"; a district alone by its name. */
export function areaLabel(area: Area): string {
  const bn = getLocale() === 'bn';
  const name = bn ? area.name_bn : area.name;
  const district = bn ? area.district_bn : area.district;
  return area.id.startsWith('d-') ? name : `${name}, ${district}`;
}

/**
 * The district and thana picker of the checkout (ADR 059): the shopper types a few letters in English or
 * Bengali, the matching areas load from the store (nothing is bundled), and a tap picks one. Picked, it shows
 * as a line with a button to change it.
 */
export function AreaPicker({ value, onPick, error }: { value: Area | null; onPick: (area: Area | null) => void; error?: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const [typed, setTyped] = useState('');
  // Ask once the shopper pauses (150 ms), not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setTyped(text), 150);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useSearchAreas(typed);
  const results = typed.trim().length >= AREA_SEARCH_MIN_LENGTH ? (search.data ?? []) : [];

  if (value) {
    return (
      <div className="field area-picker">
        <span className="field__label">{t('checkout.areaLabel')}</span>
        <p className="area-picker__picked" data-area-id={value.id}>
          <strong>{areaLabel(value)}</strong>{' '}
          <button type="button" className="link-button" onClick={() => onPick(null)}>
            {t('checkout.areaChange')}
          </button>
        </p>
        {error && <p className="field__error">{error}</p>}
      </div>
    );
  }
  return (
    <div className="field area-picker">
      <label className="field__label" htmlFor={`${id}-input`}>
        {t('checkout.areaLabel')}
      </label>
      <input
        id={`${id}-input`}
        name="area_id"
        className="field__input"
        type="search"
        autoComplete="off"
        placeholder={t('checkout.areaPlaceholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-hint`} className="muted area-picker__hint">
        {t('checkout.areaHint')}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
      <div aria-live="polite">
        {typed.trim().length >= AREA_SEARCH_MIN_LENGTH && !search.isPending && results.length === 0 && <p className="muted">{t('checkout.areaNone')}</p>}
      </div>
      {results.length > 0 && (
        <ul className="area-picker__results" aria-label={t('checkout.areaResults')}>
          {results.map((area) => (
            <li key={area.id}>
              <button
                type="button"
                className="area-picker__option"
                onClick={() => {
                  onPick(area);
                  setText('');
                }}
              >
                {areaLabel(area)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
