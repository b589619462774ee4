import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CALCULATOR_BENEFIT } from '#shared/catalog.ts';
import type { Plan } from '#shared/schemas/catalog.ts';
import { createTestQueryClient, renderRoute } from '#tests/utils/render.tsx';
import { setupSignedInTests } from '#tests/utils/signed-in.ts';
import { setConnectivityForTests } from '#app/lib/sync/connectivity.ts';
import { createDrainer } from '#app/lib/sync/drainer.ts';
import { TEST_USER, fakeApi } from '#app/lib/testing/local-first.ts';
import { signatureKinds } from '../store/signature-senders.ts';
import { SIGNATURES_PATH, serverSignature } from '../testing/fixtures.ts';
import { allRows, rowCount } from '#app/lib/sync/outbox.ts';
import { installWriteKinds } from '#app/lib/sync/write-kinds.ts';

const auth = { id: TEST_USER, isStaff: false };
const PLAN: Plan = { id: 'monthly', title: 'Plano Mensal', price: 60, discount: 0, trialTime: 30, modality: 'monthly', slogan: 'Para começar.', benefits: [{ id: CALCULATOR_BENEFIT.id, name: 'Calculadora', uri: CALCULATOR_BENEFIT.uri }] };
const PROFILE = { name: 'Maria Souza', email: 'maria@example.com', phone: '', role: '', clinic: '', cpf: '', cnpj: '' };

const PREVIEW = { planId: 'monthly', usdAmount: 60, usdBrlRate: 5.4321, brlAmount: 325.93, trialDays: 30, trialEnd: '2099-01-31', billDueDate: '2099-02-07' };

function serve(profile = PROFILE) {
  const api = fakeApi({
    [`GET /users/${TEST_USER}/`]: { body: profile },
    [`GET /users/${TEST_USER}/email/`]: { body: { email: 'maria@example.com', verified: true } },
    [`GET /plans/`]: { body: { count: 1, row: [PLAN] } },
    [`GET ${SIGNATURES_PATH}`]: { body: { count: 0, row: [] } },
    [`GET ${SIGNATURES_PATH}checkout-preview/`]: { body: PREVIEW },
    [`POST ${SIGNATURES_PATH}`]: (call) => ({ status: 201, body: serverSignature((call.body as { id: string }).id) }),
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

let undo = () => {};
async function openCheckout() {
  undo = installWriteKinds(signatureKinds());
  await renderRoute('/plans/monthly/checkout', { auth, queryClient: createTestQueryClient() });
  return screen.findByRole('button', { name: 'Confirmar assinatura' });
}
const documentField = () => screen.findByRole('textbox', { name: /CPF ou CNPJ do pagador/ });
const queuedPayloads = async () => (await allRows()).map((row) => row.payload);

setupSignedInTests(auth, { afterEach: () => undo() });

describe("checkout: the payer's CPF or CNPJ", () => {
  it('a profile without either: asked at the field, empty or invalid refused there (translated), nothing queued', async () => {
    serve();
    const user = userEvent.setup();
    const confirm = await openCheckout();
    const field = await documentField();
    await user.click(confirm);
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Informe o CPF ou o CNPJ de quem pagará o boleto.'));
    await user.type(field, '111.111.111-11');
    await user.click(confirm);
    expect(field).toHaveAccessibleDescription(expect.stringContaining('CPF inválido.'));
    await user.clear(field);
    await user.type(field, '11.222.333/0001-80');
    await user.click(confirm);
    expect(field).toHaveAccessibleDescription(expect.stringContaining('CNPJ inválido.'));
    expect(field).toHaveValue('11.222.333/0001-80');
    expect(await rowCount()).toBe(0);
  });

  it('offline: the checkout is queued with the CPF and says so; back online it is sent once, carrying it', async () => {
    const api = serve();
    const user = userEvent.setup();
    const confirm = await openCheckout();
    setConnectivityForTests(false);
    await user.type(await documentField(), '529.982.247-25');
    await user.click(confirm);
    expect(await screen.findByText(/a assinatura será enviada uma vez/)).toBeVisible();
    expect(await queuedPayloads()).toEqual([expect.objectContaining({ fields: { plan: 'monthly', cpf: '52998224725', paymentMethod: 'boleto' } })]);

    setConnectivityForTests(true);
    await act(() => createDrainer({ locks: null }).drain());
    await waitFor(() => expect(api.callsTo('POST', SIGNATURES_PATH)).toHaveLength(1));
    expect(api.callsTo('POST', SIGNATURES_PATH)[0]!.body).toMatchObject({ plan: 'monthly', cpf: '52998224725' });
  });

  it('a profile that names the payer: no field, and the checkout carries the plan and the payment method only', async () => {
    serve({ ...PROFILE, cpf: '529.982.247-25' });
    const user = userEvent.setup();
    const confirm = await openCheckout();
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /CPF ou CNPJ do pagador/ })).not.toBeInTheDocument());
    await user.click(confirm);
    await waitFor(async () => expect(await queuedPayloads()).toEqual([expect.objectContaining({ fields: { plan: 'monthly', paymentMethod: 'boleto' } })]));
  });
});

describe('checkout: the bill before confirming (issue 29)', () => {
  it('shows the BRL amount, the rate that makes it, the trial\'s end and the due date, as the server computes them', async () => {
    const api = serve();
    await openCheckout();
    const preview = await screen.findByTestId('checkout-bill-preview');
    expect(preview).toHaveTextContent(
      'Quando o teste terminar, em 31/01/2099, emitimos um boleto de R$ 325,93: US$ 60,00 a R$ 5,4321 por dólar (o câmbio de hoje; vale o do dia da emissão), com vencimento em 07/02/2099.',
    );
    expect(api.callsTo('GET', `${SIGNATURES_PATH}checkout-preview/`)[0]!.search).toBe('?plan=monthly');
  });
});
