/**
 * Readers for the text formats the store serves outside JSON (issue 33): RFC 4180 CSV and XML. They parse
 * strictly, so a feed a real reader would refuse fails the test: an unterminated quote, a row of another
 * length than the header, a tag closed out of order, an unknown entity or text after the root.
 */

/** CSV rows as records keyed by the header row. */
export function parseCsv(text: string): { header: string[]; rows: Array<Record<string, string>> } {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (char === '"') {
        quoted = false;
        i += 1;
        if (i < text.length && !',\r\n'.includes(text[i])) throw new Error(`CSV: text after a closing quote at ${i}`);
      } else {
        field += char;
        i += 1;
      }
      continue;
    }
    if (char === '"') {
      if (field !== '') throw new Error(`CSV: a quote inside an unquoted field at ${i}`);
      quoted = true;
      i += 1;
    } else if (char === ',') {
      record.push(field);
      field = '';
      i += 1;
    } else if (char === '\r' || char === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += char;
      i += 1;
    }
  }
  if (quoted) throw new Error('CSV: a quoted field is never closed');
  if (field !== '' || record.length > 0) records.push([...record, field]);
  const [header, ...body] = records;
  if (!header) throw new Error('CSV: no header row');
  const rows = body.map((values, index) => {
    if (values.length !== header.length) throw new Error(`CSV: row ${index + 2} has ${values.length} fields, the header ${header.length}`);
    return Object.fromEntries(header.map((name, column) => [name, values[column]]));
  });
  return { header, rows };
}

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, at: number): string {
  return raw.replace(/&([^;&\s]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) throw new Error(`XML: a bare & near ${at}`);
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    if (!(name in ENTITIES)) throw new Error(`XML: unknown entity &${name}; near ${at}`);
    return ENTITIES[name];
  });
}

/** A well-formed XML document's root element (declaration, comments and CDATA handled; no DTD). */
export function parseXml(text: string): XmlElement {
  let i = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i])) i += 1;
  };
  if (text.startsWith('<?xml')) {
    const end = text.indexOf('?>');
    if (end < 0) throw new Error('XML: the declaration is never closed');
    i = end + 2;
  }
  while (i < text.length) {
    if (stack.length === 0) {
      skipSpace();
      if (i >= text.length) break;
      if (root) throw new Error(`XML: content after the root element at ${i}`);
    }
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i);
      if (end < 0) throw new Error('XML: a comment is never closed');
      i = end + 3;
    } else if (text.startsWith('<![CDATA[', i)) {
      const end = text.indexOf(']]>', i);
      if (end < 0 || stack.length === 0) throw new Error('XML: misplaced or unclosed CDATA');
      stack[stack.length - 1].text += text.slice(i + 9, end);
      i = end + 3;
    } else if (text.startsWith('</', i)) {
      const end = text.indexOf('>', i);
      const name = text.slice(i + 2, end).trim();
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`XML: </${name}> closes <${open?.name ?? 'nothing'}> at ${i}`);
      i = end + 1;
    } else if (text[i] === '<') {
      const match = /^<([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/.exec(text.slice(i));
      if (!match) throw new Error(`XML: a malformed tag at ${i}: ${text.slice(i, i + 40)}`);
      const attributes: Record<string, string> = {};
      for (const [, name, , double, single] of match[2].matchAll(/([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
        if (name in attributes) throw new Error(`XML: attribute ${name} twice at ${i}`);
        attributes[name] = decode(double ?? single ?? '', i);
      }
      const element: XmlElement = { name: match[1], attributes, children: [], text: '' };
      if (stack.length > 0) stack[stack.length - 1].children.push(element);
      else if (root) throw new Error('XML: two root elements');
      else root = element;
      if (!match[3]) stack.push(element);
      i += match[0].length;
    } else {
      const end = text.indexOf('<', i);
      const raw = text.slice(i, end < 0 ? text.length : end);
      if (stack.length === 0) throw new Error(`XML: text outside the root at ${i}`);
      stack[stack.length - 1].text += decode(raw, i);
      i = end < 0 ? text.length : end;
    }
  }
  if (stack.length > 0) throw new Error(`XML: <${stack[stack.length - 1].name}> is never closed`);
  if (!root) throw new Error('XML: no root element');
  return root;
}

/** The children of `element` named `name`. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((child) => child.name === name);
}

/** The text of the one child named `name` ('' when there is none; two is an error). */
export function childText(element: XmlElement, name: string): string {
  const found = childrenNamed(element, name);
  if (found.length > 1) throw new Error(`<${element.name}> has ${found.length} <${name}>`);
  return found[0]?.text.trim() ?? '';
}
