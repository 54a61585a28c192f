import { t } from '../../../lib/i18n/locale';
import { useEffect, useId, useState } from 'react';

/** The "Search by" box of the shop: submitting reloads page 1 with the text (spec §2). */
export function ShopSearch({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState(value);
  const id = useId();
  useEffect(() => setText(value), [value]);
  return (
    <form
      role="search"
      className="shop-search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor={id} className="shop-search__label">
        {t('shop.searchBy')}
      </label>
      <div className="shop-search__row">
        <input id={id} className="field__input" type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('shop.productName')} />
        <button type="submit" className="button">
          {t('nav.search')}
        </button>
      </div>
    </form>
  );
}
