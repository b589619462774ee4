import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderContactEditor } from '#tests/utils/account-api.ts';
import { cleanUpAfterEachTest } from '#tests/utils/signed-in.ts';
import { USER_PATH } from '../testing/fake-account-api.ts';

cleanUpAfterEachTest();

describe('phone editor (/dashboard/profile/phone/edit)', () => {
  it('starts with the current phone formatted', async () => {
    const { input } = await renderContactEditor('phone');
    expect(input).toHaveValue('+55 (11) 98765-4321');
  });

  it.each(['(11) 91234-5678', '+55 (11) 91234-5678', '11912345678'])('accepts %s, sends E.164 and returns to Segurança', async (typed) => {
    const user = userEvent.setup();
    const { api, input, router } = await renderContactEditor('phone', { [`PATCH ${USER_PATH}phone/`]: { status: 204 } });
    await user.clear(input);
    await user.type(input, typed);
    await user.click(screen.getByRole('button', { name: 'Salvar telefone' }));

    expect(await screen.findByText('Telefone atualizado com sucesso!')).toBeVisible();
    expect(api.callsTo('PATCH', `${USER_PATH}phone/`).map((c) => c.body)).toEqual([{ phone: '+5511912345678' }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/security'));
  });

  it('formats the number when leaving the field', async () => {
    const user = userEvent.setup();
    const { input } = await renderContactEditor('phone');
    await user.clear(input);
    await user.type(input, '(21) 3456-7890');
    await user.tab();
    expect(input).toHaveValue('+55 (21) 3456-7890');
  });

  it('blocks an invalid number before calling the API, keeping it', async () => {
    const user = userEvent.setup();
    const { api, input } = await renderContactEditor('phone');
    await user.clear(input);
    await user.type(input, '123');
    await user.click(screen.getByRole('button', { name: 'Salvar telefone' }));
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Informe um número de telefone válido'));
    expect(input).toHaveValue('123');
    expect(api.callsTo('PATCH', `${USER_PATH}phone/`)).toHaveLength(0);
  });
});
