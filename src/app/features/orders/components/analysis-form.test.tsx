import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '#shared/schemas/orders.ts';
import { createTestQueryClient, renderRoute } from '#tests/utils/render.tsx';
import { setupSignedInTests } from '#tests/utils/signed-in.ts';
import { db } from '#app/lib/db.ts';
import { setConnectivityForTests } from '#app/lib/sync/connectivity.ts';
import { createDrainer } from '#app/lib/sync/drainer.ts';
import { TEST_USER, fakeApi, fakeLocks, networkError, type FakeRoutes } from '#app/lib/testing/local-first.ts';
import { blobFileReader, fakeTusServer } from '#app/lib/uploads/testing/fake-tus.ts';
import { blobKeepingClone } from '#app/lib/uploads/testing/keep-blobs.ts';
import { configureUploadsForTests } from '#app/lib/uploads/tus-upload.ts';
import { analysisKinds } from '../store/analysis-senders.ts';
import { ANALYSIS_CREATE, ANALYSIS_UPDATE } from '../store/analysis-store.ts';
import { ORDERS_PATH, analysesPath, analysisId, analysisItemPath, calibrationId, orderId, serverAnalysis, serverOrder } from '../testing/fixtures.ts';
import { allRows, changeRows, rowAt, rowCount } from '#app/lib/sync/outbox.ts';
import { installWriteKinds } from '#app/lib/sync/write-kinds.ts';
import { dateTimeText } from '#app/lib/date-text.ts';
import { isoToLocalInput } from '#app/lib/local-input.ts';

const auth = { id: TEST_USER, isStaff: false };
const OID = orderId(1);
const RADIOSYNO = ['P-32', 'Re-186', 'Y-90'];

function serve(order: Order, { online = true, extra = {} as FakeRoutes } = {}) {
  const api = fakeApi({
    [`GET /users/${TEST_USER}/email/`]: { body: { email: 'maria@example.com', verified: true } },
    [`GET ${ORDERS_PATH}`]: online ? { body: { count: 1, row: [order] } } : networkError(),
    [`GET ${analysesPath(OID)}`]: online ? { body: { count: 0, row: [] } } : networkError(),
    'GET /isotopes/': online ? { body: { count: RADIOSYNO.length, row: RADIOSYNO } } : networkError(),
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

let undo = () => {};
async function openForm(path = `/dashboard/my-services/${OID}/analysis-form/create`, language: 'pt-BR' | 'en-US' = 'pt-BR') {
  const queryClient = createTestQueryClient();
  undo = installWriteKinds(analysisKinds(queryClient));
  const result = await renderRoute(path, { auth, queryClient, language });
  const form = (await screen.findByRole('button', { name: /Enviar análise|Salvar alterações|Save changes/ }, { timeout: 5000 })).closest('form')!;
  return { ...result, form };
}

/** The user's calibration `calibrationId(1)`, "Lu-177 março", on this device. */
function storeCalibration() {
  return db.calibrations.put({
    id: calibrationId(1),
    userId: TEST_USER,
    isotope: 'Lu-177',
    calibrationName: 'Lu-177 março',
    syringeActivity: 185,
    residualSyringeActivity: 1,
    measurementDatetime: '2026-03-10T11:02:00-03:00',
    phantomVolume: 200,
    acquisitionTime: 1800,
    imagesUrl: null,
  });
}

const textbox = (form: HTMLElement, name: RegExp) => within(form).getByRole('textbox', { name });
const fileInput = (form: HTMLElement) => form.querySelector<HTMLInputElement>('input[type="file"]')!;
const combobox = (form: HTMLElement, name: RegExp) => within(form).queryByRole('combobox', { name });

setupSignedInTests(auth, {
  globals: { structuredClone: blobKeepingClone },
  afterEach: () => {
    undo();
    configureUploadsForTests();
  },
});

describe('analysis form fields per service', () => {
  it('dosi-clin: identifier, calibration (the user’s, from this device), injected activity, injection date-time, images; the remaining count', async () => {
    serve(serverOrder(OID, { serviceId: 'dosi-clin', remainingOfAnalyzes: 3 }));
    await storeCalibration();
    const { form } = await openForm();
    expect(within(form).getByText('3 formulários restantes')).toBeInTheDocument();
    expect(textbox(form, /Identificador/)).toBeInTheDocument();
    expect(combobox(form, /Calibração/)).toBeInTheDocument();
    expect(textbox(form, /Atividade injetada/)).toBeInTheDocument();
    expect(textbox(form, /Data e hora da injeção/)).toHaveAttribute('placeholder', 'dd/mm/aaaa hh:mm');
    expect(combobox(form, /Radionuclídeo/)).toBeNull();
    expect(fileInput(form)).not.toBeNull();

    // The shared schema's checks, per field.
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Enviar análise' }));
    await waitFor(() => expect(textbox(form, /Identificador/)).toHaveAttribute('aria-invalid', 'true'));
    expect(textbox(form, /Atividade injetada/)).toHaveAttribute('aria-invalid', 'true');
    expect(await rowCount()).toBe(0);
  });

  it('radiosino: identifier and the radiosynoviorthesis isotope; no calibration', async () => {
    serve(serverOrder(OID, { serviceId: 'radiosino' }));
    const { form } = await openForm();
    expect(combobox(form, /Radionuclídeo/)).toBeInTheDocument();
    expect(combobox(form, /Calibração/)).toBeNull();
    expect(within(form).queryByRole('textbox', { name: /Atividade injetada/ })).toBeNull();
    await waitFor(async () => expect((await db.isotopes.where('filter').equals('radiosyno').toArray()).map((row) => row.name)).toEqual(RADIOSYNO));
  });

  it('seg-quant: identifier and images only', async () => {
    serve(serverOrder(OID, { serviceId: 'seg-quant' }));
    const { form } = await openForm();
    expect(textbox(form, /Identificador/)).toBeInTheDocument();
    expect(combobox(form, /Calibração|Radionuclídeo/)).toBeNull();
    expect(within(form).queryByRole('textbox', { name: /Atividade injetada/ })).toBeNull();
    expect(fileInput(form)).not.toBeNull();
  });

  it('an unpaid order has no form: it says why', async () => {
    serve(serverOrder(OID, { statusCode: 'APG', statusPayment: 'Aguardando pagamento' }));
    await renderRoute(`/dashboard/my-services/${OID}/analysis-form/create`, { auth, queryClient: createTestQueryClient() });
    expect(await screen.findByText('Análises: disponíveis após a confirmação do pagamento.', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Enviar análise' })).not.toBeInTheDocument();
  });
});

describe('creating an analysis', () => {
  it('offline: the analysis and its outbox row and file are stored in one go, the success banner shows, the list shows it queued, the count drops', async () => {
    const user = userEvent.setup();
    await db.orders.put(serverOrder(OID, { serviceId: 'seg-quant', remainingOfAnalyzes: 2 }));
    serve(serverOrder(OID), { online: false });
    setConnectivityForTests(false);
    const { form, router } = await openForm();
    await user.type(textbox(form, /Identificador/), 'Paciente 07');
    await user.upload(fileInput(form), new File(['spect'], 'spect.zip', { type: 'application/zip' }));
    await user.click(within(form).getByRole('button', { name: 'Enviar análise' }));

    expect(await screen.findByText('Análise inserida com sucesso!')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/my-services/${OID}/analyses`));
    const [analysis] = await db.analyses.toArray();
    expect(analysis).toMatchObject({ orderId: OID, analysisName: 'Paciente 07', statusCode: 'DS', serviceId: 'seg-quant' });
    const [row] = await allRows();
    expect(row).toMatchObject({ kind: ANALYSIS_CREATE, entityId: analysis!.id, state: 'pending', payload: { orderId: OID, fields: { analysisName: 'Paciente 07' } } });
    expect(row!.fileIds).toHaveLength(1);
    expect((await db.blobs.get(row!.fileIds[0]!))?.name).toBe('spect.zip');
    const article = await screen.findByRole('article', { name: 'Paciente 07' });
    expect(await within(article).findByText('Aguardando envio')).toBeInTheDocument();
    expect(await screen.findByText('1 formulário restante')).toBeInTheDocument();
  });

  it('once online, the drainer uploads the file (tus) and posts the analysis once, with its id, imagesUploadId and the row id as Idempotency-Key', async () => {
    const user = userEvent.setup();
    const tus = fakeTusServer();
    configureUploadsForTests({ httpStack: tus.stack, fileReader: blobFileReader, chunkSize: 4 });
    const order = serverOrder(OID, { serviceId: 'seg-quant', remainingOfAnalyzes: 2 });
    const api = serve(order, {
      extra: {
        [`POST ${analysesPath(OID)}`]: (call) => ({
          status: 201,
          headers: { ETag: 'W/"1"' },
          body: serverAnalysis((call.body as { id: string }).id, OID, { serviceId: 'seg-quant', analysisName: 'Paciente 08' }),
        }),
      },
    });
    const { form } = await openForm();
    await user.type(textbox(form, /Identificador/), 'Paciente 08');
    fireEvent.change(fileInput(form), { target: { files: [new File(['0123456789'], 'spect.zip', { type: 'application/zip' })] } });
    await user.click(within(form).getByRole('button', { name: 'Enviar análise' }));
    await screen.findByText('Análise inserida com sucesso!');
    const [row] = await allRows();

    const drainer = createDrainer({ locks: fakeLocks().locks, sessionUserId: () => TEST_USER, refreshSession: async () => false });
    expect(await drainer.drain()).toMatchObject({ sent: 1 });
    const posts = api.callsTo('POST', analysesPath(OID));
    expect(posts).toHaveLength(1);
    const uploadId = [...tus.uploads.keys()][0]!;
    expect(posts[0]!.body).toEqual({ id: row!.entityId, analysisName: 'Paciente 08', imagesUploadId: uploadId });
    expect(posts[0]!.headers.get('Idempotency-Key')).toBe(row!.id);
    expect(new TextDecoder().decode(tus.bytesOf(uploadId))).toBe('0123456789');
    expect(tus.calls.filter((call) => call.method === 'PATCH')).toHaveLength(3);
    expect(await rowAt(row!.seq!)).toMatchObject({ state: 'done' });
    expect(await db.blobs.count()).toBe(0);
    // Sent once: another drain sends nothing.
    expect(await drainer.drain()).toMatchObject({ sent: 0 });
    expect(api.callsTo('POST', analysesPath(OID))).toHaveLength(1);
  });
});

describe('editing an analysis', () => {
  const AID = analysisId(1);
  const EDIT_PATH = `/dashboard/my-services/${OID}/analysis-form/${AID}/edit`;
  const ITEM = analysisItemPath(OID, AID);
  const analysis = serverAnalysis(AID, OID, { analysisName: 'Paciente 01', injectedActivity: 7400.5, version: 1 });

  /** The order, its analysis and the chosen calibration, as an earlier visit left them on this device. */
  async function stored() {
    await db.orders.put(serverOrder(OID));
    await db.analyses.put(analysis);
    await storeCalibration();
  }

  it('opens with the analysis (en-US), keeps the current images by default, queues one update and says "Analysis updated successfully!"', async () => {
    const user = userEvent.setup();
    await stored();
    serve(serverOrder(OID), { extra: { [`GET ${analysesPath(OID)}`]: { body: { count: 1, row: [analysis] } } } });
    const { form, router } = await openForm(EDIT_PATH, 'en-US');
    expect(textbox(form, /Identifier/)).toHaveValue('Paciente 01');
    expect(textbox(form, /Injected activity/)).toHaveValue('7400.5');
    await waitFor(() => expect(combobox(form, /Calibration/)).toHaveValue('Lu-177 março'));
    // mm/dd/yyyy in en-US (issue 29), the same moment.
    expect(textbox(form, /Injection date and time/)).toHaveValue(dateTimeText(isoToLocalInput(analysis.administrationDatetime!), 'en-US'));
    expect((textbox(form, /Injection date and time/) as HTMLInputElement).value).toMatch(/^03\/1[01]\/2026 \d{1,2}:00 [AP]M$/);
    expect(within(form).getByRole('button', { name: /Images \(SPECT\/CT\)/ })).toHaveTextContent('Keep the current images');

    await user.clear(textbox(form, /Identifier/));
    await user.type(textbox(form, /Identifier/), 'Paciente 01b');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Analysis updated successfully!')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/my-services/${OID}/analyses`));
    expect(await allRows()).toMatchObject([
      { kind: ANALYSIS_UPDATE, entityId: AID, state: 'pending', fileIds: [], payload: { fields: { analysisName: 'Paciente 01b', injectedActivity: 7400.5 } } },
    ]);
  });

  it('offline with new images: saved here at once ("Análise atualizada com sucesso!"); back online the images go up and the edit is sent exactly once', async () => {
    const user = userEvent.setup();
    const tus = fakeTusServer();
    configureUploadsForTests({ httpStack: tus.stack, fileReader: blobFileReader, chunkSize: 4, retryDelays: [] });
    await stored();
    serve(serverOrder(OID), { online: false });
    setConnectivityForTests(false);
    const { form } = await openForm(EDIT_PATH);
    expect(textbox(form, /Atividade injetada/)).toHaveValue('7400,5');
    await user.clear(textbox(form, /Atividade injetada/));
    await user.type(textbox(form, /Atividade injetada/), '7000');
    await user.upload(fileInput(form), new File(['new-series'], 'nova.zip', { type: 'application/zip' }));
    await user.click(within(form).getByRole('button', { name: 'Salvar alterações' }));

    expect(await screen.findByText('Análise atualizada com sucesso!')).toBeVisible();
    const article = await screen.findByRole('article', { name: 'Paciente 01' });
    expect(await within(article).findByText('Aguardando envio')).toBeInTheDocument();
    const [row] = await allRows();
    expect(row).toMatchObject({ kind: ANALYSIS_UPDATE, state: 'pending', payload: { fields: { injectedActivity: 7000 } } });
    expect((await db.blobs.get(row!.fileIds[0]!))?.name).toBe('nova.zip');
    expect(await db.analyses.get(AID)).toMatchObject({ injectedActivity: 7000, version: 1 });

    // Still offline: the upload gets no answer, nothing is sent.
    const drainer = createDrainer({ locks: fakeLocks().locks, sessionUserId: () => TEST_USER, refreshSession: async () => false });
    tus.failNext('POST', null);
    expect(await drainer.drain()).toMatchObject({ status: 'offline', sent: 0 });

    // Back online.
    const edited = { ...analysis, injectedActivity: 7000, version: 2 };
    const api = serve(serverOrder(OID), {
      extra: { [`PUT ${ITEM}`]: { status: 204, headers: { ETag: 'W/"2"' } }, [`GET ${analysesPath(OID)}`]: { body: { count: 1, row: [edited] } } },
    });
    setConnectivityForTests(true);
    await changeRows({ nextAttemptAt: 0 });
    expect(await drainer.drain()).toMatchObject({ sent: 1 });
    const [uploadId] = [...tus.uploads.keys()];
    const puts = api.callsTo('PUT', ITEM);
    expect(puts).toHaveLength(1);
    expect(puts[0]!.body).toEqual({ analysisName: 'Paciente 01', calibrationId: calibrationId(1), injectedActivity: 7000, administrationDatetime: expect.any(String), imagesUploadId: uploadId });
    expect(puts[0]!.headers.get('If-Match')).toBe('W/"1"');
    expect(puts[0]!.headers.get('Idempotency-Key')).toBe(row!.id);
    expect(new TextDecoder().decode(tus.bytesOf(uploadId!))).toBe('new-series');
    expect(await db.analyses.get(AID)).toMatchObject({ injectedActivity: 7000, version: 2 });
    expect(await db.blobs.count()).toBe(0);

    expect(await drainer.drain()).toMatchObject({ sent: 0 });
    expect(api.callsTo('PUT', ITEM)).toHaveLength(1);
    expect(tus.uploads.size).toBe(1);
  });
});
