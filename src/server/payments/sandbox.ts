import { randomBytes, randomInt } from 'node:crypto';
import { SandboxPaymentEvent } from '#shared/schemas/payments.ts';
import { boletoBarcode, linhaDigitavel } from './boleto.ts';
import { brCode } from './brcode.ts';
import { WebhookRefused, type PaymentConfirmed, type PaymentProvider } from './provider.ts';
import { SIGNATURE_HEADER, signatureProblem } from './signature.ts';

/** No bank has this code: a sandbox line is well formed, and no real bank would accept it. */
export const SANDBOX_BANK = '999';

export interface SandboxOptions {
  webhookSecret: string;
  beneficiary: { name: string; cnpj: string; city?: string };
}

const randomDigits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join('');

/** Parses "150.00" into 15000 centavos, exactly (never through a float). */
export const centsOf = (amount: string) => Number(amount.replace('.', ''));

/** 25 letters and digits (the most field 62-05 holds): "sbx" and 22 random hex digits. */
const newTxid = () => `sbx${randomBytes(11).toString('hex')}`;

function readEvent(rawBody: Buffer): PaymentConfirmed {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookRefused('payload');
  }
  const parsed = SandboxPaymentEvent.safeParse(json);
  if (!parsed.success) throw new WebhookRefused('payload');
  const event = parsed.data;
  const billId = event.type === 'pix.received' ? event.data.txid : event.data.billId;
  return { id: event.id, type: event.type, billId, amountCents: centsOf(event.data.amount), paidAt: new Date(event.data.paidAt) };
}

/**
 * The default provider: real boleto maths and PDF, real BR Codes (our CNPJ as the PIX key), no bank behind
 * them. Its bills live only in our `bills` table, its webhook events come from `npm run sandbox:pay`, signed with
 * PAYMENTS_WEBHOOK_SECRET, and its refunds are immediate.
 */
export function createSandboxProvider({ webhookSecret, beneficiary }: SandboxOptions): PaymentProvider {
  return {
    name: 'sandbox',
    // The PDF is drawn on the bill's first download, not at issue: most of an issue's cost was drawing it (issue 35).
    async issueBill(request) {
      const barcode = boletoBarcode({ bank: SANDBOX_BANK, amountCents: request.amountCents, dueDate: request.dueDate, freeField: randomDigits(25) });
      return { providerBillId: `sbx_${randomBytes(12).toString('hex')}`, line: linhaDigitavel(barcode), barcode, amountCents: request.amountCents, dueDate: request.dueDate, pdf: null };
    },
    async billPdf({ instructions, issuedAt, ...bill }) {
      // pdfkit and fontkit (~5 MB of heap) load with the first boleto drawn, not at start (issue 35).
      const { renderBoletoPdf } = await import('./boleto-pdf.ts');
      return renderBoletoPdf({ ...bill, instructions: instructions ?? undefined, beneficiary, notice: 'SANDBOX: documento de teste, sem valor bancário.', createdAt: issuedAt });
    },
    async issuePix({ amountCents, expiresAt }) {
      const txid = newTxid();
      const code = brCode({ key: beneficiary.cnpj, merchantName: beneficiary.name, merchantCity: beneficiary.city ?? 'Sao Paulo', amountCents, txid });
      return { txid, code, amountCents, expiresAt };
    },
    async refundPix() {},
    parseWebhook(rawBody, headers) {
      const header = headers[SIGNATURE_HEADER];
      if (signatureProblem(webhookSecret, Array.isArray(header) ? header[0] : header, rawBody) !== null) throw new WebhookRefused('signature');
      return readEvent(rawBody);
    },
  };
}
