import type { DataExportDocument } from '#shared/schemas/data-export.ts';
import type { Language } from '#shared/languages.ts';
import type { Translate } from '../i18n/translator.ts';
import { formatBytes } from '#shared/format/bytes.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `summary.html`: what the export holds, by kind, in the user's language (data.json holds the records themselves). */
export function exportSummary(t: Translate, language: Language, document: DataExportDocument): string {
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(new Date(document.generatedAt));
  const count = new Intl.NumberFormat(language);
  const profile = document.records.profile as { name?: string; email?: string } | undefined;
  const rows = Object.entries(document.records).map(([key, value]) => {
    const amount = Array.isArray(value) ? count.format(value.length) : '1';
    return `<tr><td>${escapeHtml(t(`server:dataExport.sections.${key}`, { defaultValue: key }))}</td><td><code>records.${key}</code></td><td>${amount}</td></tr>`;
  });
  const bytes = document.files.reduce((sum, file) => sum + file.size, 0);
  const files = document.files.map((file) => `<li><code>${escapeHtml(file.path)}</code> (${formatBytes(file.size, language)}) <small>SHA-256 ${file.sha256}</small></li>`);
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(t('server:dataExport.title'))}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}td,th{padding:.25rem .75rem;text-align:left}small{color:#555}</style></head>
<body>
<h1>${escapeHtml(t('server:dataExport.title'))}</h1>
<p>${escapeHtml(t('server:dataExport.intro', { name: profile?.name || profile?.email || document.userId, when }))}</p>
<p>${escapeHtml(t('server:dataExport.format', { version: document.formatVersion }))}</p>
<h2>${escapeHtml(t('server:dataExport.recordsTitle'))}</h2>
<table><thead><tr><th>${escapeHtml(t('server:dataExport.kind'))}</th><th>data.json</th><th>${escapeHtml(t('server:dataExport.count'))}</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>
<h2>${escapeHtml(t('server:dataExport.filesTitle', { count: document.files.length, size: formatBytes(bytes, language) }))}</h2>
<ul>${files.join('\n')}</ul>
<p>${escapeHtml(t('server:dataExport.rights'))}</p>
</body></html>
`;
}
