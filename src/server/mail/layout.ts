import fs from 'node:fs';
import { DEFAULT_LANGUAGE, matchLanguage, type Language } from '#shared/languages.ts';
import type { Translate } from '../i18n/translator.ts';

/**
 * The one look of every DoseHub mail: a table layout (what Outlook and Gmail render alike), at most 600 px wide and
 * fluid below, system fonts, the brand's cyan (cyan.9, 5.6:1 with white) and the logo as an inline image (a `cid:`
 * part: shown without the "load remote images" prompt that hosted images get). With images off the header still
 * reads "DoseHub" (alt text on the brand colour). Every mail has the same plain-text part.
 */
export const LOGO_CID = 'logo@dosehub';
const LOGO_FILE = new URL('./logo.png', import.meta.url);

/** The logo's PNG bytes, the part a mail's HTML refers to (mime.ts encodes it once per process). */
export const readLogo = () => fs.readFileSync(LOGO_FILE);

const BRAND = '#0b7285';
const TEXT = '#212529';
const MUTED = '#495057';
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface MailContent {
  /** Paragraphs, in order (the first is usually the greeting). */
  paragraphs: string[];
  /** "Label: value" facts shown as a table (a bill's amount, due date and linha digitável; a form's fields). */
  details?: Array<[string, string]>;
  /** The one call to action: a button, with the address also written out. */
  action?: { label: string; url: string };
  /** Paragraphs after the action, in a quieter colour (why you got this, what to ignore). */
  notes?: string[];
  /** A multi-line text kept as written (a visitor's message). */
  quote?: { label: string; text: string };
  /** False for the mails to the company (no "DoseHub team" sign-off to itself). */
  signed?: boolean;
}

const paragraph = (text: string, color = TEXT) => `<p style="margin:0 0 16px;color:${color};font-size:16px;line-height:1.5">${escapeHtml(text)}</p>`;

function detailsHtml(details: Array<[string, string]>) {
  const rows = details.map(
    ([label, value]) =>
      `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:6px 12px 6px 0;color:${MUTED};font-weight:600;font-size:14px">${escapeHtml(label)}</th>` +
      `<td style="padding:6px 0;color:${TEXT};font-size:15px;word-break:break-word">${escapeHtml(value)}</td></tr>`,
  );
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;width:100%;margin:0 0 16px">${rows.join('')}</table>`;
}

function actionHtml({ label, url }: NonNullable<MailContent['action']>) {
  const href = escapeHtml(url);
  return (
    `<p style="margin:8px 0 16px"><a href="${href}" style="display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 20px;border-radius:6px">${escapeHtml(label)}</a></p>` +
    `<p style="margin:0 0 16px;color:${MUTED};font-size:13px;word-break:break-all"><a href="${href}" style="color:${BRAND}">${href}</a></p>`
  );
}

/** The language a bound `t` speaks (i18next's fixed `t` carries it). */
export const languageOf = (t: Translate): Language => matchLanguage((t as unknown as { lng?: string }).lng) ?? DEFAULT_LANGUAGE;

/** A mail's HTML document and plain-text part from its content, in `t`'s language. */
export function renderMail(t: Translate, subject: string, content: MailContent): { html: string; text: string } {
  const signature = content.signed === false ? null : t('mail:signature');
  const body = [
    ...content.paragraphs.map((text) => paragraph(text)),
    content.details?.length ? detailsHtml(content.details) : '',
    content.quote ? paragraph(`${content.quote.label}:`) + `<p style="margin:0 0 16px;color:${TEXT};font-size:16px;line-height:1.5;white-space:pre-wrap">${escapeHtml(content.quote.text)}</p>` : '',
    content.action ? actionHtml(content.action) : '',
    ...(content.notes ?? []).map((text) => paragraph(text, MUTED)),
    signature ? paragraph(signature) : '',
  ].join('');
  const html = `<!doctype html><html lang="${languageOf(t)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f1f3f5;font-family:${FONT}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f3f5"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;border-top:6px solid ${BRAND}">
<tr><td style="padding:24px 24px 8px"><img src="cid:${LOGO_CID}" width="160" height="40" alt="DoseHub" style="display:block;border:0;color:${BRAND};font-size:22px;font-weight:700"></td></tr>
<tr><td style="padding:16px 24px 8px">${body}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.details ?? []).map(([label, value]) => `${label}: ${value}`),
    ...(content.details?.length ? [''] : []),
    ...(content.quote ? [`${content.quote.label}:`, content.quote.text, ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.notes ?? []).flatMap((p) => [p, '']),
    ...(signature ? [signature] : []),
  ]
    .join('\n')
    .trimEnd();
  return { html, text };
}
