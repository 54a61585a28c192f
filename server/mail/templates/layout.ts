/** The language a mail is written in (issue 18): an order's mails follow the language it was placed in. */
export type MailLocale = 'en' | 'bn';

/** What every template produces: one subject, a plain-text body and an HTML body saying the same. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface StoreIdentity {
  name: string;
  /** Where replies can go; empty when the settings have none. */
  email: string;
  origin: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/** Paragraphs in, a plain and a simple table-free HTML mail out. `action` renders as a button and a raw link. */
export function layout(
  store: StoreIdentity,
  subject: string,
  greeting: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  footnote?: string,
  locale: MailLocale = 'en',
): RenderedMail {
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(footnote ? [footnote, ''] : []),
    `— ${store.name}`,
    store.origin,
  ].join('\n');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#111827;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#555">${locale === 'bn' ? 'বোতামটি কাজ না করলে এই লিংকটি খুলুন:' : 'If the button does not work, open this link:'}<br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,'Noto Sans Bengali','Nirmala UI',Vrinda,sans-serif;color:#111827">
<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(store.name)}</h1>
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${button}
${footnote ? `<p style="font-size:13px;color:#555">${escapeHtml(footnote)}</p>` : ''}
<p style="font-size:13px;color:#555">— ${escapeHtml(store.name)} · <a href="${escapeHtml(store.origin)}">${escapeHtml(store.origin)}</a></p>
</div></body></html>`;
  return { subject, text, html };
}
