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

export type NoticeMailKind = 'orderCreated' | 'billIssued' | 'paymentConfirmed' | 'analysisInvalid' | 'reportReady' | 'signatureExpired' | 'signatureBillIssued' | 'signaturePaid';

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

interface QuoteMail {
  /** The company's address. */
  to: string;
  profile: { name: string; email: string; clinic: string | null; role: string | null; phone: string | null; cnpj: string | null; cpf: string | null };
  serviceId: string;
  fields: Record<string, string | number>;
}

const PROFILE_LINES = ['clinic', 'name', 'email', 'role', 'phone', 'cnpj', 'cpf'] as const;
const FIELD_LINES = ['treatmentType', 'researchLine', 'numberOfPatients', 'frequency', 'comments', 'projectDescription'] as const;

/** docs/v1-contract.md §1.17: "Pedido de Orçamento" to the company, with the user's profile and the fields, as text and HTML. */
export function quoteMail(t: Translate, { to, profile, serviceId, fields }: QuoteMail): MailMessage {
  // v1's mail says "Número de modelos" for the pre-clinical service's count.
  const labelOf = (field: string) => t(`mail:quoteRequest.${field === 'numberOfPatients' && serviceId === 'dosi-preclin' ? 'numberOfModels' : field}`);
  const lines: Array<[string, string]> = [
    ...PROFILE_LINES.map((field): [string, string] => [labelOf(field), profile[field] ?? '']),
    [labelOf('service'), t(`catalog:services.${serviceId}.title`)],
    ...FIELD_LINES.filter((field) => fields[field] !== undefined).map((field): [string, string] => [labelOf(field), String(fields[field])]),
  ];
  return labelledLinesMail(to, t('mail:quoteRequest.subject'), t('mail:quoteRequest.intro'), lines);
}

/** A mail to the company: an intro, then "label: value" lines, as text and HTML. */
function labelledLinesMail(to: string, subject: string, intro: string, lines: Array<[string, string]>): MailMessage {
  return {
    to,
    subject,
    text: [intro, '', ...lines.map(([label, value]) => `${label}: ${value}`)].join('\n'),
    html: [`<p>${escapeHtml(intro)}</p>`, ...lines.map(([label, value]) => `<p><b>${escapeHtml(label)}:</b> ${escapeHtml(value)}</p>`)].join('\n'),
  };
}

interface ContactMail {
  /** The company's address. */
  to: string;
  message: { fullName: string; email: string; role: string; clinic: string; phone: string; subject: string; message: string };
}

const CONTACT_LINES = ['fullName', 'email', 'role', 'clinic', 'phone', 'subject'] as const;

/** docs/v1-contract.md §1.20: "Contato" to the company with the form's fields; an answer goes to the visitor (Reply-To). */
export function contactMail(t: Translate, { to, message }: ContactMail): MailMessage {
  const lines = CONTACT_LINES.map((field): [string, string] => [t(`mail:contact.${field}`), message[field]]);
  const intro = t('mail:contact.intro');
  const messageLabel = t('mail:contact.message');
  return {
    to,
    replyTo: message.email,
    subject: t('mail:contact.mailSubject'),
    text: [intro, '', ...lines.map(([label, value]) => `${label}: ${value}`), '', `${messageLabel}:`, message.message].join('\n'),
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      ...lines.map(([label, value]) => `<p><b>${escapeHtml(label)}:</b> ${escapeHtml(value)}</p>`),
      `<p><b>${escapeHtml(messageLabel)}:</b></p>`,
      `<p style="white-space:pre-wrap">${escapeHtml(message.message)}</p>`,
    ].join('\n'),
  };
}

interface SignatureMail {
  /** The company's address. */
  to: string;
  profile: QuoteMail['profile'];
  signature: { planTitle: string; price: number; discount: number; trialEnd: string };
}

/** docs/v1-contract.md §1.16: "Nova assinatura" to the company, with the user's profile and the plan. */
export function signatureMail(t: Translate, { to, profile, signature }: SignatureMail): MailMessage {
  const lines: Array<[string, string]> = [
    ...PROFILE_LINES.map((field): [string, string] => [t(`mail:quoteRequest.${field}`), profile[field] ?? '']),
    [t('mail:newSignature.plan'), signature.planTitle],
    [t('mail:newSignature.price'), signature.price.toFixed(2)],
    [t('mail:newSignature.discount'), signature.discount.toFixed(2)],
    [t('mail:newSignature.trialEnd'), signature.trialEnd],
  ];
  return labelledLinesMail(to, t('mail:newSignature.subject'), t('mail:newSignature.intro'), lines);
}
