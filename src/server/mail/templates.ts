import type { Translate } from '../i18n/translator.ts';
import type { MailMessage } from './mailer.ts';
import { languageOf, renderMail, type MailContent } from './layout.ts';
import { formatDate } from '#shared/brazil/dates.ts';
import { formatPhone } from '#shared/brazil/phone.ts';
import { formatBrl, formatUsdIn } from '#shared/format/money.ts';
import { formatLinhaDigitavel } from '#shared/format/boleto.ts';
import { formatDateTime } from '#shared/format/date-time.ts';

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
  const subject = t(key('subject'));
  const content: MailContent = {
    paragraphs: [t('mail:greeting', { name }), t(key('body'))],
    action: { label: t(key('action')), url: link },
    notes: [t(key('ignore'))],
  };
  return { to, subject, ...renderMail(t, subject, content) };
}

/** To an address without an account, when someone asked to reset its password: says so, and where to sign up. */
export function noAccountMail(t: Translate, { to, link }: { to: string; link: string }): MailMessage {
  const subject = t('mail:noAccount.subject');
  const content: MailContent = {
    paragraphs: [t('mail:noAccount.body')],
    action: { label: t('mail:noAccount.action'), url: link },
    notes: [t('mail:noAccount.ignore')],
  };
  return { to, subject, ...renderMail(t, subject, content) };
}

export type NoticeMailKind = 'orderCreated' | 'billIssued' | 'paymentConfirmed' | 'paymentRefunded' | 'signatureRefunded' | 'analysisInvalid' | 'reportReady' | 'signatureExpired' | 'signatureBillIssued' | 'signaturePaid' | 'signaturePaidAfterTrial' | 'newDevice' | 'dataExportReady' | 'quoteAnswered';

interface NoticeMail {
  /** Key prefix in the `mail` namespace: subject, body, action. */
  kind: NoticeMailKind;
  to: string;
  name: string;
  /** Interpolated into the subject and body (order code, service, analysis name, ISO days through `{{x, day}}`). */
  values: Record<string, string>;
  link: string;
  /** What a payer needs, for a bill's mail: shown as a table under the body. */
  details?: Array<[string, string]>;
}

/** A notice about the user's order, analysis or subscription, in the reader's language, with a link to the page. */
export function noticeMail(t: Translate, { kind, to, name, values, link, details }: NoticeMail): MailMessage {
  const subject = t(`mail:${kind}.subject`, values);
  const content: MailContent = {
    paragraphs: [t('mail:greeting', { name }), t(`mail:${kind}.body`, values)],
    details,
    action: { label: t(`mail:${kind}.action`), url: link },
  };
  return { to, subject, ...renderMail(t, subject, content) };
}

/** What a payer needs from a bill, in the reader's language: the amount, the due date and a boleto's linha digitável. */
export function boletoDetails(t: Translate, bill: { amountCents: number; dueDate: string; line: string | null }): Array<[string, string]> {
  return [
    [t('mail:bill.amount'), formatBrl(bill.amountCents / 100)],
    [t('mail:bill.dueDate'), formatDate(bill.dueDate, languageOf(t))],
    // A PIX charge has no line: its code is shown in the app, where it can be renewed when it expires.
    ...(bill.line ? [[t('mail:bill.line'), formatLinhaDigitavel(bill.line)] as [string, string]] : []),
  ];
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
    ...profileLines(profile, labelOf),
    [labelOf('service'), t(`catalog:services.${serviceId}.title`)],
    ...FIELD_LINES.filter((field) => fields[field] !== undefined).map((field): [string, string] => [labelOf(field), String(fields[field])]),
  ];
  return companyMail(t, to, t('mail:quoteRequest.subject'), { paragraphs: [t('mail:quoteRequest.intro')], details: lines });
}

/** The profile's lines of a mail to the company, the phone as it is read ("+55 (11) 98765-4321"). */
const profileLines = (profile: QuoteMail['profile'], labelOf: (field: string) => string) =>
  PROFILE_LINES.map((field): [string, string] => {
    const value = profile[field] ?? '';
    return [labelOf(field), field === 'phone' && value ? formatPhone(value) : value];
  });

/** A mail to the company (in its language, pt-BR): unsigned. */
function companyMail(t: Translate, to: string, subject: string, content: MailContent, replyTo?: string): MailMessage {
  return { to, subject, ...(replyTo ? { replyTo } : {}), ...renderMail(t, subject, { ...content, signed: false }) };
}

interface ContactMail {
  /** The company's address. */
  to: string;
  message: { fullName: string; email: string; role: string; clinic: string; phone: string; subject: string; message: string };
}

const CONTACT_LINES = ['fullName', 'email', 'role', 'clinic', 'phone', 'subject'] as const;

/** docs/v1-contract.md §1.20: "Contato" to the company with the form's fields; an answer goes to the visitor (Reply-To). */
export function contactMail(t: Translate, { to, message }: ContactMail): MailMessage {
  const details = CONTACT_LINES.map((field): [string, string] => [t(`mail:contact.${field}`), field === 'phone' ? formatPhone(message.phone) : message[field]]);
  const content = { paragraphs: [t('mail:contact.intro')], details, quote: { label: t('mail:contact.message'), text: message.message } };
  return companyMail(t, to, t('mail:contact.mailSubject'), content, message.email);
}

interface SubscriptionMail {
  /** The company's address. */
  to: string;
  profile: QuoteMail['profile'];
  subscription: { planTitle: string; price: number; discount: number; trialEnd: string };
}

/** docs/v1-contract.md §1.16: "Nova assinatura" to the company, with the user's profile and the plan. */
export function subscriptionMail(t: Translate, { to, profile, subscription }: SubscriptionMail): MailMessage {
  const language = languageOf(t);
  const lines: Array<[string, string]> = [
    ...profileLines(profile, (field) => t(`mail:quoteRequest.${field}`)),
    [t('mail:newSignature.plan'), subscription.planTitle],
    [t('mail:newSignature.price'), formatUsdIn(subscription.price, language)],
    [t('mail:newSignature.discount'), formatUsdIn(subscription.discount, language)],
    [t('mail:newSignature.trialEnd'), formatDate(subscription.trialEnd, language)],
  ];
  return companyMail(t, to, t('mail:newSignature.subject'), { paragraphs: [t('mail:newSignature.intro')], details: lines });
}

interface AccountDeletedMail {
  /** The address the account had. */
  to: string;
  name: string;
  cancelledAnalyses: number;
  keptBills: number;
}

/** Issue 30: the account was deleted; what went, what is kept and why, in the reader's language. */
export function accountDeletedMail(t: Translate, { to, name, cancelledAnalyses, keptBills }: AccountDeletedMail): MailMessage {
  const subject = t('mail:accountDeleted.subject');
  const paragraphs = [
    t('mail:greeting', { name }),
    t('mail:accountDeleted.body'),
    ...(cancelledAnalyses > 0 ? [t('mail:accountDeleted.cancelled', { count: cancelledAnalyses })] : []),
    ...(keptBills > 0 ? [t('mail:accountDeleted.kept', { count: keptBills })] : []),
  ];
  return { to, subject, ...renderMail(t, subject, { paragraphs, notes: [t('mail:accountDeleted.notYou')] }) };
}

interface LatePixMail {
  /** The company's address. */
  to: string;
  /** `subject`: the order's or the subscription's id. */
  charge: { txid: string; amountCents: number; expiresAt: Date; paidAt: Date; subject: string };
}

/** To the company: a PIX charge was paid after it expired (it confirmed all the same: check for a second payment to refund). */
export function latePixMail(t: Translate, { to, charge }: LatePixMail): MailMessage {
  const language = languageOf(t);
  const details: Array<[string, string]> = [
    [t('mail:pixLate.txid'), charge.txid],
    [t('mail:pixLate.amount'), formatBrl(charge.amountCents / 100)],
    [t('mail:pixLate.expiresAt'), formatDateTime(charge.expiresAt.toISOString(), language)],
    [t('mail:pixLate.paidAt'), formatDateTime(charge.paidAt.toISOString(), language)],
    [t('mail:pixLate.subjectId'), charge.subject],
  ];
  return companyMail(t, to, t('mail:pixLate.subject', { txid: charge.txid }), { paragraphs: [t('mail:pixLate.intro')], details });
}
