import sanitizeHtml from 'sanitize-html';

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * A description's HTML as the plain text Meta's catalogue asks for: no tags (block ends become spaces, so
 * words of two paragraphs do not run together), entities read, white space collapsed, at most `max` characters.
 */
export function htmlToPlainText(html: string, max = 5000): string {
  const spaced = html.replace(/<\s*(br|\/p|\/li|\/h[1-6]|\/div|\/tr)\b[^>]*>/gi, ' ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return NAMED[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
