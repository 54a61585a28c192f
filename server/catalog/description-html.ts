import sanitizeHtml from 'sanitize-html';

/**
 * Product descriptions and info pages are HTML that the storefront renders as is, so they are cleaned on
 * the way in: formatting tags only, no attributes at all (which removes event handlers, inline styles and
 * javascript: links in one rule), and the content of script/style elements dropped, not unwrapped.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote'],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object'],
  // The console's editor (a contentEditable) and text pasted into it make a line a <div>: kept as a paragraph,
  // so lines stay lines rather than running together when the div is removed.
  transformTags: { div: 'p' },
};

const BLOCK_TAG = /<\s*(p|div|br|ul|ol|li|h[1-6]|blockquote)\b/i;

/**
 * Text typed without paragraphs keeps its lines (issue 31: three plain lines became one paragraph): each line
 * becomes a paragraph, an empty line none. Text that has block tags already is taken as the HTML it is.
 */
function paragraphsOfPlainLines(html: string): string {
  if (BLOCK_TAG.test(html) || !/\n/.test(html.trim())) return html;
  return html
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => `<p>${line}</p>`)
    .join('');
}

export function sanitizeDescriptionHtml(html: string): string {
  return sanitizeHtml(paragraphsOfPlainLines(html), OPTIONS).trim();
}
