import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestQueryClient, renderRoute } from '#tests/utils/render.tsx';
import { setupSignedInTests } from '#tests/utils/signed-in.ts';
import { db } from '#app/lib/db.ts';
import { setConnectivityForTests } from '#app/lib/sync/connectivity.ts';
import { createDrainer } from '#app/lib/sync/drainer.ts';
import { TEST_USER, fakeApi, type FakeReply } from '#app/lib/testing/local-first.ts';
import { quoteKinds } from '../store/quote-store.ts';
import { allRows, rowCount } from '#app/lib/sync/outbox.ts';
import { discardLocalChange } from '#app/lib/sync/resolve.ts';
import { installWriteKinds } from '#app/lib/sync/write-kinds.ts';

const auth = { id: TEST_USER, isStaff: false };
const BUDGET = `/users/${TEST_USER}/budget/`;
const PROFILE = { name: 'Maria Souza', email: 'maria@example.com', phone: '+5511987654321', role: 'Física médica', clinic: 'Clínica Sol', cpf: '', cnpj: '' };

function serve(budget: FakeReply = { status: 204 }) {
  const api = fakeApi({ [`GET /users/${TEST_USER}/`]: { body: PROFILE }, [`POST ${BUDGET}`]: budget });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

let undo = () => {};
async function openForm(service = 'dosi-clin') {
  undo = installWriteKinds(quoteKinds());
  await renderRoute(`/services/${service}/hire/budget-form`, { auth, queryClient: createTestQueryClient() });
  return (await screen.findByRole('button', { name: 'Solicitar orçamento' })).closest('form')!;
}
const field = (form: HTMLElement, name: string | RegExp) => within(form).getByRole('textbox', { name });
const drain = () => act(() => createDrainer({ locks: null }).drain());

async function fillClinical(form: HTMLElement) {
  const user = userEvent.setup();
  await user.type(field(form, /Tipo de tratamento/), 'Lu-177 PSMA');
  await user.type(field(form, /Número de pacientes/), '12');
  await user.type(field(form, /Comentários/), 'Começamos em maio.');
  return user;
}

/** A clinical request asked for and refused by the server on its treatment type; the form. */
async function askAndBeRefused() {
  serve({ status: 400, body: { errors: ['treatment_type: Certifique-se de que este campo não tenha mais de 60 caracteres.'] } });
  const form = await openForm();
  const user = await fillClinical(form);
  await user.click(within(form).getByRole('button', { name: 'Solicitar orçamento' }));
  await waitFor(async () => expect(await rowCount()).toBe(1));
  await drain();
  return form;
}

setupSignedInTests(auth, { afterEach: () => undo() });

describe('quote request form', () => {
  it("shows the profile's contact details read-only and the service's labelled fields", async () => {
    serve();
    await openForm();
    expect(await screen.findByDisplayValue('Clínica Sol')).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: /Nome/ })).toHaveValue('Maria Souza');
    expect(screen.getByRole('heading', { name: 'Pedido de orçamento: Dosimetria Clínica' })).toBeVisible();
  });

  it.each([
    ['dosi-preclin', ['Linha de pesquisa', 'Número de modelos', 'Frequência', 'Comentários']],
    ['model-comp', ['Linha de pesquisa', 'Descrição do projeto']],
    ['radiosino', ['Tipo de tratamento', 'Número de pacientes', 'Frequência', 'Comentários']],
  ])('%s asks for its own fields', async (service, labels) => {
    serve();
    const form = await openForm(service);
    expect(within(form).getAllByRole('textbox').map((input) => input.getAttribute('name'))).toHaveLength(labels.length);
    for (const label of labels) expect(field(form, new RegExp(label))).toBeInTheDocument();
  });

  it('checks with the shared schema before queueing: required fields and a negative count, translated', async () => {
    const api = serve();
    const form = await openForm();
    const user = userEvent.setup();
    await user.type(field(form, /Número de pacientes/), '-1');
    await user.click(within(form).getByRole('button', { name: 'Solicitar orçamento' }));
    expect(field(form, /Tipo de tratamento/)).toHaveAccessibleDescription('Este campo é obrigatório.');
    expect(field(form, /Número de pacientes/)).toHaveAccessibleDescription('Certifique-se de que este valor seja maior ou igual a 0.');
    expect(await rowCount()).toBe(0);
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('online: the request is sent once, then "Orçamento solicitado com sucesso!" and a blank form', async () => {
    const api = serve();
    const form = await openForm();
    const user = await fillClinical(form);
    await user.click(within(form).getByRole('button', { name: 'Solicitar orçamento' }));
    await waitFor(async () => expect(await rowCount()).toBe(1));
    await drain();
    expect(await screen.findByText('Orçamento solicitado com sucesso!')).toBeVisible();
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.body)).toEqual([expect.objectContaining({ service: 'Dosimetria Clínica', treatmentType: 'Lu-177 PSMA', numberOfPatients: 12 })]);
    await waitFor(() => expect(field(screen.getByRole('button', { name: 'Solicitar orçamento' }).closest('form')!, /Tipo de tratamento/)).toHaveValue(''));
  });

  it('asks how the user would pay, PIX first and chosen, and sends the choice with the request', async () => {
    const api = serve();
    const form = await openForm();
    const group = within(form).getByRole('radiogroup', { name: 'Como você prefere pagar?' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['pix', 'boleto']);
    expect(within(group).getByRole('radio', { name: 'PIX' })).toBeChecked();
    const user = await fillClinical(form);
    await user.click(within(group).getByRole('radio', { name: 'Boleto' }));
    await user.click(within(form).getByRole('button', { name: 'Solicitar orçamento' }));
    await waitFor(async () => expect(await rowCount()).toBe(1));
    await drain();
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([expect.objectContaining({ paymentMethod: 'boleto' })]);
  });

  it("a refusal shows on its field and keeps what was typed", async () => {
    const form = await askAndBeRefused();
    await waitFor(() => expect(field(form, /Tipo de tratamento/)).toHaveAccessibleDescription('Certifique-se de que este campo não tenha mais de 60 caracteres.'));
    expect(field(form, /Tipo de tratamento/)).toHaveValue('Lu-177 PSMA');
    expect(field(form, /Comentários/)).toHaveValue('Começamos em maio.');
    expect(screen.queryByText('Orçamento solicitado com sucesso!')).toBeNull();
  });

  it('a refused request the user discards (sync indicator) says so and stops waiting; what was typed stays to ask again', async () => {
    const form = await askAndBeRefused();
    await waitFor(() => expect(field(form, /Tipo de tratamento/)).toHaveAccessibleDescription(/60 caracteres/));
    const [row] = await allRows();
    await act(() => discardLocalChange(row!.id));
    expect(await screen.findByText('Pedido de orçamento descartado: não foi enviado. Você pode pedir de novo.')).toBeVisible();
    await waitFor(() => expect(form).toHaveAttribute('aria-busy', 'false'));
    expect(field(form, /Tipo de tratamento/)).toHaveValue('Lu-177 PSMA');
    expect(await db.quotes.count()).toBe(0);
  });

  it('offline: the form says the request waits for the network; submitting keeps it queued here', async () => {
    serve();
    setConnectivityForTests(false);
    const form = await openForm();
    expect(within(form).getByText(/será enviado quando a rede voltar/)).toBeVisible();
    const user = await fillClinical(form);
    await user.click(within(form).getByRole('button', { name: 'Solicitar orçamento' }));
    expect(await screen.findByText('Pedido salvo: será enviado quando a rede voltar.')).toBeVisible();
    expect(await allRows()).toMatchObject([{ kind: 'quote.create', state: 'pending' }]);
  });
});
