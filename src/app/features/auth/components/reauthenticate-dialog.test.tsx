import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '#tests/utils/render.tsx';
import { cleanUpAfterEachTest } from '#tests/utils/signed-in.ts';
import { TEST_USER_ID, USER_PATH, accountRoutes, fakeAccountApi, type FakeRoutes } from '#app/features/account/testing/fake-account-api.ts';

// Issue 31: a change refused for an old sign-in asks for the password in place and is then repeated once.
const auth = { id: TEST_USER_ID, isStaff: false };
const CHANGE = `${USER_PATH}change_password/`;
const REAUTH = `${USER_PATH}reauthenticate/`;
const TOO_OLD = 'Por segurança, confirme sua senha para fazer esta alteração (a última entrada foi há mais de 5 minutos).';
const challenge = { status: 403, headers: { 'WWW-Authenticate': 'DoseHub-Reauth max-age=300' }, body: { errors: [TOO_OLD] } };
const typed = { oldPassword: 'Radiacao#2024x', newPassword1: 'Cintilador#9988', newPassword2: 'Cintilador#9988' };

cleanUpAfterEachTest();

async function submitPasswordChange(routes: FakeRoutes) {
  const api = fakeAccountApi({ ...accountRoutes(), ...routes });
  vi.stubGlobal('fetch', api.fetch);
  const result = await renderRoute('/dashboard/profile/password/edit', { auth });
  await screen.findByRole('heading', { level: 2, name: 'Alterar senha' });
  await waitFor(() => expect(result.queryClient.isFetching()).toBe(0));
  const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}`), { selector: 'input' });
  const fields = { old: field('Senha atual'), new1: field('Nova senha'), new2: field('Confirme a nova senha') };
  const user = userEvent.setup();
  await user.type(fields.old, typed.oldPassword);
  await user.type(fields.new1, typed.newPassword1);
  await user.type(fields.new2, typed.newPassword2);
  await user.click(screen.getByRole('button', { name: 'Salvar senha' }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirme sua senha para continuar' });
  return { api, user, dialog, fields, ...result };
}

describe('a change that needs a recent sign-in', () => {
  it('opens the password dialog over the form, sends the password, repeats the change once and keeps what was typed', async () => {
    const { api, user, dialog, fields, router } = await submitPasswordChange({
      [`POST ${CHANGE}`]: (_body, call) => (call === 1 ? challenge : { body: { message: 'Senha atualizada.' } }),
      [`POST ${REAUTH}`]: { status: 204 },
    });
    // The form under the dialog still holds every value.
    expect(fields.old).toHaveValue(typed.oldPassword);
    expect(fields.new2).toHaveValue(typed.newPassword2);
    const password = within(dialog).getByLabelText(/^Senha/, { selector: 'input' });
    await waitFor(() => expect(password).toHaveFocus());
    await user.type(password, 'Radiacao#2024x');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));

    expect(await screen.findByText('Senha atualizada.')).toBeVisible();
    expect(api.callsTo('POST', REAUTH).map((c) => c.body)).toEqual([{ password: 'Radiacao#2024x' }]);
    expect(api.callsTo('POST', CHANGE).map((c) => c.body)).toEqual([typed, typed]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/security'));
  });

  it('a wrong password stays in the dialog with the server’s message beside the field', async () => {
    const { api, user, dialog } = await submitPasswordChange({
      [`POST ${CHANGE}`]: challenge,
      [`POST ${REAUTH}`]: { status: 400, body: { errors: ['password: A senha não está correta.'] } },
    });
    const password = within(dialog).getByLabelText(/^Senha/, { selector: 'input' });
    await user.type(password, 'errada-123');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('A senha não está correta.'));
    expect(screen.getByRole('dialog', { name: 'Confirme sua senha para continuar' })).toBeVisible();
    expect(api.callsTo('POST', CHANGE)).toHaveLength(1);
  });

  it('cancel closes the dialog: the form shows the server’s message and keeps the values, nothing is repeated', async () => {
    const { api, user, dialog, fields } = await submitPasswordChange({ [`POST ${CHANGE}`]: challenge });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    expect(await screen.findByText(TOO_OLD)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fields.old).toHaveValue(typed.oldPassword);
    expect(fields.new1).toHaveValue(typed.newPassword1);
    expect(api.callsTo('POST', CHANGE)).toHaveLength(1);
    expect(api.callsTo('POST', REAUTH)).toHaveLength(0);
  });
});

describe('an account with a passkey', () => {
  const SECURITY = `${USER_PATH}security/`;
  const status = (passkeys: unknown[]) => ({ body: { totp: false, passkeys, recoveryCodesLeft: 0, secondFactorRequired: false, amr: ['pwd'] } });
  const passkey = { id: 'cred-1', name: 'Notebook', createdAt: '2026-11-01T10:00:00Z', lastUsedAt: null };

  it('the dialog offers to confirm with a passkey, and says what to do when the browser cannot use one', async () => {
    const { api, user, dialog } = await submitPasswordChange({
      [`POST ${CHANGE}`]: challenge,
      [`GET ${SECURITY}`]: status([passkey]),
      [`POST ${REAUTH}passkey-options/`]: { body: { challenge: 'abc', allowCredentials: [{ id: 'cred-1', type: 'public-key' }], userVerification: 'required' } },
    });
    await user.click(await within(dialog).findByRole('button', { name: 'Confirmar com uma chave de acesso' }));
    expect(await within(dialog).findByText('A chave de acesso não foi usada. Tente novamente ou confirme sua senha.')).toBeVisible();
    expect(api.callsTo('POST', `${REAUTH}passkey-options/`)).toHaveLength(1);
    expect(api.callsTo('POST', CHANGE)).toHaveLength(1);
  });

  it('without a passkey only the password is offered', async () => {
    const { dialog } = await submitPasswordChange({ [`POST ${CHANGE}`]: challenge, [`GET ${SECURITY}`]: status([]) });
    await within(dialog).findByLabelText(/^Senha/, { selector: 'input' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).queryByRole('button', { name: 'Confirmar com uma chave de acesso' })).toBeNull();
  });
});
