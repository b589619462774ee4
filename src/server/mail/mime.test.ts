import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMail } from '#tests/utils/smtp.ts';
import { createTranslator } from '../i18n/translator.ts';
import { LOGO_CID } from './layout.ts';
import type { MailMessage } from './mailer.ts';
import { buildMessage, encodedWords, mailDate, quotedPrintable } from './mime.ts';
import { linkMail } from './templates.ts';

const FROM = 'DoseHub <no-reply@dosehub.local>';
const LOGO = fs.readFileSync(new URL('./logo.png', import.meta.url));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const awkwardText = [
  'Olá, Ana!   ',
  'Tabs at the end\t',
  '.a line that starts with a dot',
  '.',
  'a=b, 2+2=4, =?UTF-8?Q?not_a_word?=',
  'é'.repeat(150) + ' ' + 'x='.repeat(75),
  'Emoji 🎉👩🏽‍🔬 and CJK 放射線',
  'From the start of a line',
  '',
].join('\n');

const t = createTranslator().forLanguage('pt-BR');
const rendered = linkMail(t, { kind: 'verifyEmail', to: 'ana@x.example', name: 'Ana', link: 'https://dosehub.example/users/1/email-confirm?token=a&b' });

/** Mails that exercise every encoder: name-addr recipients, Reply-To, long subjects in pt-BR and es, odd bodies. */
const MAILS: Record<string, MailMessage> = {
  'pt-BR, name-addr, Reply-To': {
    to: 'Zoë Ação da Conceição <zoe@clinica.example>',
    replyTo: '"Souza, Ana (Física)" <ana@x.example>',
    subject: 'Confirmação do pagamento do boleto nº 26/0001-01 — Clínica São Lucas, análise de água de Ribeirão Preto',
    text: awkwardText,
    html: `<p style="color:#000">${awkwardText}</p><img src="cid:${LOGO_CID}">`,
  },
  'es, company address': {
    to: FROM,
    subject: 'Solicitud de cotización: radiosinoviortesis para 3 pacientes en Málaga — señal recibida, ¿qué sigue?',
    text: 'Mañana   \n'.repeat(3),
    html: '<p>Sin logotipo</p>',
  },
  'emoji-only subject, ASCII name': {
    to: 'Ana Souza <ana@x.example>',
    replyTo: 'bob@x.example',
    subject: '🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉',
    text: '',
    html: '',
  },
  'ASCII subject': { to: 'ana@x.example', subject: 'Your report is ready: order 26/0001-01 (Knee 01) for the radiosynoviorthesis', text: 'Hi', html: '<b>Hi</b>' },
  'rendered template': rendered,
};

const built = Object.entries(MAILS).map(([name, mail]) => ({ name, mail, ...buildMessage(mail, FROM, new Date('2026-11-29T12:00:00Z')) }));

describe('buildMessage', () => {
  it.each(built)('$name: round trip through the test SMTP parser', ({ mail, raw, envelope }) => {
    const parsed = parseMail(raw);
    expect(parsed.subject).toBe(mail.subject);
    expect(parsed.text).toBe(mail.text);
    expect(parsed.html).toBe(mail.html);
    expect(parsed.to).toEqual([envelope.to[0]]);
    expect(parsed.headers.to).toBe(mail.to.replace(/^"(.*)"(?= <)/, '$1'));
    expect(parsed.headers['reply-to']).toBe(mail.replyTo?.replace(/^"(.*)"(?= <)/, '$1'));
    expect(parsed.headers.date).toBe('Sun, 29 Nov 2026 12:00:00 +0000');
    expect(parsed.headers['message-id']).toMatch(/^<[0-9a-f-]{36}@dosehub\.local>$/);
    expect(envelope.from).toBe('no-reply@dosehub.local');
  });

  it.each(built)('$name: 7-bit, CRLF line ends, no line over 78 characters', ({ raw }) => {
    expect(raw).not.toMatch(/[^\t\r\n\x20-\x7e]/);
    expect(raw.endsWith('\r\n')).toBe(true);
    const lines = raw.split('\r\n');
    expect(lines.filter((line) => line.includes('\n') || line.includes('\r'))).toEqual([]);
    expect(lines.filter((line) => line.length > 78)).toEqual([]);
  });

  it('sends the envelope to the address of a name-addr recipient', () => {
    expect(built[0]!.envelope).toEqual({ from: 'no-reply@dosehub.local', to: ['zoe@clinica.example'] });
    expect(built[1]!.envelope.to).toEqual(['no-reply@dosehub.local']);
  });

  it('attaches the logo (inline, <logo@dosehub>) only when the HTML shows it, with the PNG bytes', () => {
    const withLogo = built[0]!.raw;
    const part = /Content-ID: <logo@dosehub>\r\nContent-Disposition: inline; filename=dosehub.png\r\nContent-Transfer-Encoding: base64\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--/.exec(withLogo);
    expect(Buffer.from(part![1]!.replace(/\r\n/g, ''), 'base64').equals(LOGO)).toBe(true);
    expect(withLogo).toContain('multipart/related; type="text/html"');
    expect(built[1]!.raw).not.toContain('image/png');
    expect(new Set(built.map(({ raw }) => /boundary="([^"]+)"/.exec(raw)![1])).size).toBe(built.length);
  });

  it('refuses a recipient that is not one address (a list, or a line break that would add a header)', () => {
    for (const to of ['a@x.example, b@x.example', 'a@x.example\r\nBcc: b@x.example', 'Ana <a@x.example>\nBcc: b@x.example', 'Ana']) {
      expect(() => buildMessage({ to, subject: 's', text: '', html: '' }, FROM)).toThrow('not one mail address');
    }
  });

  it('writes RFC 5322 dates', () => {
    expect(mailDate(new Date('2026-03-01T04:05:06Z'))).toBe('Sun, 01 Mar 2026 04:05:06 +0000');
  });
});

describe('the encoders', () => {
  it('never splits a character or an =XX between encoded words, each at most 75 characters', () => {
    for (const text of ['ã'.repeat(80), '🎉'.repeat(40), 'aé🎉'.repeat(30), 'Ação ?_= x'.repeat(12)]) {
      const words = encodedWords(text);
      expect(words.every((word) => word.length <= 75)).toBe(true);
      const bytes = words.map((word) => {
        const [, kind, payload] = /^=\?UTF-8\?([QB])\?(.*)\?=$/.exec(word)!;
        return kind === 'B' ? Buffer.from(payload!, 'base64') : Buffer.from(payload!.replace(/_/g, '=20').replace(/=([0-9A-F]{2})/g, '%$1'), 'latin1');
      });
      for (const word of bytes) expect(word[0]! >= 0x80 && word[0]! < 0xc0).toBe(false);
    }
  });

  it('quoted-printable: soft breaks keep each =XX whole and lines at 76, trailing blanks and "=" encoded', () => {
    const encoded = quotedPrintable(`${'a'.repeat(74)}é\n${'='.repeat(60)} \n`);
    const lines = encoded.split('\r\n');
    expect(lines.every((line) => line.length <= 76 && !/=[0-9A-F]?=$/.test(line.slice(0, -1)))).toBe(true);
    expect(lines[0]).toBe(`${'a'.repeat(74)}=`);
    expect(lines[1]).toBe('=C3=A9');
    expect(encoded).toContain('=3D=20\r\n');
  });
});

/** Python's `email` package, a parser we did not write: no defects, and the same subject, recipient, text and HTML. */
const PYTHON_REFEREE = `
import email, email.policy, hashlib, json, sys
out = []
for raw in json.load(sys.stdin):
    msg = email.message_from_bytes(raw.encode('ascii'), policy=email.policy.default)
    defects = [repr(d) for part in msg.walk() for d in part.defects]
    defects += [name + ': ' + repr(d) for name in ('from', 'to', 'reply-to', 'subject', 'date', 'message-id') if msg[name] is not None for d in msg[name].defects]
    logo = [p for p in msg.walk() if p.get_content_type() == 'image/png']
    out.append({
        'defects': defects,
        'subject': str(msg['subject']),
        'to': [[a.display_name, a.addr_spec] for a in msg['to'].addresses],
        'replyTo': [[a.display_name, a.addr_spec] for a in msg['reply-to'].addresses] if msg['reply-to'] else None,
        'text': msg.get_body(('plain',)).get_content(),
        'html': msg.get_body(('html',)).get_content(),
        'logo': [hashlib.sha256(p.get_content()).hexdigest() for p in logo],
        'logoCid': [p['content-id'] for p in logo],
    })
print(json.dumps(out))
`;

const nameAndAddress = (value: string) => {
  const match = /^"?(.*?)"? <(.+)>$/.exec(value);
  return match ? [match[1]!.replace(/\\(.)/g, '$1'), match[2]] : ['', value];
};

describe("Python's email package as referee", () => {
  const result = spawnSync('python3', ['-c', PYTHON_REFEREE], { input: JSON.stringify(built.map(({ raw }) => raw)), encoding: 'utf8' });

  it('parses every message', () => {
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  const decoded = result.status === 0 ? (JSON.parse(result.stdout) as Array<Record<string, unknown>>) : [];
  it.each(built.map((message, i) => ({ ...message, python: decoded[i] })))('$name: no defects, same content', ({ mail, python }) => {
    expect(python).toBeDefined();
    expect(python!.defects).toEqual([]);
    expect(python!.subject).toBe(mail.subject);
    expect(python!.to).toEqual([nameAndAddress(mail.to)]);
    expect(python!.replyTo).toEqual(mail.replyTo ? [nameAndAddress(mail.replyTo)] : null);
    // Python keeps the CRLF line ends and ends a part's last line with a line break of its own.
    const lines = (value: unknown) => (value as string).replace(/\r\n/g, '\n').replace(/\n$/, '');
    expect(lines(python!.text)).toBe(lines(mail.text));
    expect(lines(python!.html)).toBe(lines(mail.html));
    expect(python!.logo).toEqual(mail.html.includes(`cid:${LOGO_CID}`) ? [sha256(LOGO)] : []);
  });
});
