import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../../lib/i18n/locale';
import { categoryName } from '../../../lib/i18n/product-text';
import { useCategoryTree } from '../api/get-category-tree';

/**
 * The Category mega menu of the desktop header (spec §2): a disclosure button opening parents with their
 * children. Escape or a click outside closes it and focus returns to the button.
 */
export function CategoryMenu() {
  const [open, setOpen] = useState(false);
  const { data: categories } = useCategoryTree();
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      className="category-menu"
      ref={root}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button ref={button} type="button" className="main-nav__link category-menu__button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        {t('nav.category')}
        <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M6 9l6 6 6-6" />
        </svg>
      </button>
      <div id={panelId} className="category-menu__panel" hidden={!open}>
        {(categories ?? []).map((parent) => (
          <div key={parent.id} className="category-menu__column">
            <Link to={`/product-category/${parent.slug}`} className="category-menu__parent" onClick={() => setOpen(false)}>
              {categoryName(parent)}
            </Link>
            <ul>
              {parent.children.map((child) => (
                <li key={child.id}>
                  <Link to={`/category/${child.slug}`} onClick={() => setOpen(false)}>
                    {categoryName(child)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
        {!categories && <p className="muted">{t('catalog.loadingCategories')}</p>}
      </div>
    </div>
  );
}
