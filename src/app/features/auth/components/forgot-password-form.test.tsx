import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '#tests/utils/render.tsx';
import { apiCalls, jsonResponse as json, stubApi } from '#tests/utils/fake-fetch.ts';

const main = () => within(screen.getByRole('main'));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ForgotPasswordForm', () => {
  it('asks for the reset link and says it was sent if the address has an account', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(() => json({ message: 'E-mail enviado.' }));
    await renderRoute('/forgot-password/request');
    await main().findByRole('heading', { level: 1, name: 'Recuperar senha' });
    expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('autocomplete', 'email');

    await user.type(screen.getByLabelText(/^E-mail/), 'maria@clinica.com.br{Enter}');

    expect(await main().findByRole('heading', { level: 1, name: 'Confira o seu e-mail' })).toBeInTheDocument();
    const status = main().getByRole('status');
    expect(status).toHaveTextContent('Se existir uma conta com o e-mail maria@clinica.com.br, enviamos para ele um link para redefinir a senha.');
    expect(status).toHaveTextContent('O link vale por 24 horas');
    const [url, init] = apiCalls(fetchMock)[0]!;
    expect(url).toBe('/api/v1/users/auth/reset_password/');
    expect(init!.method).toBe('POST');
    expect(JSON.parse(String(init!.body))).toEqual({ email: 'maria@clinica.com.br' });
    expect(main().getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute('href', '/login');
  });

  it('checks the address before sending', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(() => json({ message: 'E-mail enviado.' }));
    await renderRoute('/forgot-password/request');
    await main().findByRole('heading', { level: 1, name: 'Recuperar senha' });
    await user.type(screen.getByLabelText(/^E-mail/), 'maria.clinica{Enter}');
    expect(screen.getByLabelText(/^E-mail/)).toHaveAccessibleDescription('Insira um endereço de email válido.');
    expect(apiCalls(fetchMock)).toHaveLength(0);
  });

  it("shows the server's message when asked too often, keeping the address", async () => {
    const user = userEvent.setup();
    stubApi(() => json({ errors: ['Muitas tentativas. Tente de novo em alguns minutos.'] }, 429));
    await renderRoute('/forgot-password/request');
    await main().findByRole('heading', { level: 1, name: 'Recuperar senha' });
    await user.type(screen.getByLabelText(/^E-mail/), 'maria@clinica.com.br{Enter}');

    const alert = await main().findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível enviar o link');
    expect(alert).toHaveTextContent('Muitas tentativas. Tente de novo em alguns minutos.');
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('maria@clinica.com.br');
  });

  it('says so when the server cannot be reached', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await renderRoute('/forgot-password/request');
    await main().findByRole('heading', { level: 1, name: 'Recuperar senha' });
    await user.type(screen.getByLabelText(/^E-mail/), 'maria@clinica.com.br{Enter}');
    expect(await main().findByRole('alert')).toHaveTextContent('Não foi possível falar com o servidor.');
  });
});
