/** Test fixtures (used only by this feature's *.test.ts(x)). */
import { CALCULATOR_BENEFIT } from '#shared/catalog.ts';
import type { Signature } from '#shared/schemas/signatures.ts';
import { TEST_USER } from '#app/lib/testing/local-first.ts';

export const SIGNATURES_PATH = `/users/${TEST_USER}/signatures/`;
export const signatureId = (n: number) => `0193a2b4-0000-7000-8000-0000000000d${n}`;

/** Far ahead, so that the subscription is current whatever today is. */
const TRIAL_END = '2099-01-31';

/** A monthly subscription in its trial, as the server sends it (activated, nothing to pay yet) by default. */
export const serverSignature = (id: string, changes: Partial<Signature> = {}): Signature => ({
  id,
  plan: 'Plano Mensal',
  planId: 'monthly',
  price: 60,
  discount: 0,
  modality: 'monthly',
  benefits: [{ id: CALCULATOR_BENEFIT.id, name: 'Calculadora de radiosinoviortese', uri: CALCULATOR_BENEFIT.uri }],
  hiredPeriod: null,
  testPeriod: { initial: '2099-01-01', end: TRIAL_END },
  activated: true,
  paymentMethod: 'boleto',
  billFile: null,
  bill: null,
  statusPayment: 'Aguardando pagamento',
  statusCode: 'APG',
  ...changes,
});

/** The trial ended unpaid: not activated, its boleto issued (US$ 60.00 at R$ 5.50 = R$ 330.00). */
export const expiredSignature = (id: string): Signature =>
  serverSignature(id, {
    activated: false,
    billFile: '/api/v1/files/0193a2b4-0000-7000-8000-0000000000f1/',
    bill: { provider: 'sandbox', method: 'boleto', pixCode: null, expiresAt: null, refundedAt: null, line: '9'.repeat(47), barcode: '9'.repeat(44), amount: 330, usdAmount: 60, usdBrlRate: 5.5, dueDate: '2099-02-07', status: 'open', paidAt: null },
  });
