/**
 * HTML the server has already sanitized (product descriptions, info posts; architecture §6). Rendered as is,
 * inside a container that styles headings, lists and paragraphs.
 */
export function HtmlContent({ html, className }: { html: string; className?: string }) {
  return <div className={`html-content${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
