import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Analysis } from '#shared/schemas/analyses.ts';
import type { StaffSignature, StaffUser } from '#shared/schemas/staff.ts';
import { jsonResponse, stubApi } from '#tests/utils/fake-fetch.ts';
import { renderRoute } from '#tests/utils/render.tsx';
import { setupSignedInTests } from '#tests/utils/signed-in.ts';
import { saveAuthState } from '#app/lib/session.ts';
import { serverOrder } from '#app/features/orders/testing/fixtures.ts';

const STAFF = { id: '0190a000-0000-7000-8000-000000000001', isStaff: true };

const user = (n: number): StaffUser => ({
  id: `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`,
  name: `Clínica Paciente ${n}`,
  email: `user${n}@example.com`,
  phone: '',
  clinic: `Clínica ${n}`,
  role: 'Físico',
  cpf: '',
  cnpj: '',
  isStaff: false,
  deleted: false,
  emailVerified: true,
  language: 'pt-BR',
  createdAt: '2026-11-01',
});

const analysis = (n: number, extra: Partial<Analysis> = {}): Analysis => ({
  id: `0190b000-0000-7000-8000-${String(n).padStart(12, '0')}`,
  userId: user(1).id,
  orderId: '0190c000-0000-7000-8000-000000000001',
  status: 'Dados enviados',
  statusCode: 'DS',
  imagesUrl: null,
  active: true,
  serviceId: 'dosi-clin',
  serviceName: 'Dosimetria clínica',
  createdAt: '2026-11-20',
  modifiedAt: '2026-11-21',
  analysisName: `Paciente ${n}`,
  report: '',
  reportUrl: null,
  messageToUser: '',
  version: 1,
  ...extra,
});

const signature = (n: number, period: { initial: string; end: string }): StaffSignature => ({
  id: `0190d000-0000-7000-8000-${String(n).padStart(12, '0')}`,
  plan: 'Plano Mensal',
  planId: 'monthly',
  price: 60,
  discount: 0,
  modality: 'monthly',
  benefits: [],
  hiredPeriod: period,
  testPeriod: { initial: '2026-01-01', end: '2026-01-31' },
  activated: false,
  paymentMethod: 'boleto',
  billFile: null,
  bill: null,
  statusPayment: 'Confirmado',
  statusCode: 'CON',
  userId: user(n).id,
  userName: `Clínica Paciente ${n}`,
  userEmail: `user${n}@example.com`,
  userDeleted: false,
  version: 3,
});

/** Answers each staff list with `pages(url)`, and remembers the query strings asked for. */
function serve(lists: Record<string, (params: URLSearchParams) => { count: number; row: unknown[] }>) {
  const asked: Record<string, URLSearchParams[]> = {};
  stubApi((url) => {
    const parsed = new URL(url, 'http://localhost');
    const list = Object.keys(lists).find((path) => parsed.pathname === `/api/v1${path}`);
    if (!list) return jsonResponse({ errors: ['not here'] }, 404);
    (asked[list] ??= []).push(parsed.searchParams);
    return jsonResponse(lists[list]!(parsed.searchParams));
  });
  return { last: (path: string) => asked[path]?.at(-1) };
}

/** As browsers answer: the empty media query (a column shown at every width) matches; the setup's shim says no to all. */
const matchMedia = window.matchMedia;
const browserMatchMedia = (query: string) => ({ ...matchMedia(query), matches: query.trim() === '' });

setupSignedInTests(STAFF, { globals: { matchMedia: browserMatchMedia }, localDatabase: false });

/** The subscriptions screen listing `before` until an action is posted (its path kept in `posted`), then `after`. */
async function subscriptionAction(before: StaffSignature, after: StaffSignature, posted: string[] = []) {
  stubApi((url, init) => {
    if (init.method !== 'POST') return jsonResponse({ count: 1, row: [posted.length ? after : before] });
    posted.push(new URL(url, 'http://localhost').pathname);
    return jsonResponse(after);
  });
  await renderRoute('/staff/subscriptions', { auth: STAFF });
  return screen.findByRole('table', { name: 'Assinaturas' });
}

describe('back-office tables', () => {
  it('users: the search goes to the server and into the URL; the rows link to each user', async () => {
    const api = serve({ '/staff/users/': (params) => (params.get('q') === 'user7' ? { count: 1, row: [user(7)] } : { count: 2, row: [user(1), user(2)] }) });
    const { router } = await renderRoute('/staff/users', { auth: STAFF });
    const table = await screen.findByRole('table', { name: 'Usuários' });
    await within(table).findByRole('link', { name: 'Clínica Paciente 2' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'user7{Enter}');

    await within(table).findByRole('link', { name: 'Clínica Paciente 7' });
    expect(within(table).queryByText('Clínica Paciente 2')).not.toBeInTheDocument();
    expect(api.last('/staff/users/')?.get('q')).toBe('user7');
    expect(router.state.location.search).toMatchObject({ q: 'user7' });
    expect(within(table).getByRole('link', { name: 'Clínica Paciente 7' })).toHaveAttribute('href', `/staff/users/${user(7).id}`);
  });

  it('users: a deleted account is listed by its pseudonym and marked "Conta excluída" (issue 30)', async () => {
    const gone = { ...user(3), name: 'deleted-user-0a1b2c3d4e5f', email: 'deleted-user-0a1b2c3d4e5f@deleted.invalid', clinic: '', deleted: true };
    serve({ '/staff/users/': () => ({ count: 2, row: [user(1), gone] }) });
    await renderRoute('/staff/users', { auth: STAFF });
    const table = await screen.findByRole('table', { name: 'Usuários' });
    const row = (await within(table).findByRole('link', { name: 'deleted-user-0a1b2c3d4e5f' })).closest('tr')!;
    expect(within(row).getByText('Conta excluída')).toBeInTheDocument();
    expect(within(within(table).getByRole('link', { name: 'Clínica Paciente 1' }).closest('tr')!).queryByText('Conta excluída')).not.toBeInTheDocument();
  });

  it('analyses: pages on the server (25 a page), the page in the URL; the status filter starts again at page 1', async () => {
    const api = serve({
      '/staff/analyses/': (params) => {
        const offset = Number(params.get('offset'));
        const count = params.get('status') === 'II' ? 1 : 60;
        return { count, row: Array.from({ length: Math.min(25, count - offset) }, (_, i) => analysis(offset + i + 1, params.get('status') === 'II' ? { statusCode: 'II' } : {})) };
      },
    });
    const { router } = await renderRoute('/staff/analyses', { auth: STAFF });
    const table = await screen.findByRole('table', { name: 'Fila de análises' });
    await within(table).findByRole('link', { name: 'Paciente 1' });
    expect(screen.getByText('1–25 de 60')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Próxima página' }));

    await within(table).findByRole('link', { name: 'Paciente 26' });
    expect(api.last('/staff/analyses/')?.get('offset')).toBe('25');
    expect(api.last('/staff/analyses/')?.get('limit')).toBe('25');
    expect(router.state.location.search).toMatchObject({ page: 2 });

    await userEvent.click(screen.getByLabelText('Status', { selector: 'input' }));
    // Mantine's dropdown transition leaves it `display: none` under happy-dom: look past that.
    await userEvent.click(await screen.findByRole('option', { name: 'Informações inválidas', hidden: true }));

    await waitFor(() => expect(api.last('/staff/analyses/')?.get('status')).toBe('II'));
    expect(api.last('/staff/analyses/')?.get('offset')).toBe('0');
    expect(router.state.location.search).toEqual({ status: 'II' });
    await waitFor(() => expect(within(table).getAllByRole('link')).toHaveLength(1));
  });

  it('an empty answer says that nothing matches the filters', async () => {
    serve({ '/staff/users/': () => ({ count: 0, row: [] }) });
    await renderRoute('/staff/users?q=ninguem', { auth: STAFF });
    expect(await screen.findByText('Nada corresponde a esses filtros.')).toBeInTheDocument();
  });

  it('the "not de-identified" flag shows beside an analysis that carries it', async () => {
    serve({ '/staff/analyses/': () => ({ count: 1, row: [analysis(1, { notDeidentified: true, identifyingElements: ['PatientName'] })] }) });
    await renderRoute('/staff/analyses', { auth: STAFF });
    const table = await screen.findByRole('table', { name: 'Fila de análises' });
    expect(await within(table).findByText('Não anonimizada')).toBeInTheDocument();
  });

  it('orders: "Create order" finds the client on the server as staff type, then creates the order for them (typing "2" analyses gives 2)', async () => {
    const created: unknown[] = [];
    stubApi((url, init) => {
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      if (pathname === '/api/v1/staff/orders/' && init.method === 'POST') {
        created.push(JSON.parse(String(init.body)));
        return jsonResponse(serverOrder('0190c000-0000-7000-8000-000000000009', { userId: user(7).id, code: 'P-0009' }), 201);
      }
      if (pathname === '/api/v1/staff/orders/') return jsonResponse({ count: 0, row: [] });
      if (pathname === '/api/v1/staff/users/') return jsonResponse(searchParams.get('q') === 'user7' ? { count: 1, row: [user(7)] } : { count: 0, row: [] });
      return jsonResponse({ errors: ['not here'] }, 404);
    });
    await renderRoute('/staff/orders', { auth: STAFF });
    await userEvent.click(await screen.findByRole('button', { name: 'Criar pedido' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar pedido' });
    expect(within(dialog).getByRole('button', { name: 'Criar pedido' })).toBeDisabled();

    await userEvent.type(within(dialog).getByRole('combobox', { name: /Cliente/ }), 'user7');
    await userEvent.click(await screen.findByRole('option', { name: 'Clínica Paciente 7 · user7@example.com', hidden: true }));
    const service = within(dialog).getByRole('combobox', { name: /Serviço/ });
    await userEvent.click(service);
    // The screen's own service filter has the same options: pick from this field's list.
    const serviceList = await waitFor(() => document.getElementById(service.getAttribute('aria-controls') ?? '')!);
    await userEvent.click(within(serviceList).getByRole('option', { name: 'Dosimetria Clínica', hidden: true }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Número de análises/ }), '2');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Preço/ }), '1500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar pedido' }));

    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ userId: user(7).id, serviceId: 'dosi-clin', quantity: 2, price: 1500 });
    expect(await screen.findByRole('dialog', { name: 'Cobrança do pedido P-0009' })).toBeInTheDocument();
  });

  it('orders: an unpaid order offers "Issue bill" until its bill is issued, then only opens it', async () => {
    const waiting = { statusCode: 'APG', statusPayment: 'Aguardando pagamento' } as const;
    stubApi((url) => {
      const { pathname } = new URL(url, 'http://localhost');
      if (pathname === '/api/v1/staff/orders/')
        return jsonResponse({ count: 2, row: [serverOrder('0190c000-0000-7000-8000-000000000001', { ...waiting, code: 'P-0001' }), serverOrder('0190c000-0000-7000-8000-000000000002', { ...waiting, code: 'P-0002', billUrl: '/bill.pdf' })] });
      return jsonResponse({ count: 0, row: [] });
    });
    await renderRoute('/staff/orders', { auth: STAFF });
    expect(await screen.findByRole('button', { name: 'Emitir cobrança do pedido P-0001' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Emitir cobrança do pedido P-0002' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Confirmar pagamento do pedido P-0002' })).toBeInTheDocument();
  });

  it('orders: the bill dialog preselects the PIX the client chose and says so, asks for the payer\'s document the profile lacks and checks it as a CNPJ before sending; a PIX bill shows its state and no second "Issue bill"', async () => {
    const waiting = { statusCode: 'APG', statusPayment: 'Aguardando pagamento', paymentMethod: 'pix', chosenPaymentMethod: 'pix' } as const;
    const pixBill = { provider: 'sandbox', method: 'pix', line: null, barcode: null, pixCode: '000201', expiresAt: '2026-12-01T12:00:00Z', refundedAt: null, amount: 1500.5, dueDate: '2026-12-01', status: 'open', paidAt: null } as const;
    const sent: unknown[] = [];
    stubApi((url, init) => {
      const { pathname } = new URL(url, 'http://localhost');
      if (pathname.endsWith('/bill/')) {
        sent.push(JSON.parse(String(init.body)));
        return jsonResponse(serverOrder('0190c000-0000-7000-8000-000000000001', { ...waiting, code: 'P-0001', bill: pixBill }));
      }
      if (pathname === '/api/v1/staff/orders/')
        return jsonResponse({ count: 2, row: [serverOrder('0190c000-0000-7000-8000-000000000001', { ...waiting, code: 'P-0001' }), serverOrder('0190c000-0000-7000-8000-000000000002', { ...waiting, code: 'P-0002', bill: pixBill })] });
      return jsonResponse({ errors: ['not here'] }, 404);
    });
    await renderRoute('/staff/orders', { auth: STAFF });
    expect(await screen.findByText('PIX em aberto')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Emitir cobrança do pedido P-0002' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Emitir cobrança do pedido P-0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cobrança do pedido P-0001' });
    expect(within(dialog).getByRole('radio', { name: 'PIX (QR code e copia e cola)' })).toBeChecked();
    expect(within(dialog).getByRole('radiogroup', { name: 'Forma de cobrança' })).toHaveAccessibleDescription('O cliente escolheu PIX.');
    const document = within(dialog).getByRole('textbox', { name: /CPF ou CNPJ do pagador/ });
    await userEvent.type(document, '11.222.333/0001-82');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Emitir cobrança' }));
    expect(await within(dialog).findByText('CNPJ inválido.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.clear(document);
    await userEvent.type(document, '11.222.333/0001-81');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Emitir cobrança' }));
    await waitFor(() => expect(sent).toEqual([{ provider: 'sandbox', method: 'pix', cnpj: '11.222.333/0001-81' }]));
  });

  it('an empty list says there is nothing yet, or with a filter that nothing matches', async () => {
    stubApi(() => jsonResponse({ count: 0, row: [] }));
    await renderRoute('/staff/analyses', { auth: STAFF });
    expect(await screen.findByText('Nada por aqui ainda.')).toBeInTheDocument();
    await renderRoute('/staff/analyses?status=CO', { auth: STAFF });
    expect(await screen.findByText('Nada corresponde a esses filtros.')).toBeInTheDocument();
  });

  it('subscriptions: "Reactivate" only where the paid period still runs, and it asks the server to undo the deactivation', async () => {
    const nextYear = `${new Date().getFullYear() + 1}`;
    const running = signature(1, { initial: '2026-01-01', end: `${nextYear}-01-01` });
    const ended = signature(2, { initial: '2025-01-01', end: '2025-02-01' });
    const posted: string[] = [];
    stubApi((url, init) => {
      const { pathname } = new URL(url, 'http://localhost');
      if (init.method === 'POST') {
        posted.push(pathname);
        return jsonResponse({ ...running, activated: true, version: 4 });
      }
      return jsonResponse({ count: 2, row: [running, ended] });
    });
    await renderRoute('/staff/subscriptions', { auth: STAFF });
    const table = await screen.findByRole('table', { name: 'Assinaturas' });
    const rows = await within(table).findAllByRole('row');
    expect(within(rows.find((row) => row.textContent?.includes('Clínica Paciente 2'))!).queryByRole('button', { name: 'Reativar' })).toBeNull();

    await userEvent.click(within(rows.find((row) => row.textContent?.includes('Clínica Paciente 1'))!).getByRole('button', { name: 'Reativar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reativar a assinatura de Clínica Paciente 1' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reativar' }));

    await waitFor(() => expect(posted).toEqual([`/api/v1/staff/signatures/${running.id}/reactivate/`]));
    expect(await screen.findByText('Assinatura reativada.')).toBeInTheDocument();
  });

  it('subscriptions: confirming a payment during the trial says the hired period it set (from the trial\'s end), and the row shows it', async () => {
    const inTrial = { ...signature(3, { initial: '', end: '' }), hiredPeriod: null, testPeriod: { initial: '2099-01-01', end: '2099-01-31' }, activated: true, statusCode: 'APG' as const };
    const confirmed = { ...inTrial, hiredPeriod: { initial: '2099-01-31', end: '2099-02-28' }, statusCode: 'CON' as const, statusPayment: 'Confirmado' };
    const table = await subscriptionAction(inTrial, confirmed);
    expect(await within(table).findByText('Teste: 01/01/2099 – 31/01/2099')).toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: 'Confirmar pagamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar o pagamento da assinatura de Clínica Paciente 3' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar pagamento' }));

    expect(await screen.findByText('Pagamento confirmado durante o teste: o período contratado começa quando o teste termina, de 31/01/2099 a 28/02/2099.')).toBeInTheDocument();
    expect(await within(table).findByText('Contratado: 31/01/2099 – 28/02/2099')).toBeInTheDocument();
  });

  it('subscriptions: a PIX-paid subscription has "Reembolsar"; its dialog names the amount, the refund goes to the server and the row says refunded', async () => {
    const pixBill = { provider: 'sandbox', method: 'pix', line: null, barcode: null, pixCode: '000201', expiresAt: null, refundedAt: null, amount: 327.6, dueDate: '2099-01-31', status: 'paid', paidAt: '2099-01-02T10:00:00Z', usdAmount: 60, usdBrlRate: 5.46 } as const;
    const paid = { ...signature(4, { initial: '2099-01-01', end: '2099-01-31' }), activated: true, paymentMethod: 'pix' as const, bill: pixBill };
    const refunded = { ...paid, activated: false, statusCode: 'REF' as const, statusPayment: 'Reembolsado', bill: { ...pixBill, status: 'refunded' as const, refundedAt: '2099-01-03T10:00:00Z' } };
    const posted: string[] = [];
    const table = await subscriptionAction(paid, refunded, posted);
    expect(await within(table).findByText('PIX pago')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Reembolsar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reembolsar a assinatura de Clínica Paciente 4' });
    expect(within(dialog).getByText(/^O cliente recebe de volta os R\$\s327,60 pagos por PIX/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));

    expect(await screen.findByText('PIX reembolsado; a assinatura foi desativada. O cliente foi avisado.')).toBeInTheDocument();
    expect(posted).toEqual([`/api/v1/staff/signatures/${paid.id}/refund/`]);
    expect(await within(table).findByText('PIX reembolsado')).toBeInTheDocument();
    expect(within(table).getByText('Reembolsado')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Reembolsar' })).toBeNull();
  });

  it('/staff opens the analysis queue, marked as the current section in the navigation', async () => {
    serve({ '/staff/analyses/': () => ({ count: 1, row: [analysis(1)] }) });
    const { router } = await renderRoute('/staff', { auth: STAFF });
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/analyses'));
    const navigation = await screen.findByRole('navigation', { name: 'Seções do back-office' });
    expect(within(navigation).getByRole('link', { current: 'page' })).toHaveTextContent('Análises');
  });

  it('a clinician is sent to their dashboard from /staff', async () => {
    const clinician = { id: user(1).id, isStaff: false };
    saveAuthState(clinician);
    stubApi(() => jsonResponse({ email: 'user1@example.com', verified: true }));
    const { router } = await renderRoute('/staff/analyses', { auth: clinician });
    expect(router.state.location.pathname).toMatch(/^\/dashboard/);
  });
});
