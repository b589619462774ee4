import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES, type Language } from '#shared/languages.ts';
import { createTranslator } from '../i18n/translator.ts';
import { LOGO_CID } from './layout.ts';
import type { MailMessage } from './mailer.ts';
import { boletoDetails, contactMail, linkMail, noticeMail, quoteMail, subscriptionMail, type NoticeMailKind } from './templates.ts';

/** Issue 29: every mail in the one template, in each language, with its days and amounts as that language writes them. */
const translator = createTranslator();
const LINE = '23790123016000000005325000456704189270000150000';
const PROFILE = { name: 'Ana Souza', email: 'ana@clinica.example', clinic: 'Clínica Sol', role: 'Física', phone: '5511987654321', cnpj: null, cpf: '52998224725' };

/** Per language: a day, its written form, R$ 1.500,00 and US$ 60 as the reader reads them. */
const EXPECTED: Record<Language, { day: string; reais: string; dollars: string }> = {
  'pt-BR': { day: '28/12/2026', reais: 'R$\u00a01.500,00', dollars: 'US$\u00a060,00' },
  'en-US': { day: '12/28/2026', reais: 'R$\u00a01.500,00', dollars: '$60.00' },
  es: { day: '28/12/2026', reais: 'R$\u00a01.500,00', dollars: '60,00\u00a0US$' },
};

const NOTICE_KINDS: NoticeMailKind[] = ['orderCreated', 'billIssued', 'paymentConfirmed', 'analysisInvalid', 'reportReady', 'signatureExpired', 'signatureBillIssued', 'signaturePaid', 'signaturePaidAfterTrial', 'newDevice'];

function mailsIn(language: Language): Array<[string, MailMessage]> {
  const t = translator.forLanguage(language);
  const values = { code: '26/0001-01', service: 'Radiosinoviortese', name: 'Joelho 01', message: 'Falta a atividade.', end: '2026-12-28', initial: '2026-11-28', device: 'Firefox', address: '203.0.113.9', when: '28/11/2026 14:05' };
  const details = boletoDetails(t, { amountCents: 150_000, dueDate: '2026-12-28', line: LINE });
  return [
    ['verifyEmail', linkMail(t, { kind: 'verifyEmail', to: 'ana@x.example', name: 'Ana', link: 'https://dosehub.example/users/1/email-confirm?token=a&b' })],
    ['resetPassword', linkMail(t, { kind: 'resetPassword', to: 'ana@x.example', name: 'Ana', link: 'https://dosehub.example/users/1/reset-password?token=z' })],
    ...NOTICE_KINDS.map((kind): [string, MailMessage] => [
      kind,
      noticeMail(t, { kind, to: 'ana@x.example', name: 'Ana', values, link: 'https://dosehub.example/dashboard', details: kind.endsWith('BillIssued') || kind === 'billIssued' ? details : undefined }),
    ]),
    ['quote', quoteMail(t, { to: 'co@x.example', profile: PROFILE, serviceId: 'radiosino', fields: { treatmentType: 'Y-90', numberOfPatients: 3 } })],
    ['contact', contactMail(t, { to: 'co@x.example', message: { fullName: 'Ana', email: 'ana@x.example', role: 'Física', clinic: 'Sol', phone: '5511987654321', subject: 'Preço', message: 'Linha 1\n<b>Linha 2</b>' } })],
    ['subscription', subscriptionMail(t, { to: 'co@x.example', profile: PROFILE, subscription: { planTitle: 'Mensal', price: 60, discount: 0, trialEnd: '2026-12-28' } })],
  ];
}

describe.each(SUPPORTED_LANGUAGES)('every mail in %s', (language) => {
  const mails = mailsIn(language);
  const expected = EXPECTED[language];

  it.each(mails)('%s: the one template (logo, language, no raw placeholder) with a plain-text part', (_, mail) => {
    expect(mail.html).toMatch(new RegExp(`^<!doctype html><html lang="${language}">`));
    expect(mail.html).toContain(`src="cid:${LOGO_CID}"`);
    expect(mail.html).toContain('alt="DoseHub"');
    expect(mail.html).toContain('max-width:600px');
    expect(mail.html).toContain(`<title>${mail.subject.replace(/&/g, '&amp;').replace(/'/g, '&#39;')}</title>`);
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/\{\{|\}\}|mail:[a-zA-Z]+\.|undefined/);
    expect(mail.text).not.toMatch(/<(p|a|table|img)\b/);
  });

  it('bill mails: the amount in reais, the due date as the language writes it, the linha digitável grouped', () => {
    for (const kind of ['billIssued', 'signatureBillIssued']) {
      const mail = mails.find(([name]) => name === kind)![1];
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain(expected.reais);
        expect(part).toContain(expected.day);
        expect(part).toContain('23790.12301 60000.000053 25000.456704 1 89270000150000');
      }
    }
  });

  it('signature paid: the hired period as days in the language, never ISO', () => {
    const paid = mails.find(([name]) => name === 'signaturePaidAfterTrial')![1];
    expect(paid.text).toContain(expected.day);
    expect(paid.text).not.toContain('2026-12-28');
    expect(mails.find(([name]) => name === 'signaturePaid')![1].html).toContain(expected.day);
  });

  it('mails to the company: phone as read, prices in dollars and the trial end as the language writes them, the message kept as written', () => {
    const subscription = mails.find(([name]) => name === 'subscription')![1];
    expect(subscription.text).toContain(expected.dollars);
    expect(subscription.text).toContain(expected.day);
    expect(subscription.text).toContain('+55 (11) 98765-4321');
    const contact = mails.find(([name]) => name === 'contact')![1];
    expect(contact.text).toContain('+55 (11) 98765-4321');
    expect(contact.html).toContain('&lt;b&gt;Linha 2&lt;/b&gt;');
    expect(contact.replyTo).toBe('ana@x.example');
  });

  it('account mails: the action as a button and the link written out, escaped', () => {
    const verify = mails.find(([name]) => name === 'verifyEmail')![1];
    expect(verify.html).toContain('href="https://dosehub.example/users/1/email-confirm?token=a&amp;b"');
    expect(verify.text).toContain('https://dosehub.example/users/1/email-confirm?token=a&b');
  });
});
