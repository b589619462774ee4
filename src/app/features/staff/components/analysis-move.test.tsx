import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffAnalysis } from '#shared/schemas/staff-analyses.ts';
import { jsonResponse, stubApi } from '#tests/utils/fake-fetch.ts';
import { renderRoute } from '#tests/utils/render.tsx';
import { setupSignedInTests } from '#tests/utils/signed-in.ts';
import { setConnectivityForTests } from '#app/lib/sync/connectivity.ts';

const STAFF = { id: '0190a000-0000-7000-8000-000000000001', isStaff: true };
const ID = '0190b000-0000-7000-8000-000000000007';

/** The analysis as the server has it: read first as "Dados enviados", moved by someone else meanwhile. */
const analysis = (extra: Partial<StaffAnalysis>): StaffAnalysis => ({
  id: ID,
  userId: '0190a000-0000-7000-8000-000000000002',
  orderId: '0190c000-0000-7000-8000-000000000001',
  status: 'Dados enviados',
  statusCode: 'DS',
  imagesUrl: null,
  active: true,
  serviceId: 'seg-quant',
  serviceName: 'Segmentação',
  createdAt: '2026-11-20',
  modifiedAt: '2026-11-21',
  analysisName: 'Paciente 7',
  report: '',
  reportUrl: null,
  messageToUser: '',
  version: 1,
  imagesFileId: null,
  reportFileId: null,
  calibration: null,
  user: { id: '0190a000-0000-7000-8000-000000000002', name: 'Rita Moraes', email: 'rita@clinica.example' },
  orderCode: '26/0001-07',
  ...extra,
});

/** As browsers answer: the empty media query (a column shown at every width) matches; the setup's shim says no to all. */
const matchMedia = window.matchMedia;
const browserMatchMedia = (query: string) => ({ ...matchMedia(query), matches: query.trim() === '' });

setupSignedInTests(STAFF, { globals: { matchMedia: browserMatchMedia }, localDatabase: false });

/** The analysis as read, until a move is sent: then 412, another staff member having moved it to `moved` meanwhile. */
function serveMovedMeanwhile(moved: ReturnType<typeof analysis>) {
  let current = analysis({});
  stubApi((url, init) => {
    if (url.endsWith(`/staff/analyses/${ID}/status/`) && init.method === 'POST') {
      current = moved;
      return jsonResponse({ errors: ['A análise mudou desde que foi lida.'], current: moved }, 412);
    }
    if (url.endsWith(`/staff/analyses/${ID}/`)) return jsonResponse(current);
    return jsonResponse({ errors: ['not here'] }, 404);
  });
}

describe('the back-office analysis page', () => {
  it('a move from a status someone else changed meanwhile: the page reloads the analysis and says what it was and what it is now', async () => {
    // Another staff member took it to "Verificando informações" after this page read it.
    serveMovedMeanwhile(analysis({ status: 'Verificando informações', statusCode: 'AI', version: 2 }));
    await renderRoute(`/staff/analyses/${ID}`, { auth: STAFF });
    await screen.findByRole('heading', { name: 'Paciente 7' });

    await userEvent.click(await screen.findByRole('button', { name: 'Salvar status' }));

    const stale = await screen.findByRole('alert', { name: 'Alguém alterou esta análise enquanto isso' });
    expect(stale).toHaveTextContent('Você a leu como “Dados enviados”; agora ela está em “Verificando informações”.');
    // The form now offers the moves from the current status, nothing from the old one.
    expect(await screen.findByRole('radio', { name: 'Informações inválidas' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Processando a análise' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Verificando informações' })).not.toBeInTheDocument();
  });

  it('moved meanwhile to a status with no move left (invalid, with a message): the page still says what changed, with the message sent', async () => {
    serveMovedMeanwhile(analysis({ status: 'Informações inválidas', statusCode: 'II', version: 3, messageToUser: 'Falta a série CT.' }));
    await renderRoute(`/staff/analyses/${ID}`, { auth: STAFF });
    await userEvent.click(await screen.findByRole('button', { name: 'Salvar status' }));

    const stale = await screen.findByRole('alert', { name: 'Alguém alterou esta análise enquanto isso' });
    expect(stale).toHaveTextContent('Você a leu como “Dados enviados”; agora ela está em “Informações inválidas”.');
    expect(stale).toHaveTextContent('Mensagem atual ao cliente: “Falta a série CT.”.');
    expect(screen.queryByRole('button', { name: 'Salvar status' })).not.toBeInTheDocument();
  });

  it('offline, the back-office says it needs a connection, and loads the screen when the connection is back', async () => {
    stubApi((url) => (url.includes('/staff/analyses/') ? jsonResponse({ count: 1, row: [analysis({})] }) : jsonResponse({ errors: ['not here'] }, 404)));
    setConnectivityForTests(false);
    await renderRoute('/staff/analyses', { auth: STAFF });
    const offline = await screen.findByRole('status', { name: 'O back-office precisa de conexão' });
    expect(offline).toHaveTextContent('Conecte-se à internet e a tela será carregada.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    act(() => setConnectivityForTests(true));
    const table = await screen.findByRole('table', { name: 'Fila de análises' });
    await within(table).findByRole('link', { name: 'Paciente 7' });
    expect(screen.queryByRole('status', { name: 'O back-office precisa de conexão' })).not.toBeInTheDocument();
  });
});
