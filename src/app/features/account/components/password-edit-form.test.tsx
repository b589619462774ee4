import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '#tests/utils/render.tsx';
import { cleanUpAfterEachTest } from '#tests/utils/signed-in.ts';
import { TEST_USER_ID, USER_PATH, accountRoutes, fakeAccountApi, type FakeRoutes } from '../testing/fake-account-api.ts';

const auth = { id: TEST_USER_ID, isStaff: false };
const CHANGE = `${USER_PATH}change_password/`;

cleanUpAfterEachTest();

async function renderPasswordEdit(routes: FakeRoutes = {}) {
  const api = fakeAccountApi({ ...accountRoutes(), [`POST ${CHANGE}`]: { body: { message: 'Senha atualizada.' } }, ...routes });
  vi.stubGlobal('fetch', api.fetch);
  const result = await renderRoute('/dashboard/profile/password/edit', { auth });
  await screen.findByRole('heading', { level: 2, name: 'Alterar senha' });
  // The e-mail (for the similarity rule) has arrived.
  await waitFor(() => expect(result.queryClient.isFetching()).toBe(0));
  // Labels end with Mantine's required asterisk.
  const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}`), { selector: 'input' });
  return { api, ...result, old: field('Senha atual'), new1: field('Nova senha'), new2: field('Confirme a nova senha') };
}

describe('password editor (/dashboard/profile/password/edit)', () => {
  it('blocks mismatched passwords before calling the API, with the message beside the confirmation', async () => {
    const user = userEvent.setup();
    const { api, old, new1, new2 } = await renderPasswordEdit();
    await user.type(old, 'Radiacao#2024x');
    await user.type(new1, 'Cintilador#9988');
    await user.type(new2, 'Cintilador#9989');
    await user.click(screen.getByRole('button', { name: 'Salvar senha' }));

    expect(new2).toHaveAttribute('aria-invalid', 'true');
    expect(new2).toHaveAccessibleDescription('Os dois campos de senha não correspondem.');
    expect(new2).toHaveFocus();
    expect(api.callsTo('POST', CHANGE)).toHaveLength(0);
    expect(new1).toHaveValue('Cintilador#9988');
  });

  it.each([
    ['too common', 'password', 'Esta senha é muito comum.'],
    ['entirely numeric', '84736251', 'Esta senha é inteiramente numérica.'],
    ['too short', 'aB3$', 'Esta senha é muito curta. Ela precisa conter pelo menos 8 caracteres.'],
    ['too similar to the e-mail', 'Silva2024', 'A senha é muito parecida com o e-mail.'],
  ])('blocks a %s password before calling the API', async (_, password, message) => {
    const user = userEvent.setup();
    const { api, old, new1, new2 } = await renderPasswordEdit();
    await user.type(old, 'Radiacao#2024x');
    await user.type(new1, password);
    await user.type(new2, password);
    await user.click(screen.getByRole('button', { name: 'Salvar senha' }));

    expect(new1).toHaveAttribute('aria-invalid', 'true');
    expect(new1).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(api.callsTo('POST', CHANGE)).toHaveLength(0);
  });

  it('requires the current password', async () => {
    const user = userEvent.setup();
    const { api, old, new1, new2 } = await renderPasswordEdit();
    await user.type(new1, 'Cintilador#9988');
    await user.type(new2, 'Cintilador#9988');
    await user.click(screen.getByRole('button', { name: 'Salvar senha' }));
    expect(old).toHaveAccessibleDescription('Este campo é obrigatório.');
    expect(api.callsTo('POST', CHANGE)).toHaveLength(0);
  });

  it('sends a valid change, shows "Senha atualizada." and returns to Segurança', async () => {
    const user = userEvent.setup();
    const { api, router, old, new1, new2 } = await renderPasswordEdit();
    await user.type(old, 'Radiacao#2024x');
    await user.type(new1, 'Cintilador#9988');
    await user.type(new2, 'Cintilador#9988');
    await user.click(screen.getByRole('button', { name: 'Salvar senha' }));

    expect(await screen.findByText('Senha atualizada.')).toBeVisible();
    expect(api.callsTo('POST', CHANGE).map((c) => c.body)).toEqual([
      { oldPassword: 'Radiacao#2024x', newPassword1: 'Cintilador#9988', newPassword2: 'Cintilador#9988' },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/security'));
  });

  it('shows a wrong current password beside its field and keeps everything typed', async () => {
    const user = userEvent.setup();
    const { router, old, new1, new2 } = await renderPasswordEdit({
      [`POST ${CHANGE}`]: { status: 400, body: { errors: ['old_password: A senha atual não está correta.'] } },
    });
    await user.type(old, 'errada123!');
    await user.type(new1, 'Cintilador#9988');
    await user.type(new2, 'Cintilador#9988');
    await user.click(screen.getByRole('button', { name: 'Salvar senha' }));

    await waitFor(() => expect(old).toHaveAccessibleDescription('A senha atual não está correta.'));
    expect(old).toHaveValue('errada123!');
    expect(new1).toHaveValue('Cintilador#9988');
    expect(new2).toHaveValue('Cintilador#9988');
    expect(router.state.location.pathname).toBe('/dashboard/profile/password/edit');
  });

  it('has a show/hide button per field and a way back', async () => {
    const user = userEvent.setup();
    const { new1 } = await renderPasswordEdit();
    const toggles = screen.getAllByRole('button', { name: 'Mostrar senha' });
    expect(toggles).toHaveLength(3);
    expect(new1).toHaveAttribute('type', 'password');
    await user.click(toggles[1]!);
    expect(new1).toHaveAttribute('type', 'text');
    expect(toggles[1]).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/dashboard/security');
  });
});
