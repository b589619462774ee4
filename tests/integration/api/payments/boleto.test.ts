// The boleto maths of the sandbox provider (src/server/payments) against independent implementations:
// @brazilian-utils/brazilian-utils reads and checks the lines we make, bwip-js draws the same ITF bars, and the
// PDF's own text (parsed with unpdf) holds the line.
import { getBoletoInfo, isValidBoleto } from '@brazilian-utils/brazilian-utils';
import bwipjs from 'bwip-js/node';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { boletoBarcode, dueDateFactor, formatLinhaDigitavel, linhaDigitavel } from '#server/payments/boleto.ts';
import { renderBoletoPdf } from '#server/payments/boleto-pdf.ts';
import { itfPattern } from '#server/payments/itf.ts';
import { SANDBOX_BANK } from '#server/payments/sandbox.ts';

const FREE_FIELD = '0000000123456700000001170';

/** The 44 barcode digits a line carries, in barcode order (the line's own check digits left out). */
const barcodeInLine = (line: string) => line.slice(0, 4) + line[32] + line.slice(33, 47) + line.slice(4, 9) + line.slice(10, 20) + line.slice(21, 31);

describe('due-date factor', () => {
  it.each([
    ['2000-07-03', 1000],
    ['2025-02-21', 9999],
    ['2025-02-22', 1000], // the reset
    ['2025-02-23', 1001],
    ['2026-11-26', 1642],
    ['2049-10-13', 9999],
    ['2049-10-14', 1000], // the next reset, 9000 days on
  ])('%s → %i', (date, factor) => {
    expect(dueDateFactor(date)).toBe(factor);
  });

  it('a date before the first factor is refused', () => {
    expect(() => dueDateFactor('1999-01-01')).toThrow(RangeError);
  });
});

describe('barcode and linha digitável', () => {
  it("reproduces the worked example of reference/domain-notes.md §4.4 (Banco do Brasil, R$ 150,00, due on the reset day)", () => {
    const barcode = boletoBarcode({ bank: '001', amountCents: 15000, dueDate: '2025-02-22', freeField: FREE_FIELD });
    expect(barcode).toBe('00191100000000150000000000123456700000001170');
    expect(linhaDigitavel(barcode)).toBe('00190000090012345670900000011700110000000015000');
    expect(formatLinhaDigitavel(linhaDigitavel(barcode))).toBe('00190.00009 00123.456709 00000.011700 1 10000000015000');
  });

  const cases = [
    { dueDate: '2024-12-20', amountCents: 1 }, // before the reset, smallest amount
    { dueDate: '2025-02-21', amountCents: 99_990 }, // last day of the old count (factor 9999)
    { dueDate: '2025-02-22', amountCents: 150_050 }, // the reset (factor 1000)
    { dueDate: '2026-12-03', amountCents: 1_234_567 },
    { dueDate: '2027-06-30', amountCents: 9_999_999_999 }, // the largest amount ten digits hold
  ];
  it.each(cases)('due $dueDate, $amountCents centavos: the library judges line and barcode valid and reads back amount and due date', ({ dueDate, amountCents }) => {
    for (const freeField of [FREE_FIELD, '9876543210987654321098765', '0000000000000000000000000']) {
      const barcode = boletoBarcode({ bank: SANDBOX_BANK, amountCents, dueDate, freeField });
      const line = linhaDigitavel(barcode);
      expect(line).toMatch(/^\d{47}$/);
      expect(isValidBoleto(line)).toBe(true);
      expect(barcodeInLine(line)).toBe(barcode);
      const info = getBoletoInfo(line)!;
      expect(info.amount).toBe(amountCents);
      expect(info.expirationDate!.toISOString().slice(0, 10)).toBe(dueDate);
      expect(info.bankCode).toBe(SANDBOX_BANK);
    }
  });

  it('a due date past the next reset (2049) reads back with a reference date near it', () => {
    const line = linhaDigitavel(boletoBarcode({ bank: SANDBOX_BANK, amountCents: 500, dueDate: '2049-10-20', freeField: FREE_FIELD }));
    expect(getBoletoInfo(line, { referenceDate: new Date('2049-10-01T00:00:00Z') })!.expirationDate!.toISOString().slice(0, 10)).toBe('2049-10-20');
  });

  it('one wrong digit anywhere in the line is caught by the library', () => {
    const line = linhaDigitavel(boletoBarcode({ bank: SANDBOX_BANK, amountCents: 150_000, dueDate: '2026-12-03', freeField: FREE_FIELD }));
    for (const position of [0, 9, 12, 20, 25, 31, 32, 40, 46]) {
      const changed = line.slice(0, position) + String((Number(line[position]) + 1) % 10) + line.slice(position + 1);
      expect(isValidBoleto(changed), `digit ${position}`).toBe(false);
    }
  });
});

describe('ITF bars', () => {
  it.each(['00191100000000150000000000123456700000001170', '99991642000012345679876543210987654321098765', '0123456789'])(
    '%s: the same bars and spaces as bwip-js draws',
    (digits) => {
      const [encoded] = bwipjs.raw('interleaved2of5', digits, {}) as Array<{ sbs: number[] }>;
      // bwip-js ends on the narrow space after the last bar; the drawing ends with the bar.
      const theirs = encoded!.sbs.slice(0, -1).map((width) => (width > 1 ? 'w' : 'n')).join('');
      expect(encoded!.sbs.length % 2).toBe(0);
      expect(itfPattern(digits)).toBe(theirs);
    },
  );

  it('an odd number of digits cannot be interleaved', () => {
    expect(() => itfPattern('123')).toThrow(RangeError);
  });
});

describe('the bill PDF', () => {
  it('reads back the line, parties, amount in BRL, due date and document number', async () => {
    const barcode = boletoBarcode({ bank: SANDBOX_BANK, amountCents: 150_050, dueDate: '2026-12-03', freeField: FREE_FIELD });
    const line = linhaDigitavel(barcode);
    const pdf = await renderBoletoPdf({
      beneficiary: { name: 'Dosimagem', cnpj: '42438610000111' },
      payer: { name: 'Ana Ávila', document: '52998224725' },
      amountCents: 150_050,
      dueDate: '2026-12-03',
      documentNumber: '26/0042-01',
      line,
      barcode,
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    const normalized = text.replace(/\s+/g, ' ');
    expect(normalized).toContain(formatLinhaDigitavel(line));
    expect(normalized).toContain('Dosimagem · CNPJ 42.438.610/0001-11');
    expect(normalized).toContain('Ana Ávila · CPF 529.982.247-25');
    expect(normalized).toContain('R$ 1.500,50');
    expect(normalized).toContain('03/12/2026');
    expect(normalized).toContain('26/0042-01');
  });
});
