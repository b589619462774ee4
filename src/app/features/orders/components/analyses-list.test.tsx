import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Analysis } from '#shared/schemas/analyses.ts';
import { createTestQueryClient, renderRoute } from '#tests/utils/render.tsx';
import { setupSignedInTests } from '#tests/utils/signed-in.ts';
import { db } from '#app/lib/db.ts';
import { setConnectivityForTests } from '#app/lib/sync/connectivity.ts';
import { lastPullKey } from '#app/lib/sync/pull.ts';
import { TEST_USER, fakeApi, networkError } from '#app/lib/testing/local-first.ts';
import { analysesPullKey } from '../api/order-queries.ts';
import { ANALYSIS_DELETE } from '../store/analysis-store.ts';
import { ORDERS_PATH, analysesPath, analysisId, orderId, serverAnalysis, serverOrder } from '../testing/fixtures.ts';
import { stepIndexOf } from './analysis-item.tsx';
import { allRows } from '#app/lib/sync/outbox.ts';

const auth = { id: TEST_USER, isStaff: false };
const OID = orderId(1);

function serve(analyses: Analysis[] | Error, orders: Error | null = null) {
  const api = fakeApi({
    [`GET /users/${TEST_USER}/email/`]: { body: { email: 'maria@example.com', verified: true } },
    [`GET ${ORDERS_PATH}`]: orders ?? { body: { count: 1, row: [serverOrder(OID)] } },
    [`GET ${analysesPath(OID)}`]: analyses instanceof Error ? analyses : { body: { count: analyses.length, row: analyses } },
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

async function openList() {
  const result = await renderRoute(`/dashboard/my-services/${OID}/analyses`, { auth, queryClient: createTestQueryClient() });
  const panel = await screen.findByRole('region', { name: 'Análises de Dosimetria Clínica' }, { timeout: 5000 });
  return { ...result, panel };
}

const item = (panel: HTMLElement, name: string) => within(panel).getByRole('article', { name });

setupSignedInTests(auth);

describe('analysis status steps', () => {
  it.each([
    ['DS', 0],
    ['AI', 1],
    ['II', 1],
    ['PR', 2],
    ['CO', 4],
  ] as const)('%s is step %i', (status, index) => expect(stepIndexOf(status)).toBe(index));
});

describe('an order’s analyses', () => {
  it('lists each analysis with its status, dates and the remaining count; edit/delete only in DS and II; the report when completed', async () => {
    serve([
      serverAnalysis(analysisId(1), OID, { analysisName: 'Enviada', statusCode: 'DS' }),
      serverAnalysis(analysisId(2), OID, { analysisName: 'Inválida', statusCode: 'II', status: 'Informações inválidas', messageToUser: 'A calibração não corresponde ao isótopo.' }),
      serverAnalysis(analysisId(3), OID, { analysisName: 'Processando', statusCode: 'PR' }),
      serverAnalysis(analysisId(4), OID, { analysisName: 'Pronta', statusCode: 'CO', reportUrl: `/api/v1/users/${TEST_USER}/orders/${OID}/analysis/${analysisId(4)}/report/` }),
    ]);
    const { panel } = await openList();
    await waitFor(() => expect(within(panel).getAllByRole('article')).toHaveLength(4));
    expect(within(panel).getByText('3 formulários restantes')).toBeInTheDocument();

    const sent = item(panel, 'Enviada');
    expect(within(sent).getByText('Dados enviados', { selector: '[data-status]' })).toBeInTheDocument();
    expect(within(sent).getByRole('link', { name: 'Editar a análise Enviada' })).toHaveAttribute('href', `/dashboard/my-services/${OID}/analysis-form/${analysisId(1)}/edit`);
    expect(within(sent).getByRole('button', { name: 'Excluir a análise Enviada' })).toBeInTheDocument();
    expect(within(sent).getByText('Enviada em')).toBeInTheDocument();

    const invalid = item(panel, 'Inválida');
    expect(within(invalid).getByText('Informações inválidas', { selector: '[data-status]' })).toBeInTheDocument();
    expect(within(invalid).getByText('A calibração não corresponde ao isótopo.')).toBeVisible();
    expect(within(invalid).getByRole('button', { name: 'Excluir a análise Inválida' })).toBeInTheDocument();

    const processing = item(panel, 'Processando');
    expect(within(processing).getByText('Processando a análise', { selector: '[data-status]' })).toBeInTheDocument();
    expect(within(processing).queryByRole('link', { name: /Editar/ })).not.toBeInTheDocument();
    expect(within(processing).queryByRole('button', { name: /Excluir/ })).not.toBeInTheDocument();
    expect(within(processing).queryByRole('link', { name: /relatório/ })).not.toBeInTheDocument();

    const done = item(panel, 'Pronta');
    expect(within(done).getByText('Análise concluída', { selector: '[data-status]' })).toBeInTheDocument();
    expect(within(done).getByRole('link', { name: 'Baixar o relatório da análise Pronta' })).toHaveAttribute(
      'href',
      `/api/v1/users/${TEST_USER}/orders/${OID}/analysis/${analysisId(4)}/report/`,
    );
    expect(within(done).queryByRole('button', { name: /Excluir/ })).not.toBeInTheDocument();
  });

  it('delete asks first (shared dialog), then happens here at once and is queued once; the slot comes back', async () => {
    const user = userEvent.setup();
    await db.analyses.put(serverAnalysis(analysisId(1), OID, { analysisName: 'Paciente 01' }));
    serve(networkError());
    const { panel } = await openList();
    await user.click(await within(panel).findByRole('button', { name: 'Excluir a análise Paciente 01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quer mesmo deletar esse item?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deletar' }));
    expect(await screen.findByText('Análise excluída com sucesso!')).toBeVisible();
    await waitFor(() => expect(within(panel).queryAllByRole('article')).toHaveLength(0));
    expect(await allRows()).toMatchObject([{ kind: ANALYSIS_DELETE, entityId: analysisId(1), state: 'pending', payload: { orderId: OID, baseVersion: 1 } }]);
    expect(await within(panel).findByText('4 formulários restantes')).toBeInTheDocument();
  });
});

describe('an order without analyses', () => {
  /** Offline, with the order on this device (pulled before). */
  async function offlineWithOrder() {
    await db.orders.put(serverOrder(OID));
    await db.meta.put({ key: lastPullKey('orders'), value: Date.now() - 60_000 });
    serve(networkError(), networkError());
    setConnectivityForTests(false);
  }

  it('online: says there is none yet', async () => {
    serve([]);
    const { panel } = await openList();
    expect(await within(panel).findByText('Nenhuma análise')).toBeVisible();
    expect(within(panel).getByText('Você ainda não enviou nenhuma análise neste serviço.')).toBeVisible();
  });

  it('offline, after an earlier pull found none: still the empty message, not "Serviço indisponível!"', async () => {
    await offlineWithOrder();
    await db.meta.put({ key: analysesPullKey(OID), value: Date.now() - 60_000 });
    const { panel } = await openList();
    expect(await within(panel).findByText('Nenhuma análise')).toBeVisible();
    expect(within(panel).queryByText('Serviço indisponível!')).not.toBeInTheDocument();
  });

  it('offline, never pulled on this device: "Serviço indisponível!" (nothing is known about its analyses)', async () => {
    await offlineWithOrder();
    const { panel } = await openList();
    expect(await within(panel).findByText('Serviço indisponível!')).toBeVisible();
    expect(within(panel).queryByText('Nenhuma análise')).not.toBeInTheDocument();
  });
});
