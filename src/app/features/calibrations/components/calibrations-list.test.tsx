import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime } from '#shared/format/date-time.ts';
import type { Calibration } from '#shared/schemas/calibrations.ts';
import { createTestQueryClient, renderRoute } from '#tests/utils/render.tsx';
import { setupSignedInTests } from '#tests/utils/signed-in.ts';
import { db, localWrite } from '#app/lib/db.ts';
import { allRows, changeRows, enqueue, queueScope, rowCount } from '#app/lib/sync/outbox.ts';
import { TEST_USER, fakeApi, networkError, type FakeRoutes } from '#app/lib/testing/local-first.ts';
import { blobKeepingClone } from '#app/lib/uploads/testing/keep-blobs.ts';
import { calibrationKinds } from '../store/calibration-senders.ts';
import { CALIBRATION_CREATE, CALIBRATION_DELETE, createCalibration, updateCalibration } from '../store/calibration-store.ts';
import { CALIBRATIONS_PATH, VALUES, phantomFile, serverCalibration } from '../testing/fixtures.ts';
import { installWriteKinds } from '#app/lib/sync/write-kinds.ts';

const auth = { id: TEST_USER, isStaff: false };
const id = (n: number) => `0193a2b4-0000-7000-8000-0000000000c${n}`;

/** n calibrations, the last created first (as the server lists them). */
function calibrations(n: number): Calibration[] {
  return Array.from({ length: n }, (_, i) =>
    serverCalibration(id(n - i), {
      calibrationName: `Calibração ${n - i}`,
      createAt: `2026-03-${String(10 + n - i).padStart(2, '0')}T14:10:00.000Z`,
    }),
  );
}

function serve(list: Calibration[] | Error, extra: FakeRoutes = {}) {
  const api = fakeApi({
    [`GET /users/${TEST_USER}/email/`]: { body: { email: 'maria@example.com', verified: true } },
    [`GET ${CALIBRATIONS_PATH}`]: list instanceof Error ? list : { body: { count: list.length, row: list } },
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

let undo = () => {};
async function openList(path = '/dashboard/my-calibrations', language: 'pt-BR' | 'en-US' | 'es' = 'pt-BR') {
  const queryClient = createTestQueryClient();
  undo = installWriteKinds(calibrationKinds(queryClient));
  const result = await renderRoute(path, { auth, language, queryClient });
  const panel = await screen.findByRole('region', { name: { 'pt-BR': 'Minhas calibrações', 'en-US': 'My calibrations', es: 'Mis calibraciones' }[language] });
  return { ...result, panel };
}

const items = (panel: HTMLElement) => within(panel).queryAllByRole('article');
const itemNamed = (panel: HTMLElement, name: string) => within(panel).getByRole('article', { name });

setupSignedInTests(auth, { globals: { structuredClone: blobKeepingClone }, afterEach: () => undo() });

describe('My calibrations list (docs/product.md §2)', () => {
  it('pulls on entering and shows 2 per page, newest first, with a pager', async () => {
    const user = userEvent.setup();
    const api = serve(calibrations(5));
    const { panel, router } = await openList();
    await waitFor(() => expect(items(panel)).toHaveLength(2));
    expect(items(panel).map((item) => within(item).getByRole('heading').textContent)).toEqual(['Calibração 5', 'Calibração 4']);
    expect(within(panel).getByText('1–2 de 5')).toBeInTheDocument();
    expect(api.callsTo('GET', CALIBRATIONS_PATH)).toHaveLength(1);

    const pager = within(panel).getByRole('navigation', { name: 'Páginas das calibrações' });
    expect(within(pager).getByRole('button', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(pager).getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(items(panel).map((item) => within(item).getByRole('heading').textContent)).toEqual(['Calibração 3', 'Calibração 2']));
    expect(router.state.location.search).toEqual({ page: 2 });
    await user.click(within(pager).getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(items(panel)).toHaveLength(1));
    expect(itemNamed(panel, 'Calibração 1')).toBeInTheDocument();
    expect(within(panel).getByText('5–5 de 5')).toBeInTheDocument();
  });

  it('each item: name, activities (MBq) with the net activity, date-time in the language, isotope, volume (cm³), time (s), download link, Edit and Delete', async () => {
    const calibration = serverCalibration(id(1), { syringeActivity: 185.5, residualSyringeActivity: 0.3, acquisitionTime: 1800 });
    serve([calibration]);
    const { panel } = await openList();
    const item = await waitFor(() => itemNamed(panel, 'Lu-177 março'));
    const value = (label: string) => within(item).getByText(label).nextElementSibling?.textContent;
    expect(value('Atividade da seringa (MBq)')).toBe('185,5');
    expect(value('Atividade residual da seringa (MBq)')).toBe('0,3');
    expect(value('Atividade líquida (MBq)')).toBe('185,2');
    expect(value('Data e hora da medição')).toBe(formatDateTime(calibration.measurementDatetime, 'pt-BR'));
    expect(within(item).getByText(formatDateTime(calibration.measurementDatetime, 'pt-BR'))).toHaveAttribute('datetime', calibration.measurementDatetime);
    expect(value('Isótopo')).toBe('Lu-177');
    expect(value('Volume do fantoma (cm³)')).toBe('200');
    expect(value('Tempo de aquisição (s)')).toBe('1.800');
    expect(await within(item).findByRole('link', { name: 'Baixar imagens da calibração Lu-177 março' })).toHaveAttribute('href', calibration.imagesUrl);
    expect(within(item).getByRole('link', { name: 'Editar a calibração Lu-177 março' })).toHaveAttribute('href', `/dashboard/my-calibrations/${id(1)}/edit`);
    expect(within(item).getByRole('button', { name: 'Excluir a calibração Lu-177 março' })).toBeInTheDocument();
    expect(within(panel).queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('speaks English in en-US (units, numbers, date-time)', async () => {
    const calibration = serverCalibration(id(1), { acquisitionTime: 1800 });
    serve([calibration]);
    const { panel } = await openList('/dashboard/my-calibrations', 'en-US');
    const item = await waitFor(() => itemNamed(panel, 'Lu-177 março'));
    expect(within(item).getByText('Net activity (MBq)').nextElementSibling).toHaveTextContent('185.2');
    expect(within(item).getByText('Acquisition time (s)').nextElementSibling).toHaveTextContent('1,800');
    expect(within(item).getByText(formatDateTime(calibration.measurementDatetime, 'en-US'))).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Add calibration' })).toBeInTheDocument();
  });

  it.each([
    ['pt-BR', 'Você ainda não tem nenhuma calibração cadastrada.', 'Adicionar calibração'],
    ['en-US', 'You have no calibrations registered yet.', 'Add calibration'],
    ['es', 'Todavía no tiene ninguna calibración registrada.', 'Agregar calibración'],
  ] as const)('empty (%s): a warning with the add button', async (language, text, add) => {
    serve([]);
    const { panel } = await openList('/dashboard/my-calibrations', language);
    expect(await within(panel).findByText(text)).toBeVisible();
    expect(within(panel).getByText(text).closest('[role="status"]')).not.toBeNull();
    expect(within(panel).getByRole('link', { name: add })).toHaveAttribute('href', '/dashboard/my-calibrations/add');
    expect(items(panel)).toHaveLength(0);
  });

  it('offline: renders what is on this device at once, says the refresh failed, and deletes locally (queued once)', async () => {
    const user = userEvent.setup();
    await db.calibrations.bulkPut(calibrations(3));
    serve(networkError());
    const { panel } = await openList();
    await waitFor(() => expect(items(panel)).toHaveLength(2));
    expect(await within(panel).findByText(/Não foi possível atualizar as calibrações agora/)).toBeVisible();

    await user.click(within(itemNamed(panel, 'Calibração 3')).getByRole('button', { name: 'Excluir a calibração Calibração 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quer mesmo deletar esse item?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deletar' }));

    expect(await screen.findByText('Calibração excluída com sucesso!')).toBeVisible();
    await waitFor(() => expect(items(panel).map((item) => within(item).getByRole('heading').textContent)).toEqual(['Calibração 2', 'Calibração 1']));
    expect(await db.calibrations.get(id(3))).toBeUndefined();
    const rows = await allRows();
    expect(rows).toMatchObject([{ kind: CALIBRATION_DELETE, entityId: id(3), state: 'pending', payload: { baseVersion: 1 } }]);
    expect(within(panel).queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('"Fechar" in the confirmation deletes nothing', async () => {
    const user = userEvent.setup();
    serve(calibrations(1));
    const { panel } = await openList();
    await user.click(await within(panel).findByRole('button', { name: 'Excluir a calibração Calibração 1' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(items(panel)).toHaveLength(1);
    expect(await rowCount()).toBe(0);
  });

  it('a calibration created offline shows at once as waiting, without a download link but with its queued images', async () => {
    serve(networkError());
    await createCalibration(TEST_USER, VALUES, phantomFile(), 'phantom.zip');
    const { panel } = await openList();
    const item = await waitFor(() => itemNamed(panel, 'Lu-177 março'));
    expect(await within(item).findByText('Aguardando envio')).toBeInTheDocument();
    expect(await within(item).findByText('Imagens aguardando envio: phantom.zip')).toBeInTheDocument();
    expect(within(item).queryByRole('link', { name: /Baixar imagens/ })).not.toBeInTheDocument();
    // The badge sits in a live region, so its changes are announced.
    expect(within(item).getByText('Aguardando envio').closest('[aria-live="polite"]')).not.toBeNull();
  });

  it('lists the queued images with their upload progress and a pause button', async () => {
    serve(networkError());
    await createCalibration(TEST_USER, VALUES, phantomFile(), 'phantom.zip');
    const { panel } = await openList();
    const uploads = await within(panel).findByRole('region', { name: 'Envio de arquivos' });
    expect(within(uploads).getByText('phantom.zip')).toBeInTheDocument();
    expect(within(uploads).getByRole('progressbar', { name: 'Envio de phantom.zip' })).toBeInTheDocument();
    expect(within(uploads).getByRole('button', { name: 'Pausar' })).toBeInTheDocument();
  });

  // A taken name is v1's non-field message: on the item as sent, above the form.
  it("a write the server refused shows its message on the item; edit and retry opens the form with the user's data", async () => {
    const user = userEvent.setup();
    serve([]);
    const calibrationId = await createCalibration(TEST_USER, { ...VALUES, calibrationName: 'Tc-99m rotina' }, phantomFile());
    await changeRows({ state: 'failed', attempts: 1, lastStatus: 400, lastError: 'Calibração com este User e Calibration Name já existe.' });
    const { panel, router } = await openList();
    const item = await waitFor(() => itemNamed(panel, 'Tc-99m rotina'));
    expect(await within(item).findByText('Não enviado')).toBeInTheDocument();
    expect(within(item).getByText('O servidor não aceitou o cadastro de “Tc-99m rotina”')).toBeVisible();
    expect(within(item).getByText('Calibração com este User e Calibration Name já existe.')).toBeVisible();
    expect(within(item).getByRole('button', { name: 'Descartar' })).toBeInTheDocument();

    await user.click(within(item).getByRole('link', { name: 'Editar e tentar de novo a calibração Tc-99m rotina' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/my-calibrations/${calibrationId}/edit`));
    const name = await screen.findByRole('textbox', { name: /Nome da calibração/ });
    expect(name).toHaveValue('Tc-99m rotina');
    expect(screen.getByRole('textbox', { name: /Atividade da seringa/ })).toHaveValue('185,5');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Calibração com este User e Calibration Name já existe.'));
    expect(screen.getByRole('alert')).toHaveTextContent('O servidor recusou estes dados');

    await user.clear(name);
    await user.type(name, 'Tc-99m rotina 2');
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByText('Calibração atualizada!')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-calibrations'));
    const [row] = await allRows();
    expect(row).toMatchObject({ kind: CALIBRATION_CREATE, state: 'pending', attempts: 0, lastError: null, payload: { fields: { calibrationName: 'Tc-99m rotina 2' } } });
    expect(row!.fileIds).toHaveLength(1);
  });

  it("a field's refusal goes beside that field on the item and in the form", async () => {
    const user = userEvent.setup();
    serve([]);
    await createCalibration(TEST_USER, { ...VALUES, calibrationName: 'Relógio adiantado' }, phantomFile());
    await changeRows({ state: 'failed', attempts: 1, lastStatus: 400, lastError: 'A data da medição não pode estar no futuro.', lastErrorField: 'measurementDatetime' });
    const { panel } = await openList();
    const item = await waitFor(() => itemNamed(panel, 'Relógio adiantado'));
    expect(await within(item).findByText('Data e hora da medição: A data da medição não pode estar no futuro.')).toBeVisible();

    await user.click(within(item).getByRole('link', { name: 'Editar e tentar de novo a calibração Relógio adiantado' }));
    const measurement = await screen.findByLabelText(/Data e hora da medição/);
    await waitFor(() => expect(measurement).toHaveAccessibleDescription(/A data da medição não pode estar no futuro\./));
    expect(measurement).toHaveAttribute('aria-invalid', 'true');
  });

  it('a conflicting update (412) offers keep mine / take theirs; taking theirs puts the server copy back', async () => {
    const user = userEvent.setup();
    serve(networkError());
    await db.calibrations.put(serverCalibration(id(1), { version: 3 }));
    await updateCalibration(TEST_USER, id(1), { ...VALUES, phantomVolume: 999 });
    await changeRows({ state: 'conflict', attempts: 1, lastStatus: 412, lastError: 'A calibração foi alterada em outro lugar.' });
    const { panel } = await openList();
    const item = await waitFor(() => itemNamed(panel, 'Lu-177 março'));
    expect(await within(item).findByText('Conflito')).toBeInTheDocument();
    expect(within(item).getByText('“Lu-177 março” conflita com a versão do servidor')).toBeVisible();
    expect(within(item).getByText('A calibração foi alterada em outro lugar.')).toBeVisible();
    expect(within(item).getByRole('button', { name: 'Manter a minha' })).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Usar a do servidor' }));
    await waitFor(() => expect(within(itemNamed(panel, 'Lu-177 março')).getByText('Volume do fantoma (cm³)').nextElementSibling).toHaveTextContent('200'));
    expect(await rowCount()).toBe(0);
  });

  it('a delete the server refused is listed apart, and "Desfazer a exclusão" brings the calibration back', async () => {
    const user = userEvent.setup();
    serve(networkError());
    const previous = serverCalibration(id(1));
    await localWrite(queueScope(), (tx) =>
      enqueue(tx, { kind: CALIBRATION_DELETE, entityId: id(1), payload: { userId: TEST_USER, calibrationName: previous.calibrationName, baseVersion: 1, previous } }),
    );
    await changeRows({ state: 'failed', attempts: 1, lastStatus: 400, lastError: 'A calibração está em uso.' });
    const { panel } = await openList();
    const alert = await within(panel).findByText('O servidor recusou a exclusão de “Lu-177 março”');
    expect(within(panel).getByText('A calibração está em uso.')).toBeVisible();
    await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Desfazer a exclusão' }));
    await waitFor(() => expect(itemNamed(panel, 'Lu-177 março')).toBeInTheDocument());
    expect(await rowCount()).toBe(0);
  });
});
