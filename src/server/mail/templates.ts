import type { Translate } from '../i18n/translator.ts';
import type { MailMessage } from './mailer.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface LinkMail {
  /** Key prefix in the `mail` namespace: subject, greeting, body, action, ignore. */
  kind: 'verifyEmail' | 'resetPassword';
  to: string;
  name: string;
  link: string;
}

/** A short mail with one call to action, in the reader's language, as text and HTML. */
export function linkMail(t: Translate, { kind, to, name, link }: LinkMail): MailMessage {
  const key = (part: string) => `mail:${kind}.${part}`;
  const greeting = t('mail:greeting', { name });
  const body = t(key('body'));
  const action = t(key('action'));
  const ignore = t(key('ignore'));
  const signature = t('mail:signature');
  return {
    to,
    subject: t(key('subject')),
    text: [greeting, '', body, '', `${action}: ${link}`, '', ignore, '', signature].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(body)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
      `<p style="color:#555">${escapeHtml(link)}</p>`,
      `<p style="color:#555">${escapeHtml(ignore)}</p>`,
      `<p>${escapeHtml(signature)}</p>`,
    ].join('\n'),
  };
}

export type NoticeMailKind = 'orderCreated' | 'billIssued' | 'paymentConfirmed' | 'reportReady';

interface NoticeMail {
  /** Key prefix in the `mail` namespace: subject, body, action. */
  kind: NoticeMailKind;
  to: string;
  name: string;
  /** Interpolated into the subject and body (order code, service, analysis name). */
  values: Record<string, string>;
  link: string;
}

/** A notice about the user's order or analysis, in the reader's language, with a link to the page. */
export function noticeMail(t: Translate, { kind, to, name, values, link }: NoticeMail): MailMessage {
  const greeting = t('mail:greeting', { name });
  const body = t(`mail:${kind}.body`, values);
  const action = t(`mail:${kind}.action`);
  const signature = t('mail:signature');
  return {
    to,
    subject: t(`mail:${kind}.subject`, values),
    text: [greeting, '', body, '', `${action}: ${link}`, '', signature].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(body)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
      `<p>${escapeHtml(signature)}</p>`,
    ].join('\n'),
  };
}
