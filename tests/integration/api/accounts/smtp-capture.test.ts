// The test utilities themselves: the MIME parser of tests/utils/smtp.ts on messages nodemailer writes,
// and the capture server receiving real SMTP from nodemailer.
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeEncodedWords,
  decodeQuotedPrintable,
  linkFrom,
  mailTo,
  parseAddresses,
  parseHeaderParams,
  parseMail,
  startSmtpCapture,
  type SmtpCapture,
} from '#tests/utils/smtp.ts';

const LINK = 'http://dosehub.test/users/0b7e2f1c-52a4-4c51-9f0e-6c1f3f2e8a11/email-confirm?token=Zm9vYmFyLWJhei1xdXV4LTEyMzQ1Njc4OTAtYWJjZGVm';

/** The raw message nodemailer builds for these options (no network). */
async function build(options: SendMailOptions, newline: 'unix' | 'windows' = 'windows'): Promise<Buffer> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline });
  const info = await transport.sendMail({ from: 'DoseHub <no-reply@dosehub.test>', ...options });
  return info.message as Buffer;
}

describe('parseMail on nodemailer output', () => {
  it('reads a text + html mail with an accented subject and a long quoted-printable link line', async () => {
    const text = `Olá, João Ação!\n\nConfirmar e-mail: ${LINK}\n\nEquipe DoseHub — “aspas” e emoji 😀`;
    const raw = await build({ to: 'João <Joao.Acao@Example.com>', subject: 'Confirme o e-mail da sua conta DoseHub: ação necessária', text, html: `<p>${text}</p>` });
    const source = raw.toString('latin1');
    // Really exercises the decoders: encoded-word subject, quoted-printable with soft breaks and =XX bytes.
    expect(source).toMatch(/Subject: =\?UTF-8\?Q\?/);
    expect(source).toMatch(/Content-Type: multipart\/alternative/);
    expect(source).toMatch(/quoted-printable/);
    expect(source).toMatch(/=\r\n/);
    expect(source).toContain('=C3=A1');

    const mail = parseMail(raw);
    expect(mail.subject).toBe('Confirme o e-mail da sua conta DoseHub: ação necessária');
    expect(mail.to).toEqual(['joao.acao@example.com']);
    expect(mail.from).toBe('DoseHub <no-reply@dosehub.test>');
    expect(mail.text).toBe(text);
    expect(mail.html).toBe(`<p>${text}</p>`);
    expect(linkFrom(mail, '/email-confirm')).toBe(LINK);
  });

  it('reads unix newlines (the .eml outbox) the same way', async () => {
    const text = `Olá!\n\nRedefinir senha: ${LINK.replace('email-confirm', 'reset-password')}`;
    const mail = parseMail(await build({ to: 'ana@example.com', subject: 'DoseHub: redefinição de senha', text, html: '<p>x</p>' }, 'unix'));
    expect(mail.subject).toBe('DoseHub: redefinição de senha');
    expect(mail.text).toBe(text);
    expect(linkFrom(mail, 'reset-password')).toContain('/reset-password?token=');
  });

  it('reads base64 bodies, base64 subjects, attachments and a plain text-only mail', async () => {
    const mixed = parseMail(
      await build({
        to: 'a@example.com, "Silva, Bea" <BEA@example.com>',
        subject: '¡Hola! Confirme el correo de su cuenta DoseHub',
        text: 'Línea única — ñ',
        html: '<b>ñ</b>',
        textEncoding: 'base64',
        attachments: [{ filename: 'a.txt', content: 'not the body' }],
      }),
    );
    expect(mixed.subject).toBe('¡Hola! Confirme el correo de su cuenta DoseHub');
    expect(mixed.to).toEqual(['a@example.com', 'bea@example.com']);
    expect(mixed.text).toBe('Línea única — ñ');
    expect(mixed.html).toBe('<b>ñ</b>');

    const plain = parseMail(await build({ to: 'c@example.com', subject: 'ascii only', text: 'just text' }));
    expect(plain.subject).toBe('ascii only');
    expect(plain.text).toBe('just text');
    expect(plain.html).toBeNull();
  });

  it('throws a helpful error when no link matches', () => {
    expect(() => linkFrom({ text: `see ${LINK}` }, 'reset-password')).toThrow(/no link containing "reset-password"/);
  });
});

describe('MIME building blocks', () => {
  it.each([
    ['=?UTF-8?Q?Ol=C3=A1_mundo?=', 'Olá mundo'],
    ['=?utf-8?q?a=C3?= =?utf-8?q?=A7=C3=A3o?=', 'ação'], // one character split across two words
    ['=?UTF-8?B?w4fDo28=?=', 'Çõo'.replace('õ', 'ã')],
    ['Re: =?ISO-8859-1?Q?Jo=E3o?= e Ana', 'Re: João e Ana'],
    ['=?UTF-8?B?4pyU?=\r\n =?UTF-8?Q?_ok?=', '✔ ok'],
    ['plain subject', 'plain subject'],
  ])('decodeEncodedWords(%j) → %j', (input, expected) => {
    expect(decodeEncodedWords(input)).toBe(expected);
  });

  it('decodes quoted-printable soft breaks and UTF-8 bytes', () => {
    expect(decodeQuotedPrintable('Ol=C3=A1, token=3Dab=\r\ncd=\nef  \r\nfim').toString('utf8')).toBe('Olá, token=abcdef\r\nfim');
  });

  it('parses header parameters and address lists', () => {
    expect(parseHeaderParams('multipart/alternative; boundary="--_NmP-abc"; charset=utf-8')).toEqual({
      value: 'multipart/alternative',
      params: { boundary: '--_NmP-abc', charset: 'utf-8' },
    });
    expect(parseAddresses('"Souza, Ana <x@y>" <Ana@Example.com>, bob@b.org')).toEqual(['ana@example.com', 'bob@b.org']);
  });
});

describe('the SMTP capture server', () => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(() => smtp.close());

  it('receives real SMTP from nodemailer through its url, without TLS', async () => {
    expect(smtp.url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+\?ignoreTLS=true$/);
    const transport = nodemailer.createTransport(smtp.url);
    try {
      await transport.sendMail({ from: 'no-reply@dosehub.test', to: 'Maria@Example.com', subject: 'Verificação ✔', text: `Link: ${LINK}`, html: '<p>x</p>' });
      // Already stored when sendMail resolves.
      expect(smtp.messagesTo('maria@example.com')).toHaveLength(1);
      const message = await smtp.waitForMessage(mailTo('maria@example.com'), 1000);
      expect(message.envelope).toEqual({ from: 'no-reply@dosehub.test', to: ['maria@example.com'] });
      expect(message.subject).toBe('Verificação ✔');
      expect(linkFrom(message, 'email-confirm')).toBe(LINK);

      const later = smtp.waitForMessage(mailTo('late@example.com'), 2000);
      await transport.sendMail({ from: 'no-reply@dosehub.test', to: 'late@example.com', subject: 'later', text: 'x' });
      expect((await later).subject).toBe('later');
    } finally {
      transport.close();
    }
  });

  it('rejects waitForMessage after the timeout, and clear() empties the list', async () => {
    await expect(smtp.waitForMessage(mailTo('nobody@example.com'), 50)).rejects.toThrow(/no matching mail within 50 ms/);
    expect(smtp.messages.length).toBeGreaterThan(0);
    smtp.clear();
    expect(smtp.messages).toHaveLength(0);
  });
});
