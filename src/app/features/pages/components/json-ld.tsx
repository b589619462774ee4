/**
 * Structured data for search engines: a data block (`application/ld+json`), which the CSP's
 * `script-src 'self'` does not govern since the browser never runs it. `<` is escaped so no text can close the element.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replaceAll('<', '\\u003c') }} />;
}
