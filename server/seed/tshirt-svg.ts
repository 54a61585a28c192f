/**
 * Product pictures for the demo catalog, drawn as small SVG files so the seed needs no downloads and gives
 * the same bytes on every run. Three views per product: front with the print, back with the neck label,
 * and a close-up of the print.
 */
export type TeeCut = 'crew' | 'vneck' | 'polo' | 'crop' | 'oversized';

export interface TeePicture {
  colour: string;
  cut: TeeCut;
  print: string;
  label: string;
}

const SHAPES: Record<TeeCut, string> = {
  crew: 'M100 42 L128 30 Q150 46 172 30 L200 42 L250 78 L230 116 L205 102 L205 262 L95 262 L95 102 L70 116 L50 78 Z',
  vneck: 'M100 42 L128 30 L150 66 L172 30 L200 42 L250 78 L230 116 L205 102 L205 262 L95 262 L95 102 L70 116 L50 78 Z',
  polo: 'M100 42 L128 30 Q150 46 172 30 L200 42 L250 78 L230 116 L205 102 L205 262 L95 262 L95 102 L70 116 L50 78 Z',
  crop: 'M104 52 L130 40 Q150 56 170 40 L196 52 L240 84 L222 116 L200 104 L200 196 L100 196 L100 104 L78 116 L60 84 Z',
  oversized: 'M88 42 L126 30 Q150 48 174 30 L212 42 L266 96 L240 132 L218 118 L220 268 L80 268 L82 118 L60 132 L34 96 Z',
};

/** Bottom hem of each cut, drawn as a stitch line. */
const HEMS: Record<TeeCut, string> = {
  crew: 'M97 252 H203',
  vneck: 'M97 252 H203',
  polo: 'M97 252 H203',
  crop: 'M102 186 H198',
  oversized: 'M82 258 H218',
};

/** Soft light from the upper left, so the flat shape reads as fabric. */
const SHEEN =
  '<defs><linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="0.6" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/></linearGradient></defs>';

export function teeSvg(picture: TeePicture, view: 1 | 2 | 3): string {
  const ink = inkFor(picture.colour);
  const outline = shade(picture.colour, -0.35);
  const background = ['#f3f1ec', '#eef1f4', '#f6efe9'][view - 1];
  const body =
    `<path d="${SHAPES[picture.cut]}" fill="${picture.colour}" stroke="${outline}" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="${SHAPES[picture.cut]}" fill="url(#sheen)"/>` +
    `<path d="${HEMS[picture.cut]}" stroke="${outline}" stroke-width="1.5" stroke-dasharray="4 3" fill="none"/>`;
  const collar =
    picture.cut === 'polo'
      ? `<path d="M128 30 L150 58 L172 30" fill="none" stroke="${outline}" stroke-width="4"/><path d="M150 58 V96" stroke="${outline}" stroke-width="2"/><circle cx="150" cy="70" r="2.5" fill="${ink}"/><circle cx="150" cy="84" r="2.5" fill="${ink}"/>`
      : `<path d="${picture.cut === 'vneck' ? 'M128 30 L150 66 L172 30' : 'M128 30 Q150 46 172 30'}" fill="none" stroke="${outline}" stroke-width="4"/>`;
  let detail: string;
  if (view === 1) {
    detail = printBlock(picture.print, ink, picture.cut === 'crop' ? 128 : 150, 18);
  } else if (view === 2) {
    detail = `<rect x="138" y="38" width="24" height="12" rx="2" fill="${ink}" opacity="0.85"/><text x="150" y="47" font-size="7" text-anchor="middle" fill="${picture.colour}" font-family="sans-serif">TB</text>`;
  } else {
    return svg(picture.label, background, `<rect x="20" y="20" width="260" height="260" rx="18" fill="${picture.colour}" stroke="${outline}" stroke-width="3"/><rect x="20" y="20" width="260" height="260" rx="18" fill="url(#sheen)"/>${printBlock(picture.print, ink, 160, 30)}${caption(picture.label)}`);
  }
  return svg(picture.label, background, `${body}${collar}${detail}${caption(picture.label)}`);
}

function svg(title: string, background: string, content: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300" width="600" height="600"><title>${escapeXml(title)}</title>${SHEEN}<rect width="300" height="300" fill="${background}"/>${content}</svg>\n`;
}

function printBlock(text: string, ink: string, y: number, size: number): string {
  const fontSize = Math.max(9, Math.min(size, Math.floor((size * 9) / Math.max(text.length, 1))));
  return `<g fill="none" stroke="${ink}" stroke-width="2" opacity="0.9"><circle cx="150" cy="${y - fontSize / 3}" r="${fontSize * 1.6}"/></g><text x="150" y="${y}" font-size="${fontSize}" font-weight="700" text-anchor="middle" fill="${ink}" font-family="Arial, sans-serif" letter-spacing="1">${escapeXml(text)}</text>`;
}

function caption(label: string): string {
  return `<text x="150" y="290" font-size="10" text-anchor="middle" fill="#555" font-family="Arial, sans-serif">${escapeXml(label)}</text>`;
}

/** White print on dark shirts, near-black on light ones (relative luminance, WCAG formula). */
function inkFor(hex: string): string {
  const [r, g, b] = rgb(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.4 ? '#1f1f1f' : '#ffffff';
}

function shade(hex: string, amount: number): string {
  return `#${rgb(hex)
    .map((channel) => Math.round(Math.max(0, Math.min(255, channel * (1 + amount)))).toString(16).padStart(2, '0'))
    .join('')}`;
}

function rgb(hex: string): [number, number, number] {
  const value = parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!);
}
