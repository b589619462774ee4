import { formatCnpj } from '#shared/brazil/cnpj.ts';
import { formatCpf } from '#shared/brazil/cpf.ts';
import { isoToBr } from '#shared/brazil/dates.ts';
import { formatBrl } from '#shared/format/money.ts';
import { formatLinhaDigitavel } from './boleto.ts';
import { itfPattern } from './itf.ts';
import { newDocument, useStandardFont } from './pdf-fonts.ts';

export interface BoletoDocument {
  beneficiary: { name: string; cnpj: string };
  payer: { name: string; document: string };
  amountCents: number;
  dueDate: string;
  documentNumber: string;
  line: string;
  barcode: string;
  /** Shown in the header, e.g. "Sandbox: not a real bill". */
  notice?: string;
  /** Under the bars: what the bill pays for (a subscription's USD price and the rate it was converted at). */
  instructions?: string[];
  /** The PDF's creation date: the bill's issue, so that drawing one bill twice gives the same bytes. */
  createdAt?: Date;
}

/** CPF (11 digits) or CNPJ (14 characters), masked. */
export const formatTaxId = (document: string) => (document.length === 11 ? formatCpf(document) : formatCnpj(document));

// FEBRABAN: 13 mm high and 103 mm long: 44 digits are 405 narrow widths at 3:1, so a narrow element is 0.254 mm.
const MM = 72 / 25.4;
const NARROW = 0.254 * MM;
const WIDE = 3 * NARROW;
const BAR_HEIGHT = 13 * MM;

function drawItf(doc: PDFKit.PDFDocument, digits: string, x: number, y: number) {
  let cursor = x;
  [...itfPattern(digits)].forEach((width, index) => {
    const size = width === 'w' ? WIDE : NARROW;
    if (index % 2 === 0) doc.rect(cursor, y, size, BAR_HEIGHT).fill('#000');
    cursor += size;
  });
}

function field(doc: PDFKit.PDFDocument, label: string, value: string, x: number, y: number, width: number) {
  useStandardFont(doc, 'Helvetica').fontSize(7).fillColor('#444').text(label, x, y, { width });
  useStandardFont(doc, 'Helvetica-Bold').fontSize(10).fillColor('#000').text(value, x, y + 9, { width });
}

/** The boleto as a one-page A4 PDF: the parties, amount, due date, document number, the line and its ITF bars. */
export function renderBoletoPdf(bill: BoletoDocument): Promise<Buffer> {
  const doc = newDocument({ size: 'A4', margin: 40, info: { Title: `Boleto ${bill.documentNumber}`, Author: bill.beneficiary.name, ...(bill.createdAt && { CreationDate: bill.createdAt }) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = 40;
  const width = doc.page.width - 80;
  useStandardFont(doc, 'Helvetica-Bold').fontSize(14).text('Boleto bancário', left, 40);
  if (bill.notice) useStandardFont(doc, 'Helvetica').fontSize(9).fillColor('#a00').text(bill.notice, left, 60).fillColor('#000');
  useStandardFont(doc, 'Helvetica-Bold').fontSize(12).text(formatLinhaDigitavel(bill.line), left, 84, { width, align: 'right' });
  doc.moveTo(left, 102).lineTo(left + width, 102).stroke();
  const half = width / 2;
  field(doc, 'Beneficiário', `${bill.beneficiary.name} · CNPJ ${formatCnpj(bill.beneficiary.cnpj)}`, left, 110, width);
  field(doc, 'Pagador', `${bill.payer.name} · ${bill.payer.document.length === 11 ? 'CPF' : 'CNPJ'} ${formatTaxId(bill.payer.document)}`, left, 140, width);
  field(doc, 'Vencimento', isoToBr(bill.dueDate) ?? bill.dueDate, left, 170, half);
  field(doc, 'Valor do documento', formatBrl(bill.amountCents / 100), left + half, 170, half);
  field(doc, 'Número do documento', bill.documentNumber, left, 200, half);
  field(doc, 'Linha digitável', formatLinhaDigitavel(bill.line), left, 230, width);
  drawItf(doc, bill.barcode, left, 270);
  if (bill.instructions?.length) field(doc, 'Instruções (texto de responsabilidade do beneficiário)', bill.instructions.join('\n'), left, 330, width);
  doc.end();
  return done;
}
