/**
 * What the rich-text editor lets in, from a saved text, "Edit as HTML" or a paste: the tags the server keeps
 * (server/catalog/description-html.ts), no attributes, and nothing else. Another page's markup is read for its
 * meaning first: a line <div> or a table cell is a paragraph, h1/h2 a subheading, a span styled bold or italic
 * (Google Docs) is bold or italic, Word's list paragraphs are a list, an emoji drawn as an image (Facebook) is
 * the emoji. The server cleans again on save; this keeps the editor showing what the shop will.
 */
const KEPT = new Set(['P', 'BR', 'STRONG', 'B', 'EM', 'I', 'U', 'UL', 'OL', 'LI', 'H3', 'H4', 'BLOCKQUOTE']);
const AS: Record<string, string> = { DIV: 'P', H1: 'H3', H2: 'H3', H5: 'H4', H6: 'H4', TD: 'P', TH: 'P', DT: 'P', DD: 'P', PRE: 'P', ADDRESS: 'P', FIGCAPTION: 'P', CAPTION: 'P' };
/** Dropped with what they hold (the server drops script/style/textarea/option/noscript/iframe/object too). */
const DROPPED = new Set(['SCRIPT', 'STYLE', 'TEXTAREA', 'OPTION', 'NOSCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'TITLE', 'META', 'LINK', 'HEAD', 'XML', 'SVG', 'MATH', 'CANVAS', 'VIDEO', 'AUDIO', 'BUTTON', 'SELECT', 'INPUT']);

export function cleanHtmlFragment(html: string): DocumentFragment {
  // A template's content is inert: nothing in it runs or loads while it is read.
  const template = document.createElement('template');
  template.innerHTML = html;
  const out = document.createDocumentFragment();
  copyClean(template.content, out);
  return out;
}

function copyClean(from: Node, to: Node): void {
  let list: HTMLElement | null = null; // the list that Word's list paragraphs in a row are gathered into
  for (const node of Array.from(from.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      if (list && !node.textContent?.trim()) continue; // whitespace between two of Word's list paragraphs
      list = null;
      to.appendChild(document.createTextNode(node.textContent ?? ''));
      continue;
    }
    if (!(node instanceof Element)) continue; // comments (Word's conditional ones among them)
    const tag = node.tagName.toUpperCase();
    if (DROPPED.has(tag) || isWordListMarker(node)) continue;
    if (tag === 'IMG') {
      const alt = node.getAttribute('alt') ?? '';
      if (/^[^\p{L}\p{N}]{1,12}$/u.test(alt)) to.appendChild(document.createTextNode(alt));
      continue;
    }
    const style = node.getAttribute('style') ?? '';
    if (tag === 'P' && /mso-list\s*:/i.test(style) && !/mso-list\s*:\s*ignore/i.test(style)) {
      const ordered = /^\s*([0-9]+|[a-z]|[ivxlc]+)[.)]/i.test(node.querySelector('[style*="mso-list"]')?.textContent ?? '');
      const type = ordered ? 'OL' : 'UL';
      if (!list || list.tagName !== type) {
        list = document.createElement(type);
        to.appendChild(list);
      }
      const item = document.createElement('LI');
      copyClean(node, item);
      list.appendChild(item);
      continue;
    }
    list = null;
    const kept = AS[tag] ?? (KEPT.has(tag) ? tag : null);
    // Google Docs wraps a whole paste in <b style="font-weight:normal">: that is not bold.
    const notBold = (tag === 'B' || tag === 'STRONG') && /font-weight\s*:\s*(normal|[1-5]00)\b/i.test(style);
    let target: Node = to;
    if (kept && !notBold) target = to.appendChild(document.createElement(kept));
    else if (/font-weight\s*:\s*(bold|[6-9]00)\b/i.test(style)) target = to.appendChild(document.createElement('B'));
    if (!kept && /font-style\s*:\s*italic\b/i.test(style)) target = target.appendChild(document.createElement('I'));
    copyClean(node, target);
  }
}

/** Word writes a list item's bullet or number as text in a span styled mso-list:Ignore. */
function isWordListMarker(element: Element): boolean {
  return /mso-list\s*:\s*ignore/i.test(element.getAttribute('style') ?? '');
}

/**
 * The editor's HTML as the server will keep it, without what editing leaves that the shop does not need: the
 * <br> ending a line (where the caret sits), and the non-breaking spaces a browser types at the end of a line or
 * before a bold word (so "with a hand-drawn print" does not become one unbreakable run on a phone); two spaces
 * in a row keep their non-breaking one. Empty paragraphs before the first line and after the last (an empty
 * editor's, or the one a paste lands before) go; a blank line between two is the owner's and stays.
 */
export function tidy(html: string): string {
  const text = html
    // Squire wraps loose text in a <div> line whatever its blockTag: a paragraph, as the server makes it too.
    .replace(/<(\/?)div>/g, '<$1p>')
    .replace(/(?<!<(p|h3|h4|li)>)<br>(?=<\/(p|h3|h4|li)>)/g, '')
    .replace(/(?<!( |&nbsp;))&nbsp;(?!( |&nbsp;))/g, ' ')
    .replace(/^(<p>(<br>)?<\/p>)+|(<p>(<br>)?<\/p>)+$/g, '')
    .trim();
  return text;
}
