import { useId, useRef, useState } from 'react';

/**
 * A small rich-text editor for descriptions and info pages: paragraphs, bold, italic, bulleted and numbered
 * lists, a subheading. Built on the browser's own editing (contentEditable), so it adds no library: about 2 KB,
 * loaded only by the screens that edit text (see rich-text-field.tsx). What it writes is HTML that the server
 * cleans as before (server/catalog/description-html.ts); a pasted text keeps its lines.
 */
export default function RichTextEditor({ name, label, hint, defaultValue, lang, disabled, onChange }: RichTextProps) {
  const [html, setHtml] = useState(defaultValue);
  const [source, setSource] = useState(false);
  const area = useRef<HTMLDivElement | null>(null);
  const hintId = useId();
  const update = (next: string) => {
    setHtml(next);
    onChange?.(next);
  };
  const run = (command: string, value?: string) => {
    area.current?.focus();
    document.execCommand(command, false, value);
    update(area.current?.innerHTML ?? '');
  };
  const tools: Array<{ label: string; text: string; command: string; value?: string }> = [
    { label: 'Bold', text: 'B', command: 'bold' },
    { label: 'Italic', text: 'I', command: 'italic' },
    { label: 'Subheading', text: 'H', command: 'formatBlock', value: 'h3' },
    { label: 'Paragraph', text: '¶', command: 'formatBlock', value: 'p' },
    { label: 'Bulleted list', text: '•', command: 'insertUnorderedList' },
    { label: 'Numbered list', text: '1.', command: 'insertOrderedList' },
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
          <button key={tool.label} type="button" className="button button--secondary" aria-label={tool.label} title={tool.label} disabled={disabled || source} onMouseDown={(event) => event.preventDefault()} onClick={() => run(tool.command, tool.value)}>
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
          ref={(element) => {
            if (element && area.current !== element) {
              area.current = element;
              // An empty editor starts inside a paragraph, so the first line is one as well as the next.
              element.innerHTML = html.trim() ? html : '<p><br></p>';
            }
          }}
          className="field__input admin-rich__area"
          role="textbox"
          aria-multiline="true"
          aria-label={label}
          aria-describedby={hint ? hintId : undefined}
          lang={lang}
          contentEditable={!disabled}
          suppressContentEditableWarning
          // Enter starts a new paragraph (<p>), not the browser's default <div>, so every line is one on the shop.
          onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
          onInput={(event) => update(event.currentTarget.innerHTML)}
          onPaste={(event) => {
            // Pasted text arrives as text: its lines stay lines, another page's styles stay out.
            event.preventDefault();
            document.execCommand('insertText', false, event.clipboardData.getData('text/plain'));
            update(event.currentTarget.innerHTML);
          }}
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
