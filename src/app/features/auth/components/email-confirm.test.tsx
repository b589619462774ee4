import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearAuthState, saveAuthState } from '#app/lib/session.ts';
import { renderRoute } from '#tests/utils/render.tsx';
import { apiCalls, jsonResponse as json, stubApi } from '#tests/utils/fake-fetch.ts';

const USER_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const OTHER_ID = '1b2c3d4e-5f60-4172-8394-a5b6c7d8e9f0';


/** Every test uses its own token: confirmations are remembered per token for the page's life. */
let tokenCount = 0;
const newToken = () => `token-${++tokenCount}-${Math.random().toString(36).slice(2)}`;

const main = () => within(screen.getByRole('main'));

afterEach(() => {
  vi.unstubAllGlobals();
  clearAuthState();
});

describe('EmailConfirm', () => {
  it('posts the token exactly once, even under StrictMode, then says the e-mail is confirmed', async () => {
    const token = newToken();
    const fetchMock = stubApi(() => json({ message: 'Email verificado.' }));
    await renderRoute(`/users/${USER_ID}/email-confirm?token=${token}`, { reactStrictMode: true });

    expect(await main().findByRole('heading', { level: 1, name: 'E-mail confirmado' })).toBeInTheDocument();
    const calls = apiCalls(fetchMock);
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBe(`/api/v1/users/${USER_ID}/email/verify/`);
    expect(calls[0]![1]!.method).toBe('POST');
    expect(JSON.parse(String(calls[0]![1]!.body))).toEqual({ token });
    // A visitor is offered the login.
    expect(main().getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
  });

  it('shows a loader while confirming', async () => {
    let answer!: (response: Response) => void;
    stubApi(() => new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response);
    await renderRoute(`/users/${USER_ID}/email-confirm?token=${newToken()}`);
    expect(await main().findByRole('status')).toHaveTextContent('Confirmando o seu e-mail…');
    answer(json({ message: 'Email verificado.' }));
    expect(await main().findByRole('heading', { level: 1, name: 'E-mail confirmado' })).toBeInTheDocument();
  });

  it('offers the dashboard to a signed-in user', async () => {
    saveAuthState({ id: USER_ID, isStaff: false });
    stubApi(() => json({ message: 'Email verificado.' }));
    await renderRoute(`/users/${USER_ID}/email-confirm?token=${newToken()}`, { auth: { id: USER_ID, isStaff: false } });
    await main().findByRole('heading', { level: 1, name: 'E-mail confirmado' });
    expect(main().getByRole('link', { name: 'Ir para o painel' })).toHaveAttribute('href', '/dashboard/profile');
  });

  it('tells the signed-in owner "already verified" as information, not as an error', async () => {
    saveAuthState({ id: USER_ID, isStaff: false });
    const fetchMock = stubApi((url) =>
      url.endsWith('/email/verify/')
        ? json({ errors: ['O e-mail já foi verificado.'] }, 409)
        : json({ email: 'maria@clinica.com.br', verified: true }),
    );
    await renderRoute(`/users/${USER_ID}/email-confirm?token=${newToken()}`, { auth: { id: USER_ID, isStaff: false } });

    expect(await main().findByRole('heading', { level: 1, name: 'E-mail já confirmado' })).toBeInTheDocument();
    expect(main().getByRole('status')).toHaveTextContent('O e-mail já foi verificado.');
    expect(main().queryByRole('alert')).not.toBeInTheDocument();
    expect(apiCalls(fetchMock).map(([url]) => url)).toEqual([
      `/api/v1/users/${USER_ID}/email/verify/`,
      `/api/v1/users/${USER_ID}/email/`,
    ]);
  });

  it("shows the server's message for an invalid token, and the owner can ask for a new link", async () => {
    const user = userEvent.setup();
    saveAuthState({ id: USER_ID, isStaff: false });
    const fetchMock = stubApi((url) =>
      url.endsWith('/email/verify/')
        ? json({ errors: ['Token de verificação inválido ou expirado para este usuário.'] }, 400)
        : new Response(null, { status: 204 }),
    );
    await renderRoute(`/users/${USER_ID}/email-confirm?token=${newToken()}`, { auth: { id: USER_ID, isStaff: false } });

    expect(await main().findByRole('heading', { level: 1, name: 'Não foi possível confirmar o e-mail' })).toBeInTheDocument();
    expect(main().getByRole('alert')).toHaveTextContent('Token de verificação inválido ou expirado para este usuário.');
    await user.click(main().getByRole('button', { name: 'Enviar novo link' }));
    expect(await screen.findByText('Enviamos um novo link de confirmação para o seu e-mail.')).toBeInTheDocument();
    expect(apiCalls(fetchMock).map(([url, init]) => [url, init!.method])).toEqual([
      [`/api/v1/users/${USER_ID}/email/verify/`, 'POST'],
      [`/api/v1/users/${USER_ID}/email/resend/`, 'POST'],
    ]);
  });

  it("shows a visitor the server's 409 message as a caution, and the way to log in", async () => {
    stubApi(() => json({ errors: ['Conflito no ID do usuário.'] }, 409));
    await renderRoute(`/users/${OTHER_ID}/email-confirm?token=${newToken()}`);
    await main().findByText('Conflito no ID do usuário.');
    expect(main().getByRole('heading', { level: 1, name: 'Confirmação de e-mail' })).toBeInTheDocument();
    expect(main().queryByRole('alert')).not.toBeInTheDocument();
    expect(main().getByRole('status')).toHaveTextContent('entre na sua conta para pedir um novo link de confirmação');
    expect(main().getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
  });

  it('explains a link without token, without calling the API', async () => {
    const fetchMock = stubApi(() => json({}, 500));
    await renderRoute(`/users/${USER_ID}/email-confirm`);
    expect(await main().findByRole('alert')).toHaveTextContent('Este link de confirmação está incompleto.');
    expect(apiCalls(fetchMock)).toHaveLength(0);
  });
});
