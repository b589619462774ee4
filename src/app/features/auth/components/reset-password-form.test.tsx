import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearAuthState, saveAuthState } from '#app/lib/session.ts';
import { renderRoute } from '#tests/utils/render.tsx';
import { apiCalls, jsonResponse as json, stubApi } from '#tests/utils/fake-fetch.ts';

const USER_ID = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const PAGE = `/users/${USER_ID}/reset-password?token=abc123`;

const main = () => within(screen.getByRole('main'));
const newPassword = () => screen.getByLabelText(/^Nova senha/);
const confirmation = () => screen.getByLabelText(/^Confirme a nova senha/);

afterEach(() => {
  vi.unstubAllGlobals();
  clearAuthState();
});

describe('ResetPasswordForm', () => {
  it('reports mismatched passwords beside the confirmation without calling the API', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(() => new Response(null, { status: 204 }));
    await renderRoute(PAGE);
    await main().findByRole('heading', { level: 1, name: 'Criar nova senha' });
    expect(newPassword()).toHaveAttribute('autocomplete', 'new-password');

    await user.type(newPassword(), 'Radiof4rmaco!2024');
    await user.type(confirmation(), 'Radiof4rmaco!2025{Enter}');

    expect(confirmation()).toHaveAttribute('aria-invalid', 'true');
    expect(confirmation()).toHaveAccessibleDescription('Os dois campos de senha não correspondem.');
    expect(confirmation()).toHaveFocus();
    expect(apiCalls(fetchMock)).toHaveLength(0);
  });

  it('checks the password rules', async () => {
    const user = userEvent.setup();
    stubApi(() => new Response(null, { status: 204 }));
    await renderRoute(PAGE);
    await main().findByRole('heading', { level: 1, name: 'Criar nova senha' });
    await user.type(newPassword(), '1234');
    await user.type(confirmation(), '1234{Enter}');
    expect(newPassword()).toHaveAccessibleDescription(/Esta senha é muito curta\. .*Esta senha é muito comum\. Esta senha é inteiramente numérica\./);
  });

  it('sets the new password, ends this browser\'s session of that user and offers the login', async () => {
    const user = userEvent.setup();
    saveAuthState({ id: USER_ID, isStaff: false });
    const fetchMock = stubApi(() => new Response(null, { status: 204 }));
    await renderRoute(PAGE);
    await main().findByRole('heading', { level: 1, name: 'Criar nova senha' });
    await user.type(newPassword(), 'Radiof4rmaco!2024');
    await user.type(confirmation(), 'Radiof4rmaco!2024');
    await user.click(main().getByRole('button', { name: 'Salvar nova senha' }));

    expect(await main().findByRole('heading', { level: 1, name: 'Senha alterada' })).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Ir para o login' })).toHaveAttribute('href', '/login');
    const [url, init] = apiCalls(fetchMock)[0]!;
    expect(url).toBe(`/api/v1/users/${USER_ID}/reset_password_confirm/`);
    expect(JSON.parse(String(init!.body))).toEqual({ token: 'abc123', newPassword1: 'Radiof4rmaco!2024', newPassword2: 'Radiof4rmaco!2024' });
    await waitFor(() => expect(document.cookie).not.toMatch(/(^|; )id=/));
  });

  it("shows the server's message for an invalid or expired token and the way to a new link", async () => {
    const user = userEvent.setup();
    stubApi(() => json({ errors: ['Token de verificação inválido ou expirado para este usuário.'] }, 409));
    await renderRoute(PAGE);
    await main().findByRole('heading', { level: 1, name: 'Criar nova senha' });
    await user.type(newPassword(), 'Radiof4rmaco!2024');
    await user.type(confirmation(), 'Radiof4rmaco!2024{Enter}');

    expect(await main().findByRole('heading', { level: 1, name: 'Link inválido ou expirado' })).toBeInTheDocument();
    expect(main().getByRole('alert')).toHaveTextContent('Token de verificação inválido ou expirado para este usuário.');
    expect(main().getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute('href', '/forgot-password/request');
  });

  it('puts a server password rule beside the password and keeps what was typed', async () => {
    const user = userEvent.setup();
    stubApi(() => json({ errors: ['new_password2: A senha é muito parecida com o e-mail.'] }, 400));
    await renderRoute(PAGE);
    await main().findByRole('heading', { level: 1, name: 'Criar nova senha' });
    await user.type(newPassword(), 'mariasilva2024');
    await user.type(confirmation(), 'mariasilva2024{Enter}');

    await waitFor(() => expect(newPassword()).toHaveAccessibleDescription(/A senha é muito parecida com o e-mail\./));
    expect(newPassword()).toHaveFocus();
    expect(newPassword()).toHaveValue('mariasilva2024');
    expect(confirmation()).toHaveValue('mariasilva2024');
  });

  it('explains a link without token, without a form', async () => {
    const fetchMock = stubApi(() => new Response(null, { status: 204 }));
    await renderRoute(`/users/${USER_ID}/reset-password`);
    expect(await main().findByRole('heading', { level: 1, name: 'Link inválido ou expirado' })).toBeInTheDocument();
    expect(main().getByText(/Este link para redefinir a senha está incompleto/)).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute('href', '/forgot-password/request');
    expect(screen.queryByLabelText(/^Nova senha/)).not.toBeInTheDocument();
    expect(apiCalls(fetchMock)).toHaveLength(0);
  });
});
