import { screen, within } from '@testing-library/react';
import type { Signature } from '#shared/schemas/signatures.ts';
import { createTestQueryClient, renderRoute } from '#tests/utils/render.tsx';
import { setupSignedInTests } from '#tests/utils/signed-in.ts';
import { TEST_USER, fakeApi } from '#app/lib/testing/local-first.ts';
import { SIGNATURES_PATH, expiredSignature, serverSignature, signatureId } from '../testing/fixtures.ts';

const auth = { id: TEST_USER, isStaff: false };
const TITLES = { 'pt-BR': 'Minhas assinaturas', 'en-US': 'My subscriptions', es: 'Mis suscripciones' } as const;

function serve(list: Signature[]) {
  const api = fakeApi({
    [`GET /users/${TEST_USER}/email/`]: { body: { email: 'maria@example.com', verified: true } },
    [`GET ${SIGNATURES_PATH}`]: { body: { count: list.length, row: list } },
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

async function openList(language: keyof typeof TITLES = 'pt-BR') {
  await renderRoute('/dashboard/my-signatures', { auth, language, queryClient: createTestQueryClient() });
  return screen.findByRole('region', { name: TITLES[language] });
}

setupSignedInTests(auth);

describe('My signatures (docs/product.md §2)', () => {
  it('no subscription: says so and points to the plans', async () => {
    serve([]);
    const panel = await openList();
    expect(await within(panel).findByText('Você ainda não tem assinaturas.')).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Ver os planos' })).toHaveAttribute('href', '/plans');
  });

  it('in the trial: says what the trial is, when it ends and when the bill comes; no "Ativa" beside "Aguardando pagamento", no "—", no disabled Boleto (issue 29)', async () => {
    serve([serverSignature(signatureId(1))]);
    const panel = await openList();
    const card = await within(panel).findByTestId('signature-monthly');
    expect(within(card).getByRole('heading', { name: 'Plano Mensal' })).toBeVisible();
    expect(within(card).getAllByText('US$ 60,00', { exact: false }).length).toBeGreaterThan(0);
    expect(within(card).getByText('Em teste grátis')).toBeVisible();
    expect(
      within(card).getByText(
        'Teste grátis: os benefícios estão liberados, sem cobrança, até 31/01/2099. Nesse dia emitimos o boleto de US$ 60,00 (em reais, ao câmbio do dia); ele aparece aqui e chega ao seu e-mail.',
      ),
    ).toBeVisible();
    expect(within(card).getByText('Primeiro boleto').nextElementSibling).toHaveTextContent('31/01/2099');
    expect(within(card).queryByText('Ativa')).not.toBeInTheDocument();
    expect(within(card).queryByText('Aguardando pagamento')).not.toBeInTheDocument();
    expect(within(card).queryByText('—')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Boleto' })).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Calculadora de radiosinoviortese' })).toHaveAttribute('href', '/dashboard/my-signatures/benefits/calculator');
    expect(within(card).queryByText('Boleto (em reais)')).not.toBeInTheDocument();
  });

  it('paid during the trial: the hired period\'s start (the trial\'s end) and end, and a line saying it waits for the trial\'s end', async () => {
    serve([serverSignature(signatureId(3), { statusCode: 'CON', statusPayment: 'Confirmado', hiredPeriod: { initial: '2099-01-31', end: '2099-02-28' } })]);
    const panel = await openList();
    const card = await within(panel).findByTestId('signature-monthly');
    expect(within(card).getByText('28/02/2099')).toBeVisible();
    expect(within(card).getByText('Pago durante o teste: o período contratado começa em 31/01/2099, quando o teste termina, e vai até 28/02/2099.')).toBeVisible();
  });

  it('the trial ended unpaid: not active, the benefit is plain text, the bill opens the boleto, its BRL amount beside the USD total and the rate', async () => {
    serve([expiredSignature(signatureId(2))]);
    const panel = await openList();
    const card = await within(panel).findByTestId('signature-monthly');
    expect(within(card).getAllByText('Aguardando pagamento').length).toBeGreaterThan(0);
    expect(within(card).getByText('Calculadora de radiosinoviortese')).toBeVisible();
    expect(within(card).queryByRole('link', { name: 'Calculadora de radiosinoviortese' })).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Boleto' })).toHaveAttribute('href', '/api/v1/files/0193a2b4-0000-7000-8000-0000000000f1/');
    const amount = within(card).getByText('Boleto (em reais)').nextElementSibling!;
    expect(amount).toHaveTextContent('R$ 330,00 (US$ 60,00 a R$ 5,50 por dólar)');
    expect(within(card).getByText('07/02/2099')).toBeVisible();
  });

  it.each([
    ['en-US', '$60.00', 'Bill (in reais)', 'R$ 330,00 ($60.00 at R$ 5,50 per US dollar)'],
    ['es', '60,00 US$', 'Boleto (en reales)', 'R$ 330,00 (60,00 US$ a R$ 5,50 por dólar)'],
  ] as const)('in %s the USD price has that language\'s format', async (language, price, billLabel, billText) => {
    serve([expiredSignature(signatureId(3))]);
    const panel = await openList(language);
    const card = await within(panel).findByTestId('signature-monthly');
    expect(within(card).getAllByText(price).length).toBeGreaterThan(0);
    expect(within(card).getByText(billLabel).nextElementSibling).toHaveTextContent(billText);
  });
});
