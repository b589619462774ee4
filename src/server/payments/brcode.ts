/**
 * The BR Code of a PIX charge: an EMV-MPM payload (BCB's "Manual do BR Code"), each field `id(2) length(2) value`,
 * closed by field 63, the CRC16-CCITT (poly 0x1021, initial 0xFFFF) over everything before its value. Ours: the
 * npm packages that make one are unmaintained; brcode.test.ts reads every code back
 * with a parser written apart from this one.
 */

export const PIX_GUI = 'br.gov.bcb.pix';
/** ISO 4217 code of the real. */
const CURRENCY_BRL = '986';
/** "Not informed", as BCB's examples: the company's activity does not change how a PIX is paid. */
const MCC_NONE = '0000';
/** Field 01 = 12: a dynamic code, to be paid once. */
const SINGLE_USE = '12';

/** Limits of the fields we fill (characters). */
export const BR_CODE_LIMITS = { name: 25, city: 15, txid: 25, key: 77, amount: 13 } as const;

export interface BrCodeFields {
  /** The receiver's PIX key (our CNPJ in the sandbox). */
  key: string;
  merchantName: string;
  merchantCity: string;
  /** Centavos, > 0. */
  amountCents: number;
  /** 1–25 letters and digits: the charge's id, in field 62-05. */
  txid: string;
}

/** ASCII only (accents dropped: "São" → "Sao"), cut to the field's limit; what every bank's app reads alike. */
export function emvText(text: string, limit: number): string {
  const ascii = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .trim();
  return ascii.slice(0, limit).trim();
}

const field = (id: string, value: string) => {
  if (value.length > 99) throw new RangeError(`BR Code field ${id}: ${value.length} characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
};

/** CRC16-CCITT-FALSE of the text's bytes, 4 uppercase hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The copy-paste code (and the QR code's text) of a charge. */
export function brCode({ key, merchantName, merchantCity, amountCents, txid }: BrCodeFields): string {
  if (!/^[A-Za-z0-9]{1,25}$/.test(txid)) throw new RangeError('txid: 1 to 25 letters and digits');
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new RangeError('amount: positive centavos');
  const amount = (amountCents / 100).toFixed(2);
  if (amount.length > BR_CODE_LIMITS.amount) throw new RangeError('amount: at most 13 characters');
  const name = emvText(merchantName, BR_CODE_LIMITS.name);
  const city = emvText(merchantCity, BR_CODE_LIMITS.city);
  if (!name || !city || key.length > BR_CODE_LIMITS.key) throw new RangeError('merchant name, city and key are required');
  const body = [
    field('00', '01'),
    field('01', SINGLE_USE),
    field('26', field('00', PIX_GUI) + field('01', key)),
    field('52', MCC_NONE),
    field('53', CURRENCY_BRL),
    field('54', amount),
    field('58', 'BR'),
    field('59', name),
    field('60', city),
    field('62', field('05', txid)),
  ].join('');
  return `${body}6304${crc16(`${body}6304`)}`;
}

/** Why a pasted code is not a charge of ours: its CRC does not match (changed or cut), or it is not a BR Code. */
export class BrCodeInvalid extends Error {
  constructor(readonly reason: 'crc' | 'format') {
    super(reason === 'crc' ? 'BR Code CRC does not match: the code was changed or cut' : 'not a BR Code');
  }
}

/** The txid (field 62-05) and amount (field 54, "150.00") of a copy-paste code whose CRC checks; throws `BrCodeInvalid` otherwise. */
export function readBrCode(code: string): { txid: string; amount: string } {
  const text = code.trim();
  const crcAt = text.length - 8;
  if (crcAt < 0 || text.slice(crcAt, crcAt + 4) !== '6304' || !text.startsWith('000201')) throw new BrCodeInvalid('format');
  if (crc16(text.slice(0, crcAt + 4)) !== text.slice(crcAt + 4).toUpperCase()) throw new BrCodeInvalid('crc');
  const additional = topField(text.slice(0, crcAt), '62');
  const txid = additional === null ? null : topField(additional, '05');
  const amount = topField(text.slice(0, crcAt), '54');
  if (!txid || !amount) throw new BrCodeInvalid('format');
  return { txid, amount };
}

/** A field's value among `id length value` fields, or null. */
function topField(text: string, id: string): string | null {
  for (let at = 0; at + 4 <= text.length; ) {
    const length = Number(text.slice(at + 2, at + 4));
    if (!Number.isInteger(length)) return null;
    if (text.slice(at, at + 2) === id) return text.slice(at + 4, at + 4 + length);
    at += 4 + length;
  }
  return null;
}
