import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { stubAccountApi } from '#tests/utils/account-api.ts';
import { createTestQueryClient, renderRoute } from '#tests/utils/render.tsx';
import { cleanUpAfterEachTest } from '#tests/utils/signed-in.ts';
import { accountKeys } from '../api/account-queries.ts';
import { TEST_USER_ID, USER_PATH, accountRoutes, fakeAccountApi, type FakeRoutes } from '../testing/fake-account-api.ts';

const auth = { id: TEST_USER_ID, isStaff: false };

cleanUpAfterEachTest();

async function renderProfile(routes: FakeRoutes) {
  const api = stubAccountApi(routes);
  const result = await renderRoute('/dashboard/profile', { auth });
  await screen.findByRole('textbox', { name: /Nome completo/ });
  return { api, ...result };
}

describe('profile panel (docs/product.md §2 "Profile", §5)', () => {
  it("shows the server's copy when the one restored from this device is older, until the user types", async () => {
    const user = userEvent.setup();
    const routes = accountRoutes();
    const fresh = (routes[`GET ${USER_PATH}`] as { body: Record<string, string> }).body;
    // The server's current copy; once `changedElsewhere`, another device's change.
    let changedElsewhere = false;
    routes[`GET ${USER_PATH}`] = () => ({ body: changedElsewhere ? { ...fresh, clinic: 'Outra Clínica' } : fresh });
    const queryClient = createTestQueryClient();
    // What the persisted cache held: saved a moment before the reload, without the new clinic.
    queryClient.setQueryData(accountKeys.profile(TEST_USER_ID), { ...fresh, clinic: '', role: '' });
    // The profile comes only once the restored copy was seen (a slow network, as after a reload).
    const api = fakeAccountApi(routes);
    let answer!: () => void;
    const network = new Promise<void>((resolve) => (answer = resolve));
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      if (new URL(String(args[0] instanceof Request ? args[0].url : args[0]), 'http://localhost').pathname.endsWith(USER_PATH)) await network;
      return api.fetch(...args);
    });
    await renderRoute('/dashboard/profile', { auth, queryClient });
    const clinic = await screen.findByRole('textbox', { name: 'Clínica' });
    expect(clinic).toHaveValue('');
    answer();
    await waitFor(() => expect(clinic).toHaveValue('Clínica Nuclear SP'));
    expect(screen.getByRole('textbox', { name: 'Cargo' })).toHaveValue('Física médica');

    // Once the user types, a newer copy no longer replaces the values.
    await user.clear(clinic);
    await user.type(clinic, 'Hospital Regional');
    changedElsewhere = true;
    await act(() => queryClient.refetchQueries({ queryKey: accountKeys.profile(TEST_USER_ID) }));
    expect(queryClient.getQueryData<{ clinic: string }>(accountKeys.profile(TEST_USER_ID))?.clinic).toBe('Outra Clínica');
    expect(clinic).toHaveValue('Hospital Regional');
  });

  it('shows e-mail, phone and CPF read-only, phone and CPF formatted', async () => {
    await renderProfile(accountRoutes({ phone: '+5511987654321', cpf: '93743851121' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Perfil' })).toBeVisible();
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    const phone = screen.getByRole('textbox', { name: 'Telefone' });
    const cpf = screen.getByRole('textbox', { name: 'CPF' });
    expect(email).toHaveValue('maria.silva@example.com');
    expect(phone).toHaveValue('+55 (11) 98765-4321');
    expect(cpf).toHaveValue('937.438.511-21');
    for (const input of [email, phone, cpf]) expect(input).toHaveAttribute('readonly');
    // The editable ones are not.
    for (const name of [/Nome completo/, 'Clínica', 'Cargo', /CNPJ/]) {
      expect(screen.getByRole('textbox', { name })).not.toHaveAttribute('readonly');
    }
  });

  it('shows the CNPJ read-only, saying why, once a bill was issued to it; the rest still saves', async () => {
    const { api } = await renderProfile({ ...accountRoutes({ cnpj: '11.222.333/0001-81', billed: ['cnpj'] }), [`PATCH ${USER_PATH}`]: { status: 204 } });
    const cnpj = screen.getByRole('textbox', { name: 'CNPJ' });
    expect(cnpj).toHaveValue('11.222.333/0001-81');
    expect(cnpj).toHaveAttribute('readonly');
    expect(screen.getByText('Um boleto foi emitido para este CNPJ: ele não pode mais ser alterado.')).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(api.callsTo('PATCH', USER_PATH)).toHaveLength(1));
  });

  it('says "Não informado" for a missing phone or CPF', async () => {
    await renderProfile(accountRoutes({ phone: '', cpf: '' }));
    expect(screen.getByRole('textbox', { name: 'Telefone' })).toHaveAttribute('placeholder', 'Não informado');
    expect(screen.getByRole('textbox', { name: 'CPF' })).toHaveAttribute('placeholder', 'Não informado');
  });

  it('"Atualizar" sends the editable fields with the CNPJ stripped, says "Usuário atualizado com sucesso!" and reloads the profile', async () => {
    const user = userEvent.setup();
    const { api } = await renderProfile({ ...accountRoutes(), [`PATCH ${USER_PATH}`]: { status: 204 } });
    const gets = api.callsTo('GET', USER_PATH).length;

    const clinic = screen.getByRole('textbox', { name: 'Clínica' });
    await user.clear(clinic);
    await user.type(clinic, 'Hospital das Clínicas');
    const cnpj = screen.getByRole('textbox', { name: /CNPJ/ });
    await user.type(cnpj, '11.222.333/0001-81');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));

    expect(await screen.findByText('Usuário atualizado com sucesso!')).toBeVisible();
    expect(api.callsTo('PATCH', USER_PATH).map((c) => c.body)).toEqual([
      { name: 'Maria Silva', clinic: 'Hospital das Clínicas', role: 'Física médica', cnpj: '11222333000181' },
    ]);
    expect(cnpj).toHaveValue('11.222.333/0001-81');
    await waitFor(() => expect(api.callsTo('GET', USER_PATH).length).toBeGreaterThan(gets));
  });

  it('formats a CNPJ typed bare when leaving the field', async () => {
    const user = userEvent.setup();
    await renderProfile(accountRoutes());
    const cnpj = screen.getByRole('textbox', { name: /CNPJ/ });
    await user.type(cnpj, '11222333000181');
    await user.tab();
    expect(cnpj).toHaveValue('11.222.333/0001-81');
  });

  it('shows a server field error beside its field and keeps what was typed', async () => {
    const user = userEvent.setup();
    const { api } = await renderProfile({
      ...accountRoutes(),
      [`PATCH ${USER_PATH}`]: { status: 400, body: { errors: ['cnpj: CNPJ inválido.', 'name: O nome não pode ter números nem símbolos.'] } },
    });
    const name = screen.getByRole('textbox', { name: /Nome completo/ });
    await user.clear(name);
    await user.type(name, 'Maria 2');
    const cnpj = screen.getByRole('textbox', { name: /CNPJ/ });
    await user.type(cnpj, '11.222.333/0001-00');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));

    await waitFor(() => expect(cnpj).toHaveAttribute('aria-invalid', 'true'));
    expect(cnpj).toHaveAccessibleDescription(expect.stringContaining('CNPJ inválido.'));
    expect(name).toHaveAccessibleDescription('O nome não pode ter números nem símbolos.');
    expect(name).toHaveValue('Maria 2');
    expect(cnpj).toHaveValue('11.222.333/0001-00');
    expect(screen.getByRole('textbox', { name: 'Clínica' })).toHaveValue('Clínica Nuclear SP');
    expect(screen.queryByText('Usuário atualizado com sucesso!')).not.toBeInTheDocument();
    // Focus goes to the first field in error.
    expect(name).toHaveFocus();
    expect(api.callsTo('PATCH', USER_PATH)).toHaveLength(1);

    // Typing in a field clears its error.
    await user.type(name, 'x');
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
    expect(cnpj).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a message of no field in the banner', async () => {
    const user = userEvent.setup();
    await renderProfile({ ...accountRoutes(), [`PATCH ${USER_PATH}`]: { status: 500, body: { errors: ['Erro interno do servidor.'] } } });
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('Erro interno do servidor.')).toBeVisible();
  });
});
