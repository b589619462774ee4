import { randomBytes, randomInt } from 'node:crypto';
import { SandboxPaymentEvent } from '#shared/schemas/payments.ts';
import { boletoBarcode, linhaDigitavel } from './boleto.ts';
import { renderBoletoPdf } from './boleto-pdf.ts';
import { WebhookRefused, type PaymentProvider } from './provider.ts';
import { SIGNATURE_HEADER, signatureProblem } from './signature.ts';

/** No bank has this code: a sandbox line is well formed, and no real bank would accept it. */
export const SANDBOX_BANK = '999';

export interface SandboxOptions {
  webhookSecret: string;
  beneficiary: { name: string; cnpj: string };
}

const randomDigits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join('');

/** Parses "150.00" into 15000 centavos, exactly (never through a float). */
export const centsOf = (amount: string) => Number(amount.replace('.', ''));

/**
 * The default provider: real boleto maths and PDF, no bank behind it. Its bills live only in our `bills`
 * table, and its webhook events come from `npm run sandbox:pay`, signed with PAYMENTS_WEBHOOK_SECRET.
 */
export function createSandboxProvider({ webhookSecret, beneficiary }: SandboxOptions): PaymentProvider {
  return {
    name: 'sandbox',
    async issueBill(request) {
      const barcode = boletoBarcode({ bank: SANDBOX_BANK, amountCents: request.amountCents, dueDate: request.dueDate, freeField: randomDigits(25) });
      const line = linhaDigitavel(barcode);
      const pdf = await renderBoletoPdf({ ...request, beneficiary, line, barcode, notice: 'SANDBOX: documento de teste, sem valor bancário.' });
      return { providerBillId: `sbx_${randomBytes(12).toString('hex')}`, line, barcode, amountCents: request.amountCents, dueDate: request.dueDate, pdf };
    },
    parseWebhook(rawBody, headers) {
      const header = headers[SIGNATURE_HEADER];
      if (signatureProblem(webhookSecret, Array.isArray(header) ? header[0] : header, rawBody) !== null) throw new WebhookRefused('signature');
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookRefused('payload');
      }
      const parsed = SandboxPaymentEvent.safeParse(json);
      if (!parsed.success) throw new WebhookRefused('payload');
      const { id, type, data } = parsed.data;
      return { id, type, billId: data.billId, amountCents: centsOf(data.amount), paidAt: new Date(data.paidAt) };
    },
  };
}
