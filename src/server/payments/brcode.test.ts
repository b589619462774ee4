// The BR Code of a PIX charge (issue 34), read back by a parser written apart from brcode.ts: a table-driven CRC
// (not the bitwise loop), nested TLV fields read generically, each field checked against BCB's "Manual do BR Code".
import { describe, expect, it } from 'vitest';
import { brCode, BrCodeInvalid, crc16, readBrCode } from './brcode.ts';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n << 8;
  for (let k = 0; k < 8; k++) c = c & 0x8000 ? (c << 1) ^ 0x1021 : c << 1;
  return c & 0xffff;
});
const tableCrc = (bytes: Uint8Array) => bytes.reduce((crc, byte) => ((crc << 8) ^ CRC_TABLE[((crc >> 8) ^ byte) & 0xff]!) & 0xffff, 0xffff);

type Tlv = Map<string, string>;
/** Every `id(2) length(2) value` of `text`, refusing anything left over or cut. */
function tlv(text: string): Tlv {
  const fields: Tlv = new Map();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number.parseInt(text.slice(at + 2, at + 4), 10);
    const value = text.slice(at + 4, at + 4 + length);
    if (!/^\d{2}$/.test(id) || Number.isNaN(length) || value.length !== length) throw new Error(`bad field at ${at}`);
    fields.set(id, value);
    at += 4 + length;
  }
  return fields;
}

/** The parser a bank app would be: CRC first, then the fields the manual requires, nested ones opened. */
function parse(code: string) {
  const crc = code.slice(-4);
  const computed = tableCrc(new TextEncoder().encode(code.slice(0, -4))).toString(16).toUpperCase().padStart(4, '0');
  const fields = tlv(code);
  return { crcOk: crc === computed && code.slice(-8, -4) === '6304', fields, account: tlv(fields.get('26')!), additional: tlv(fields.get('62')!) };
}

const base = { key: '42438610000111', merchantName: 'Dosimagem', merchantCity: 'Sao Paulo', amountCents: 15_000, txid: 'sbx0123456789abcdef01234' };

describe('brCode: the payload of a dynamic PIX charge', () => {
  it('matches the CRC of BCB manual example (the CRC16-CCITT-FALSE of the text before it)', () => {
    const example = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304';
    expect(crc16(example)).toBe('1D3D');
  });

  it.each([
    ['whole reais', { amountCents: 15_000 }, { amount: '150.00', name: 'Dosimagem', city: 'Sao Paulo' }],
    ['cents', { amountCents: 150_050 }, { amount: '1500.50', name: 'Dosimagem', city: 'Sao Paulo' }],
    ['one centavo', { amountCents: 1 }, { amount: '0.01', name: 'Dosimagem', city: 'Sao Paulo' }],
    ['the most 13 characters hold', { amountCents: 999_999_999_999 }, { amount: '9999999999.99', name: 'Dosimagem', city: 'Sao Paulo' }],
    ['accents dropped', { merchantName: 'Clínica São João', merchantCity: 'Maceió' }, { amount: '150.00', name: 'Clinica Sao Joao', city: 'Maceio' }],
    ['a long name cut to 25, a long city to 15', { merchantName: 'Instituto de Física Médica e Dosimetria Avançada', merchantCity: 'São José dos Campos' }, { amount: '150.00', name: 'Instituto de Fisica Medic', city: 'Sao Jose dos Ca' }],
  ])('%s', (_case, change, expected) => {
    const code = brCode({ ...base, ...change });
    const { crcOk, fields, account, additional } = parse(code);
    expect(crcOk).toBe(true);
    expect([...fields.keys()]).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('01')).toBe('12');
    expect(account.get('00')).toBe('br.gov.bcb.pix');
    expect(account.get('01')).toBe(base.key);
    expect(fields.get('52')).toBe('0000');
    expect(fields.get('53')).toBe('986');
    expect(fields.get('54')).toBe(expected.amount);
    expect(fields.get('58')).toBe('BR');
    expect(fields.get('59')).toBe(expected.name);
    expect(fields.get('59')!.length).toBeLessThanOrEqual(25);
    expect(fields.get('60')).toBe(expected.city);
    expect(fields.get('60')!.length).toBeLessThanOrEqual(15);
    expect(additional.get('05')).toBe(base.txid);
    expect(code).toMatch(/^[\x20-\x7e]+$/);
    expect(readBrCode(code)).toEqual({ txid: base.txid, amount: expected.amount });
  });

  it('refuses what it cannot encode: a txid with symbols or over 25, no amount, an amount over 13 characters', () => {
    expect(() => brCode({ ...base, txid: 'sbx-1' })).toThrow(/txid/);
    expect(() => brCode({ ...base, txid: 'a'.repeat(26) })).toThrow(/txid/);
    expect(() => brCode({ ...base, amountCents: 0 })).toThrow(/amount/);
    expect(() => brCode({ ...base, amountCents: 10_000_000_000_00 })).toThrow(/amount/);
  });
});

describe('readBrCode: a pasted code', () => {
  const code = brCode(base);
  it('a changed amount, a changed digit of the CRC, a code cut short → the CRC error', () => {
    for (const tampered of [code.replace('150.00', '100.00'), `${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'}`]) {
      expect(() => readBrCode(tampered)).toThrow(BrCodeInvalid);
      expect(() => readBrCode(tampered)).toThrow(/CRC/);
    }
    expect(() => readBrCode(code.slice(0, -10))).toThrow(BrCodeInvalid);
  });
  it('spaces around it are ignored; lowercase CRC digits are read', () => {
    expect(readBrCode(`  ${code}\n`).txid).toBe(base.txid);
    expect(readBrCode(code.slice(0, -4) + code.slice(-4).toLowerCase()).txid).toBe(base.txid);
  });
});
