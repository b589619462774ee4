import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderContactEditor } from '#tests/utils/account-api.ts';
import { cleanUpAfterEachTest } from '#tests/utils/signed-in.ts';
import { USER_PATH } from '../testing/fake-account-api.ts';

cleanUpAfterEachTest();

describe('e-mail editor (/dashboard/profile/email/edit)', () => {
  it('sends the new address, says a confirmation link went to it, reloads the e-mail status and returns to Segurança', async () => {
    const user = userEvent.setup();
    const { api, input, router } = await renderContactEditor('email', { [`PATCH ${USER_PATH}email/`]: { status: 204 } });
    expect(input).toHaveAccessibleDescription('E-mail atual: maria.silva@example.com');
    const gets = api.callsTo('GET', `${USER_PATH}email/`).length;

    await user.type(input, 'maria.nova@example.com');
    await user.click(screen.getByRole('button', { name: 'Salvar e-mail' }));

    expect(await screen.findByText('E-mail alterado! Enviamos um link de confirmação para maria.nova@example.com.')).toBeVisible();
    expect(api.callsTo('PATCH', `${USER_PATH}email/`).map((c) => c.body)).toEqual([{ email: 'maria.nova@example.com' }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/security'));
    await waitFor(() => expect(api.callsTo('GET', `${USER_PATH}email/`).length).toBeGreaterThan(gets));
  });

  it('checks the address before sending it', async () => {
    const user = userEvent.setup();
    const { api, input } = await renderContactEditor('email');
    await user.click(screen.getByRole('button', { name: 'Salvar e-mail' }));
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Este campo é obrigatório.'));
    await user.type(input, 'maria@');
    await user.click(screen.getByRole('button', { name: 'Salvar e-mail' }));
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Insira um endereço de email válido.'));
    await user.clear(input);
    await user.type(input, 'MARIA.SILVA@example.com');
    await user.click(screen.getByRole('button', { name: 'Salvar e-mail' }));
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Este já é o seu e-mail atual.'));
    expect(api.callsTo('PATCH', `${USER_PATH}email/`)).toHaveLength(0);
  });

  it('shows a taken address beside the field, keeping it', async () => {
    const user = userEvent.setup();
    const { input, router } = await renderContactEditor('email', {
      [`PATCH ${USER_PATH}email/`]: { status: 400, body: { errors: ['email: Usuário com este Endereço de email já existe.'] } },
    });
    await user.type(input, 'outra@example.com');
    await user.click(screen.getByRole('button', { name: 'Salvar e-mail' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining('Usuário com este Endereço de email já existe.')));
    expect(input).toHaveValue('outra@example.com');
    expect(router.state.location.pathname).toBe('/dashboard/profile/email/edit');
  });

  it('"Cancelar" goes back to Segurança', async () => {
    await renderContactEditor('email');
    expect(screen.getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/dashboard/security');
  });
});
