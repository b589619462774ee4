import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createTestQueryClient, renderRoute } from '#tests/utils/render.tsx';
import { setupSignedInTests } from '#tests/utils/signed-in.ts';
import { db } from '#app/lib/db.ts';
import { setConnectivityForTests } from '#app/lib/sync/connectivity.ts';
import { TEST_USER, fakeApi, networkError, type FakeRoutes } from '#app/lib/testing/local-first.ts';
import { blobKeepingClone } from '#app/lib/uploads/testing/keep-blobs.ts';
import { calibrationKinds } from '../store/calibration-senders.ts';
import { CALIBRATION_CREATE, CALIBRATION_UPDATE } from '../store/calibration-store.ts';
import { CALIBRATIONS_PATH, phantomFile, serverCalibration } from '../testing/fixtures.ts';
import { allRows, rowCount } from '#app/lib/sync/outbox.ts';
import { installWriteKinds } from '#app/lib/sync/write-kinds.ts';

const auth = { id: TEST_USER, isStaff: false };
const ISOTOPES = '/isotopes/';
const ISOTOPE_ROLE = 'combobox';
const DOSIMETRY = ['Lu-177', 'Cu-64', 'Ga-68', 'I-131', 'Tc-99m', 'Y-90'];

function serve({ online = true, list = [] as unknown[], extra = {} as FakeRoutes } = {}) {
  const api = fakeApi({
    [`GET /users/${TEST_USER}/email/`]: { body: { email: 'maria@example.com', verified: true } },
    [`GET ${CALIBRATIONS_PATH}`]: online ? { body: { count: list.length, row: list } } : networkError(),
    [`GET ${ISOTOPES}`]: online ? { body: { count: DOSIMETRY.length, row: DOSIMETRY } } : networkError(),
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

let undo = () => {};
async function openForm(path = '/dashboard/my-calibrations/add') {
  const queryClient = createTestQueryClient();
  undo = installWriteKinds(calibrationKinds(queryClient));
  const result = await renderRoute(path, { auth, queryClient });
  const form = (await screen.findByRole('button', { name: /Cadastrar|Salvar alterações/ })).closest('form')!;
  return { ...result, form };
}

const field = (form: HTMLElement, name: RegExp) => within(form).getByRole('textbox', { name });
const isotopeInput = (form: HTMLElement) => within(form).getByRole(ISOTOPE_ROLE, { name: /Isótopo/ });
const imagesInput = (form: HTMLElement) => form.querySelector<HTMLInputElement>('input[type="file"]')!;

/** Opens the isotope list and returns its options (the page has other selects: the language). */
async function isotopeOptions(user: UserEvent, form: HTMLElement) {
  const input = isotopeInput(form);
  if (input.getAttribute('aria-expanded') !== 'true') await user.click(input);
  const listbox = await waitFor(() => {
    const element = document.getElementById(input.getAttribute('aria-controls') ?? '');
    expect(element).not.toBeNull();
    return element!;
  });
  return waitFor(() => {
    // Mantine's dropdown transition leaves it `display: none` under happy-dom: look past that.
    const options = within(listbox).getAllByRole('option', { hidden: true });
    expect(options.length).toBeGreaterThan(0);
    return options;
  });
}

async function chooseIsotope(user: UserEvent, form: HTMLElement, name: string) {
  const option = (await isotopeOptions(user, form)).find((element) => element.textContent === name);
  await user.click(option!);
  await waitFor(() => expect(isotopeInput(form)).toHaveValue(name));
}

async function fill(user: UserEvent, form: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = label === 'measurement' ? within(form).getByLabelText(/Data e hora da medição/) : field(form, new RegExp(label));
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

const VALID = {
  'Nome da calibração': 'Lu-177 março',
  'Atividade da seringa': '185,5',
  'Atividade residual': '0,3',
  measurement: '10/03/2026 11:02',
  'Volume do fantoma': '200',
  'Tempo de aquisição': '1800',
};

setupSignedInTests(auth, { globals: { structuredClone: blobKeepingClone }, afterEach: () => undo() });

describe('add calibration form', () => {
  it('labels every field with its unit, and offers the dosimetry isotopes from /isotopes/?q=dosimetry', async () => {
    const user = userEvent.setup();
    const api = serve();
    const { form } = await openForm();
    for (const label of ['Atividade da seringa (MBq)', 'Atividade residual da seringa (MBq)', 'Volume do fantoma (cm³)', 'Tempo de aquisição (s)', 'Nome da calibração']) {
      expect(within(form).getByRole('textbox', { name: new RegExp(label.replace(/[()]/g, '\\$&')) })).toBeInTheDocument();
    }
    // Typed as pt-BR writes it, whatever the browser's locale (issue 29).
    expect(within(form).getByLabelText(/Data e hora da medição/)).toHaveAttribute('placeholder', 'dd/mm/aaaa hh:mm');
    expect(within(form).getByRole('button', { name: /Imagens SPECT do fantoma/ })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', ISOTOPES)).toHaveLength(1));
    expect(api.callsTo('GET', ISOTOPES)[0]!.search).toBe('?q=dosimetry');
    await waitFor(async () => expect((await isotopeOptions(user, form)).map((option) => option.textContent)).toEqual(['Cu-64', 'Ga-68', 'I-131', 'Lu-177', 'Tc-99m', 'Y-90']));
  });

  it('shows the messages beside the fields: required, name length, residual ≥ syringe, future date, missing images', async () => {
    const user = userEvent.setup();
    serve();
    const { form } = await openForm();
    await user.click(within(form).getByRole('button', { name: 'Cadastrar' }));
    expect(isotopeInput(form)).toHaveAccessibleDescription('Este campo é obrigatório.');
    expect(field(form, /Nome da calibração/)).toHaveAccessibleDescription('Este campo é obrigatório.');
    // The focus goes to the first field with a message.
    expect(isotopeInput(form)).toHaveFocus();

    await fill(user, form, { ...VALID, 'Nome da calibração': 'Lu', 'Atividade residual': '200', measurement: '01/01/2999 10:00' });
    await user.click(within(form).getByRole('button', { name: 'Cadastrar' }));
    expect(field(form, /Nome da calibração/)).toHaveAccessibleDescription('O nome da calibração precisa ter de 3 a 24 caracteres.');
    expect(field(form, /Nome da calibração/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(form, /Atividade residual/)).toHaveAccessibleDescription(/A atividade residual precisa ser menor que a atividade da seringa\./);
    expect(within(form).getByLabelText(/Data e hora da medição/)).toHaveAccessibleDescription(/A data da medição não pode estar no futuro\./);
    expect(within(form).getByRole('button', { name: /Imagens SPECT do fantoma/ })).toHaveAccessibleDescription(/Este campo é obrigatório\./);
    expect(await rowCount()).toBe(0);
    expect(await db.calibrations.count()).toBe(0);
  });

  it("refuses a name the user already has on this device", async () => {
    const user = userEvent.setup();
    serve({ list: [serverCalibration('0193a2b4-0000-7000-8000-0000000000c1', { calibrationName: 'Tc-99m rotina' })] });
    const { form } = await openForm();
    await waitFor(async () => expect(await db.calibrations.count()).toBe(1));
    await fill(user, form, { ...VALID, 'Nome da calibração': 'Tc-99m rotina' });
    await user.click(within(form).getByRole('button', { name: 'Cadastrar' }));
    expect(field(form, /Nome da calibração/)).toHaveAccessibleDescription('Você já tem uma calibração com este nome.');
  });

  it('offline: the isotopes come from this device, and saving stores the calibration, its images and one queued create, then returns to the list', async () => {
    const user = userEvent.setup();
    await db.isotopes.bulkPut(DOSIMETRY.map((name) => ({ id: `dosimetry:${name}` as const, filter: 'dosimetry', name })));
    await db.isotopes.put({ id: 'radiosyno:P-32', filter: 'radiosyno', name: 'P-32' });
    setConnectivityForTests(false);
    serve({ online: false });
    const { form, router } = await openForm();
    expect(within(form).getByText(/Sem conexão com o servidor: ao salvar/)).toBeInTheDocument();
    expect((await isotopeOptions(user, form)).map((option) => option.textContent)).toEqual(['Cu-64', 'Ga-68', 'I-131', 'Lu-177', 'Tc-99m', 'Y-90']);
    await chooseIsotope(user, form, 'Lu-177');
    await fill(user, form, VALID);
    await user.upload(imagesInput(form), phantomFile('phantom-bytes', 'fantoma.zip'));
    await user.click(within(form).getByRole('button', { name: 'Cadastrar' }));

    expect(await screen.findByText('Calibração cadastrada!')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-calibrations'));
    const [calibration] = await db.calibrations.toArray();
    expect(calibration).toMatchObject({ userId: TEST_USER, isotope: 'Lu-177', calibrationName: 'Lu-177 março', syringeActivity: 185.5, residualSyringeActivity: 0.3, phantomVolume: 200, acquisitionTime: 1800 });
    expect(new Date(calibration!.measurementDatetime).getTime()).toBe(new Date(2026, 2, 10, 11, 2).getTime());
    const rows = await allRows();
    expect(rows).toMatchObject([{ kind: CALIBRATION_CREATE, entityId: calibration!.id, state: 'pending' }]);
    expect((await db.blobs.get(rows[0]!.fileIds[0]!))?.name).toBe('fantoma.zip');
    const item = await screen.findByRole('article', { name: 'Lu-177 março' });
    expect(await within(item).findByText('Aguardando envio')).toBeInTheDocument();
  });
});

describe('edit calibration form', () => {
  const ID = '0193a2b4-0000-7000-8000-0000000000c1';

  it('opens with the values, keeps the current images by default, and queues one update', async () => {
    const user = userEvent.setup();
    const calibration = serverCalibration(ID, { version: 4 });
    serve({ list: [calibration] });
    const { form, router } = await openForm(`/dashboard/my-calibrations/${ID}/edit`);
    expect(field(form, /Nome da calibração/)).toHaveValue('Lu-177 março');
    expect(isotopeInput(form)).toHaveValue('Lu-177');
    expect(within(form).getByRole('button', { name: /Imagens SPECT do fantoma/ })).toHaveTextContent('Manter as imagens atuais');
    await fill(user, form, { 'Volume do fantoma': '250' });
    await user.click(within(form).getByRole('button', { name: 'Salvar alterações' }));

    expect(await screen.findByText('Calibração atualizada!')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-calibrations'));
    expect(await db.calibrations.get(ID)).toMatchObject({ phantomVolume: 250, version: 4 });
    const rows = await allRows();
    expect(rows).toMatchObject([{ kind: CALIBRATION_UPDATE, entityId: ID, fileIds: [], payload: { fields: { phantomVolume: 250 } } }]);
  });

  it('a calibration not on this device says so, with a way back', async () => {
    serve();
    await renderRoute(`/dashboard/my-calibrations/${ID}/edit`, { auth, queryClient: createTestQueryClient() });
    expect(await screen.findByText('Esta calibração não está neste aparelho (talvez tenha sido excluída).')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Voltar para Minhas calibrações' })).toHaveAttribute('href', '/dashboard/my-calibrations');
  });
});
