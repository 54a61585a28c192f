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
};

export function sanitizeDescriptionHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
