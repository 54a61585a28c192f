import { useEffect, useId, useRef, useState } from 'react';
import Squire from 'squire-rte';
import { cleanHtmlFragment, tidy } from './rich-text-clean';

/**
 * The rich-text editor for descriptions and info pages: paragraphs, bold, italic, a subheading, bulleted and
 * numbered lists, undo. Built on Squire (squire-rte, Fastmail's editor: no dependencies, about 18 KB gzipped),
 * loaded only by the screens that edit text (see rich-text-field.tsx). Squire does the editing the browser
 * gets wrong (Enter, Backspace, lists, undo) without document.execCommand; what it holds is only what the
 * server keeps (rich-text-clean.ts, mirroring server/catalog/description-html.ts), so a paste from Word, Google
 * Docs or Facebook arrives as its paragraphs, lists, bold and italic, without another page's styles. The server
 * still cleans everything on save.
 */
export default function RichTextEditor({ name, label, hint, defaultValue, lang, disabled, onChange }: RichTextProps) {
  const [html, setHtml] = useState(defaultValue);
  const [source, setSource] = useState(false);
  const [path, setPath] = useState('');
  const area = useRef<HTMLDivElement | null>(null);
  const editor = useRef<Squire | null>(null);
  // The latest HTML and onChange for the editor's listeners, which are attached once per editor.
  const latest = useRef({ html, onChange });
  latest.current = { html, onChange };
  const hintId = useId();

  const update = (next: string) => {
    setHtml(next);
    onChange?.(next);
  };

  useEffect(() => {
    const root = area.current;
    if (!root || source) return;
    if (disabled) {
      // Read only: the text as it is, without an editor.
      root.replaceChildren(cleanHtmlFragment(latest.current.html));
      return;
    }
    const squire = new Squire(root, {
      blockTag: 'P',
      // Links are not kept by the server (no attributes are), so none are made from typed or pasted addresses.
      addLinks: false,
      sanitizeToDOMFragment: (dirty) => cleanHtmlFragment(dirty),
      didError: (error) => console.warn('rich-text editor', error),
    });
    // An empty editor starts inside a paragraph (Squire's default block), so the first line is one as well.
    squire.setHTML(latest.current.html);
    squire.addEventListener('input', () => {
      const next = tidy(squire.getHTML());
      if (next === latest.current.html) return;
      setHtml(next);
      latest.current.onChange?.(next);
    });
    squire.addEventListener('pathChange', (event: Event) => setPath((event as CustomEvent<{ path: string }>).detail.path));
    editor.current = squire;
    return () => {
      squire.destroy();
      root.removeAttribute('contenteditable'); // Squire's destroy leaves the area editable (while a save runs, say)
      editor.current = null;
    };
  }, [source, disabled]);

  const setBlock = (tag: 'P' | 'H3') => (squire: Squire) =>
    squire.modifyBlocks((fragment) => {
      for (const block of Array.from(fragment.querySelectorAll('p, div, h3, h4'))) {
        const next = document.createElement(tag);
        next.append(...Array.from(block.childNodes));
        block.replaceWith(next);
      }
      return fragment;
    });
  const inHeading = /(^|>)H3(>|$)/.test(path);
  const inList = (tag: 'UL' | 'OL') => new RegExp(`(^|>)${tag}(>|$)`).test(path);
  const tools: Array<{ label: string; text: string; pressed: boolean; run: (squire: Squire) => unknown }> = [
    { label: 'Bold', text: 'B', pressed: /(^|>)(B|STRONG)(>|$)/.test(path), run: (s) => (s.hasFormat('B') ? s.removeBold() : s.bold()) },
    { label: 'Italic', text: 'I', pressed: /(^|>)(I|EM)(>|$)/.test(path), run: (s) => (s.hasFormat('I') ? s.removeItalic() : s.italic()) },
    { label: 'Subheading', text: 'H', pressed: inHeading, run: inHeading ? setBlock('P') : setBlock('H3') },
    { label: 'Bulleted list', text: '•', pressed: inList('UL'), run: (s) => (inList('UL') ? s.removeList() : s.makeUnorderedList()) },
    { label: 'Numbered list', text: '1.', pressed: inList('OL'), run: (s) => (inList('OL') ? s.removeList() : s.makeOrderedList()) },
  ];
  return (
    <div className="admin-rich">
      <span className="admin-rich__label" id={`${hintId}-label`}>
        {label}
      </span>
      {hint && (
        <span className="admin-hint" id={hintId}>
          {hint}
        </span>
      )}
      <div className="admin-rich__tools" role="toolbar" aria-label={`${label}: formatting`}>
        {tools.map((tool) => (
          <button
            key={tool.label}
            type="button"
            className="button button--secondary"
            aria-label={tool.label}
            aria-pressed={tool.pressed}
            title={tool.label}
            disabled={disabled || source}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              const squire = editor.current;
              if (!squire) return;
              squire.focus();
              tool.run(squire);
            }}
          >
            {tool.text}
          </button>
        ))}
        <button type="button" className="link-button" aria-pressed={source} disabled={disabled} onClick={() => setSource(!source)}>
          {source ? 'Back to the editor' : 'Edit as HTML'}
        </button>
      </div>
      {source ? (
        <textarea className="field__input admin-pre" rows={8} value={html} aria-label={`${label} (HTML)`} disabled={disabled} onChange={(event) => update(event.target.value)} />
      ) : (
        <div
          ref={area}
          className="field__input admin-rich__area"
          role="textbox"
          aria-multiline="true"
          aria-label={label}
          aria-describedby={hint ? hintId : undefined}
          aria-disabled={disabled || undefined}
          lang={lang}
        />
      )}
      <input type="hidden" name={name} value={html} />
    </div>
  );
}

export interface RichTextProps {
  name: string;
  label: string;
  hint?: string;
  defaultValue: string;
  lang?: string;
  disabled?: boolean;
  onChange?: (html: string) => void;
}
