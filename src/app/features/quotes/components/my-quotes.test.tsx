import { cleanup, screen, within } from '@testing-library/react';
import type { MyQuote } from '#shared/schemas/quotes.ts';
import { createTestQueryClient, renderRoute } from '#tests/utils/render.tsx';
import { setupSignedInTests } from '#tests/utils/signed-in.ts';
import { TEST_USER, fakeApi, networkError } from '#app/lib/testing/local-first.ts';
import { requestQuote } from '../store/quote-store.ts';

const auth = { id: TEST_USER, isStaff: false };
const QUOTES_PATH = `/users/${TEST_USER}/quotes/`;
const id = (n: number) => `0193a2b4-0000-7000-8000-0000000000${String(n).padStart(2, '0')}`;
const quote = (n: number, overrides: Partial<MyQuote> = {}): MyQuote => ({
  id: id(n),
  serviceId: 'radiosino',
  fields: { treatmentType: 'Y-90 joelho', numberOfPatients: 4, comments: 'Dois pacientes em junho.' },
  paymentMethod: 'boleto',
  createdAt: `2026-05-0${n}T12:00:00.000Z`,
  status: 'waiting',
  answeredAt: null,
  answer: null,
  orderId: null,
  ...overrides,
});

function serve(quotes: MyQuote[] | Error) {
  const api = fakeApi({
    [`GET /users/${TEST_USER}/email/`]: { body: { email: 'maria@example.com', verified: true } },
    [`GET ${QUOTES_PATH}`]: quotes instanceof Error ? quotes : { body: { count: quotes.length, row: quotes } },
    [`GET /users/${TEST_USER}/orders/`]: { body: { count: 0, row: [] } },
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

async function open(path: string, name: string) {
  await renderRoute(path, { auth, language: 'pt-BR', queryClient: createTestQueryClient() });
  return screen.findByRole('region', { name });
}
const cardOf = async (panel: HTMLElement, n: number) => (await within(panel).findAllByRole('listitem'))[n]!;

setupSignedInTests(auth);

describe('My quotes (issue 29)', () => {
  it('lists what was asked, newest first, waiting / answered with staff\'s answer / ordered; offline, what this device kept', async () => {
    const answer = 'Enviamos a proposta: R$ 1.200 por análise.';
    serve([
      quote(3, { status: 'ordered', orderId: '0193a2b4-0000-7000-8000-0000000000aa', answeredAt: '2026-05-04T10:00:00.000Z', answer: 'Pedido criado.' }),
      quote(2, { status: 'answered', answeredAt: '2026-05-03T10:00:00.000Z', answer }),
      quote(1),
    ]);
    let panel = await open('/dashboard/my-quotes', 'Meus orçamentos');
    const ordered = await cardOf(panel, 0);
    expect(within(ordered).getByText('Virou pedido')).toBeVisible();
    expect(within(ordered).getByRole('link', { name: 'Ver o pedido em Meus serviços' })).toHaveAttribute('href', '/dashboard/my-services');
    const answered = await cardOf(panel, 1);
    expect(within(answered).getByText('Respondido')).toBeVisible();
    expect(within(answered).getByText(answer)).toBeVisible();
    const waiting = await cardOf(panel, 2);
    expect(within(waiting).getByText('Aguardando resposta')).toBeVisible();
    expect(within(waiting).getByText('Tipo de tratamento')).toBeVisible();
    expect(within(waiting).getByText('Y-90 joelho')).toBeVisible();
    expect(within(waiting).getByText(/^Pedido em 01\/05\/2026/)).toBeVisible();

    // Offline: the server cannot be reached, the list is what the last pull kept.
    cleanup();
    serve(networkError());
    panel = await open('/dashboard/my-quotes', 'Meus orçamentos');
    expect(within(await cardOf(panel, 1)).getByText(answer)).toBeVisible();
    expect(await within(panel).findByText(/Não foi possível atualizar a lista/)).toBeVisible();
  });

  it('a request asked offline shows as waiting to be sent, and My services points to it instead of inviting another', async () => {
    serve(networkError());
    await requestQuote(TEST_USER, 'dosi-clin', { treatmentType: 'Lu-177 PSMA', numberOfPatients: 12, comments: 'Começamos em maio.' }, 'boleto');
    const panel = await open('/dashboard/my-quotes', 'Meus orçamentos');
    const card = await cardOf(panel, 0);
    expect(within(card).getByText('Aguardando envio')).toBeVisible();
    expect(within(card).getByText('Salvo neste aparelho: será enviado quando a rede voltar.')).toBeVisible();

    cleanup();
    serve([]);
    const services = await open('/dashboard/my-services', 'Meus serviços');
    expect(await within(services).findByText('Seu orçamento está a caminho')).toBeVisible();
    expect(within(services).getByRole('link', { name: 'Ver meus orçamentos' })).toHaveAttribute('href', '/dashboard/my-quotes');
    expect(within(services).queryByText('Solicite um orçamento na página de serviços.')).not.toBeInTheDocument();
  });

  it('none yet: says so and points to the services', async () => {
    serve([]);
    const panel = await open('/dashboard/my-quotes', 'Meus orçamentos');
    expect(await within(panel).findByText('Você ainda não pediu nenhum orçamento.')).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Escolha um serviço para pedir um orçamento.' })).toHaveAttribute('href', '/services');
  });
});
