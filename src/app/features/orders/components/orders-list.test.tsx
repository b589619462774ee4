import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatBrl } from '#shared/format/money.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { createTestQueryClient, renderRoute } from '#tests/utils/render.tsx';
import { setupSignedInTests } from '#tests/utils/signed-in.ts';
import { db } from '#app/lib/db.ts';
import { lastPullKey } from '#app/lib/sync/pull.ts';
import { TEST_USER, fakeApi, networkError, type FakeRoutes } from '#app/lib/testing/local-first.ts';
import { ORDERS_PATH, orderId, serverOrder } from '../testing/fixtures.ts';
import { orderActions } from './order-item.tsx';

const auth = { id: TEST_USER, isStaff: false };

function serve(list: Order[] | Error, extra: FakeRoutes = {}) {
  const api = fakeApi({
    [`GET /users/${TEST_USER}/email/`]: { body: { email: 'maria@example.com', verified: true } },
    [`GET ${ORDERS_PATH}`]: list instanceof Error ? list : { body: { count: list.length, row: list } },
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

async function openList(path = '/dashboard/my-services', language: 'pt-BR' | 'en-US' | 'es' = 'pt-BR') {
  const result = await renderRoute(path, { auth, language, queryClient: createTestQueryClient() });
  const panel = await screen.findByRole('region', { name: { 'pt-BR': 'Meus serviços', 'en-US': 'My services', es: 'Mis servicios' }[language] });
  return { ...result, panel };
}

const headers = (panel: HTMLElement) => within(panel).queryAllByRole('button', { name: / contratado em / });

/** Opens an order's accordion item and returns its panel region. */
async function open(panel: HTMLElement, name: RegExp) {
  const user = userEvent.setup();
  const control = within(panel).getByRole('button', { name });
  await user.click(control);
  await waitFor(() => expect(control).toHaveAttribute('aria-expanded', 'true'));
  return document.getElementById(control.getAttribute('aria-controls')!)!;
}

setupSignedInTests(auth);

describe('order action rules (docs/product.md §2)', () => {
  it.each([
    // statusCode, billUrl, serviceId, remaining → bill, add, details
    ['APG', 'https://bank.example/b/1', 'dosi-clin', 3, null, 'paymentPending', 'paymentPending'],
    ['APG', null, 'dosi-clin', 3, 'billMissing', 'paymentPending', 'paymentPending'],
    ['CON', 'https://bank.example/b/1', 'dosi-clin', 3, 'billPaid', null, null],
    ['CON', null, 'seg-quant', 0, 'billPaid', 'noneRemaining', null],
    ['CON', null, 'model-comp', 2, 'billPaid', 'noAnalyses', null],
    ['REF', null, 'dosi-clin', 3, 'refunded', 'refunded', 'refunded'],
  ] as const)('%s, bill %s, %s, %i remaining', (statusCode, billUrl, serviceId, remaining, bill, add, details) => {
    expect(orderActions({ statusCode, billUrl, serviceId }, remaining)).toEqual({ bill, add, details });
  });
});

describe('My services list', () => {
  it('pulls on entering and shows 6 per page, newest first, with a pager', async () => {
    const user = userEvent.setup();
    const orders = Array.from({ length: 8 }, (_, i) => serverOrder(orderId(8 - i), { createdAt: `2026-03-${String(18 - i).padStart(2, '0')}` }));
    serve(orders);
    const { panel, router } = await openList();
    await waitFor(() => expect(headers(panel)).toHaveLength(6));
    expect(headers(panel)[0]).toHaveAccessibleName(/^Dosimetria Clínica contratado em 18\/03\/2026 /);
    expect(within(panel).getByText('1–6 de 8')).toBeInTheDocument();
    const pager = within(panel).getByRole('navigation', { name: 'Páginas dos serviços' });
    await user.click(within(pager).getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(headers(panel)).toHaveLength(2));
    expect(router.state.location.search).toEqual({ page: 2 });
    expect(headers(panel)[1]).toHaveAccessibleName(/^Dosimetria Clínica contratado em 11\/03\/2026 /);
  });

  it('a paid order: price in BRL, totals, sent, payment, completion; add and details are links, the bill is disabled with its reason', async () => {
    serve([serverOrder(orderId(1), { billUrl: 'https://bank.example/b/1' })]);
    const { panel } = await openList();
    await waitFor(() => expect(headers(panel)).toHaveLength(1));
    const body = await open(panel, /Dosimetria Clínica/);
    const value = (label: string) => within(body).getByText(label).nextElementSibling?.textContent;
    expect(value('Preço')).toBe(formatBrl(1500.5));
    expect(value('Total de análises')).toBe('5');
    expect(value('Análises enviadas')).toBe('2');
    expect(value('Status do pagamento')).toBe('Confirmado');
    expect(within(body).getByText('20%')).toBeInTheDocument();
    expect(within(body).getByRole('progressbar', { name: 'Conclusão de Dosimetria Clínica' })).toBeInTheDocument();
    expect(within(body).getByRole('link', { name: 'Adicionar análise' })).toHaveAttribute('href', `/dashboard/my-services/${orderId(1)}/analysis-form/create`);
    expect(within(body).getByRole('link', { name: 'Ver detalhes' })).toHaveAttribute('href', `/dashboard/my-services/${orderId(1)}/analyses`);
    const bill = within(body).getByRole('button', { name: 'Abrir boleto' });
    expect(bill).toBeDisabled();
    expect(bill).toHaveAccessibleDescription('Boleto: o pagamento já foi confirmado.');
  });

  it('an unpaid order with a bill: the bill opens in a new tab; add and details are disabled until payment', async () => {
    serve([serverOrder(orderId(1), { statusCode: 'APG', statusPayment: 'Aguardando pagamento', billUrl: 'https://bank.example/b/1', remainingOfAnalyzes: 5 })]);
    const { panel } = await openList();
    await waitFor(() => expect(headers(panel)).toHaveLength(1));
    const body = await open(panel, /Dosimetria Clínica/);
    const bill = within(body).getByRole('link', { name: 'Abrir boleto' });
    expect(bill).toHaveAttribute('href', 'https://bank.example/b/1');
    expect(bill).toHaveAttribute('target', '_blank');
    for (const name of ['Adicionar análise', 'Ver detalhes']) {
      const button = within(body).getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('Análises: disponíveis após a confirmação do pagamento.');
    }
    expect(within(body).getByText('Status do pagamento').nextElementSibling).toHaveTextContent('Aguardando pagamento');
  });

  it('an unpaid order not billed yet: the client sees the method and changes it here at once, marked as waiting to be sent', async () => {
    const user = userEvent.setup();
    serve([serverOrder(orderId(1), { statusCode: 'APG', statusPayment: 'Aguardando pagamento', paymentMethod: 'pix', chosenPaymentMethod: 'pix' })]);
    const { panel } = await openList();
    await waitFor(() => expect(headers(panel)).toHaveLength(1));
    const body = await open(panel, /Dosimetria Clínica/);
    const group = within(body).getByRole('radiogroup', { name: 'Como você prefere pagar?' });
    expect(group).toHaveAccessibleDescription('Você pode mudar até a cobrança ser emitida.');
    expect(within(group).getByRole('radio', { name: 'PIX' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Boleto' }));
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Boleto' })).toBeChecked());
    expect(await within(body).findByText('Aguardando envio')).toBeVisible();
    expect(await db.orders.get(orderId(1))).toMatchObject({ paymentMethod: 'boleto', chosenPaymentMethod: 'boleto' });
  });

  it('billed or paid: the method is no longer offered', async () => {
    serve([serverOrder(orderId(1), { statusCode: 'APG', statusPayment: 'Aguardando pagamento', billUrl: 'https://bank.example/b/1' }), serverOrder(orderId(2))]);
    const { panel } = await openList();
    await waitFor(() => expect(headers(panel)).toHaveLength(2));
    const user = userEvent.setup();
    for (const control of headers(panel)) {
      await user.click(control);
      await waitFor(() => expect(control).toHaveAttribute('aria-expanded', 'true'));
      expect(within(document.getElementById(control.getAttribute('aria-controls')!)!).getByText('Abrir boleto')).toBeInTheDocument();
    }
    expect(within(panel).queryByRole('radiogroup')).toBeNull();
  });

  const LINE = '99990000090012345670900000011700116420000150050';
  const boleto = { provider: 'sandbox', method: 'boleto' as const, pixCode: null, expiresAt: null, refundedAt: null, line: LINE, barcode: '9'.repeat(44), amount: 1500.5, dueDate: '2026-12-03', status: 'open' as const, paidAt: null };

  it.each([
    ['pt-BR', 'Vencimento', '03/12/2026', 'Valor do boleto', 'Copiar a linha digitável'],
    ['en-US', 'Due date', '12/3/26', 'Bill amount', 'Copy the bill line'],
    ['es', 'Vencimiento', '3/12/26', 'Importe del boleto', 'Copiar la línea digitable'],
  ] as const)('an unpaid order with a boleto (%s): due date, amount in BRL, the line as printed and a button that copies its digits', async (language, due, date, amount, copy) => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    serve([serverOrder(orderId(1), { statusCode: 'APG', statusPayment: 'Aguardando pagamento', billUrl: '/api/v1/files/f/', bill: boleto })]);
    const { panel } = await openList('/dashboard/my-services', language);
    await waitFor(() => expect(within(panel).queryAllByRole('button', { expanded: false })).not.toHaveLength(0));
    const control = within(panel).getAllByRole('button', { expanded: false })[0]!;
    await user.click(control);
    const body = document.getElementById(control.getAttribute('aria-controls')!)!;
    const value = (label: string) => within(body).getByText(label).nextElementSibling?.textContent;
    await waitFor(() => expect(value(due)).toBe(date));
    expect(value(amount)).toBe(formatBrl(1500.5));
    expect(within(body).getByTestId('bill-line')).toHaveTextContent('99990.00009 00123.456709 00000.011700 1 16420000150050');
    await user.click(within(body).getByRole('button', { name: copy }));
    expect(writeText).toHaveBeenCalledWith(LINE);
  });

  it('a boleto paid through the webhook: the confirmation date shows, the bill is no longer offered and add opens', async () => {
    serve([serverOrder(orderId(1), { billUrl: '/api/v1/files/f/', bill: { ...boleto, status: 'paid', paidAt: '2026-11-26T12:00:00.000Z' } })]);
    const { panel } = await openList();
    await waitFor(() => expect(headers(panel)).toHaveLength(1));
    const body = await open(panel, /Dosimetria Clínica/);
    expect(within(body).getByRole('status')).toHaveTextContent('Pagamento confirmado em 26/11/2026.');
    expect(within(body).getByRole('button', { name: 'Abrir boleto' })).toBeDisabled();
    expect(within(body).getByRole('link', { name: 'Adicionar análise' })).toBeInTheDocument();
  });

  it('no analyses remaining: add is disabled and says why', async () => {
    serve([serverOrder(orderId(1), { remainingOfAnalyzes: 0 })]);
    const { panel } = await openList();
    await waitFor(() => expect(headers(panel)).toHaveLength(1));
    const body = await open(panel, /Dosimetria Clínica/);
    expect(within(body).getByRole('button', { name: 'Adicionar análise' })).toHaveAccessibleDescription('Análises: não há mais análises restantes neste serviço.');
    expect(within(body).getByRole('link', { name: 'Ver detalhes' })).toBeInTheDocument();
  });

  it.each([
    ['pt-BR', 'Você ainda não contratou nenhum serviço.', 'Solicite um orçamento na página de serviços.'],
    ['en-US', 'You have not hired any service yet.', 'Request a quote on the services page.'],
    ['es', 'Todavía no contrató ningún servicio.', 'Solicite un presupuesto en la página de servicios.'],
  ] as const)('empty (%s): a message pointing to the services quote page', async (language, text, link) => {
    serve([]);
    const { panel } = await openList('/dashboard/my-services', language);
    expect(await within(panel).findByText(text)).toBeVisible();
    expect(within(panel).getByRole('link', { name: link })).toHaveAttribute('href', '/services');
  });

  it('"Serviço indisponível!" when the list cannot be had and nothing is stored here', async () => {
    serve(networkError());
    const { panel } = await openList();
    expect(await within(panel).findByText('Serviço indisponível!')).toBeVisible();
  });

  it('offline with orders stored here: shows them and says the refresh failed', async () => {
    await db.orders.bulkPut([serverOrder(orderId(1)), serverOrder(orderId(2), { serviceId: 'radiosino', createdAt: '2026-03-12' })]);
    await db.meta.put({ key: lastPullKey('orders'), value: Date.now() - 60_000 });
    serve(networkError());
    const { panel } = await openList();
    await waitFor(() => expect(headers(panel)).toHaveLength(2));
    expect(headers(panel)[0]).toHaveAccessibleName(/^Radiosinoviortese contratado em 12\/03\/2026 /);
    expect(await within(panel).findByText(/Não foi possível atualizar os serviços agora/)).toBeVisible();
    expect(within(panel).queryByText('Serviço indisponível!')).not.toBeInTheDocument();
  });
});
