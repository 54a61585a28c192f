import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { t } from '../../../lib/i18n/locale';
import { categoryName, productName } from '../../../lib/i18n/product-text';
import { useCategoryTree } from '../api/get-category-tree';
import { SEARCH_MIN_LENGTH, useSearchProducts } from '../api/search-products';

/**
 * The header search (spec §2): category dropdown (All Categories plus sub-categories) and a combobox with
 * product suggestions from 2 characters. Choosing a suggestion opens the product; Enter searches the shop.
 */
export function SearchBox({ inputRef }: { inputRef?: React.Ref<HTMLInputElement> }) {
  const navigate = useNavigate();
  const { data: categories } = useCategoryTree();
  const [category, setCategory] = useState('all');
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const inputId = useId();
  const selectId = useId();
  const box = useRef<HTMLFormElement>(null);

  // Ask the server once typing pauses, not on every key: phones on slow networks pay per request.
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), 250);
    return () => window.clearTimeout(timer);
  }, [text]);

  const { data: suggestions = [], isFetching } = useSearchProducts(query, category);
  const showList = open && query.length >= SEARCH_MIN_LENGTH;

  useEffect(() => setActive(-1), [query, category]);

  function choose(slug: string) {
    setOpen(false);
    setText('');
    navigate(`/product-details/${slug}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(suggestions.length - 1, i + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(-1, i - 1));
    } else if (event.key === 'Escape') {
      setOpen(false);
    } else if (event.key === 'Enter' && showList && active >= 0 && suggestions[active]) {
      event.preventDefault();
      choose(suggestions[active].slug);
    }
  }

  return (
    <form
      ref={box}
      role="search"
      className="search-box"
      onSubmit={(event) => {
        event.preventDefault();
        const q = text.trim();
        setOpen(false);
        navigate(q ? `/shop?search=${encodeURIComponent(q)}` : '/shop');
      }}
      onBlur={(event) => {
        if (!box.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor={selectId} className="visually-hidden">
        {t('nav.category')}
      </label>
      <select id={selectId} className="search-box__category" value={category} onChange={(e) => setCategory(e.target.value)}>
        <option value="all">{t('catalog.allCategories')}</option>
        {(categories ?? []).map((parent) => (
          <optgroup key={parent.id} label={categoryName(parent)}>
            {parent.children.map((child) => (
              <option key={child.id} value={String(child.id)}>
                {categoryName(child)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <label htmlFor={inputId} className="visually-hidden">
        {t('catalog.searchProducts')}
      </label>
      <input
        id={inputId}
        ref={inputRef}
        className="search-box__input"
        type="search"
        placeholder={t('catalog.searchPlaceholder')}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="search-box__submit" aria-label={t('nav.search')}>
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-4-4" />
        </svg>
      </button>
      <ul id={listId} role="listbox" aria-label={t('catalog.suggestions')} className="search-box__list" hidden={!showList}>
        {showList && suggestions.length === 0 && (
          <li className="search-box__empty" role="presentation">
            {isFetching ? t('catalog.searching') : t('catalog.noProducts')}
          </li>
        )}
        {showList &&
          suggestions.map((item, index) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the combobox's keys choose an option (aria-activedescendant: arrows, Enter); options take no focus
            <li
              key={item.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className="search-box__option"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(item.slug)}
            >
              {item.thumbnail && <img src={item.thumbnail} alt="" width={40} height={40} loading="lazy" />}
              <span>{productName(item)}</span>
            </li>
          ))}
      </ul>
    </form>
  );
}
