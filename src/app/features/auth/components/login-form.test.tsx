import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearAuthState } from '#app/lib/session.ts';
import { renderRoute } from '#tests/utils/render.tsx';
import { apiCalls, jsonResponse as json, stubApi } from '#tests/utils/fake-fetch.ts';

const USER_ID = '5d7c2a0e-1f3b-4c9d-8e6f-a1b2c3d4e5f6';

const emailField = () => screen.getByLabelText(/^E-mail/);
const passwordField = () => screen.getByLabelText(/^Senha/);

async function renderLogin(path = '/login') {
  const result = await renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Entrar' });
  return result;
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearAuthState();
});

describe('LoginForm', () => {
  it('has e-mail and password with autocomplete hints, and links to signup and password recovery', async () => {
    stubApi(() => json({}, 500));
    await renderLogin();
    const main = within(screen.getByRole('main'));
    expect(emailField()).toHaveAttribute('autocomplete', 'email');
    expect(passwordField()).toHaveAttribute('autocomplete', 'current-password');
    expect(main.getByRole('button', { name: 'Mostrar senha' })).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'Esqueceu a senha?' })).toHaveAttribute('href', '/forgot-password/request');
    expect(main.getByRole('link', { name: 'Cadastre-se' })).toHaveAttribute('href', '/signup');
    expect(main.getByText(/Não tem conta\?/)).toHaveTextContent('Não tem conta? Cadastre-se');
  });

  it('asks for the missing fields without calling the API', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(() => json({}, 500));
    await renderLogin();
    await user.type(emailField(), 'maria@');
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Entrar' }));
    expect(emailField()).toHaveAccessibleDescription('Insira um endereço de email válido.');
    expect(passwordField()).toHaveAccessibleDescription('Este campo é obrigatório.');
    expect(emailField()).toHaveFocus();
    expect(apiCalls(fetchMock)).toHaveLength(0);
  });

  it("shows the server's message for a wrong password and keeps what was typed", async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(() => json({ errors: ['Impossível fazer login com as credenciais fornecidas.'] }, 400));
    const { router } = await renderLogin();
    await user.type(emailField(), 'maria@clinica.com.br');
    await user.type(passwordField(), 'senha-errada{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível entrar');
    expect(alert).toHaveTextContent('Impossível fazer login com as credenciais fornecidas.');
    expect(emailField()).toHaveValue('maria@clinica.com.br');
    expect(passwordField()).toHaveValue('senha-errada');
    expect(router.state.location.pathname).toBe('/login');
    expect(JSON.parse(String(apiCalls(fetchMock)[0]![1]!.body))).toEqual({ email: 'maria@clinica.com.br', password: 'senha-errada' });
    expect(document.cookie).not.toMatch(/(^|; )id=/);
  });

  it('signs in, keeps the id/isStaff cookies and goes back to ?redirect=', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(() => json({ id: USER_ID, isStaff: true }));
    const { router } = await renderLogin('/login?redirect=%2Fabout%3Ftab%3D2');
    await user.type(emailField(), ' maria@clinica.com.br ');
    await user.type(passwordField(), 'Radiof4rmaco!2024{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    expect(router.state.location.search).toEqual({ tab: 2 });
    const [url, init] = apiCalls(fetchMock)[0]!;
    expect(url).toBe('/api/v1/users/login/');
    expect(JSON.parse(String(init!.body))).toEqual({ email: 'maria@clinica.com.br', password: 'Radiof4rmaco!2024' });
    expect(document.cookie).toMatch(new RegExp(`(^|; )id=${USER_ID}(;|$)`));
    expect(document.cookie).toMatch(/(^|; )isStaff=true(;|$)/);
  });

  it('ignores a ?redirect= to another origin', async () => {
    stubApi(() => json({}, 500));
    const { router } = await renderRoute('/login?redirect=%2F%2Fevil.example', { auth: { id: USER_ID, isStaff: false } });
    expect(router.state.location.pathname).toBe('/dashboard/profile');
  });

  it('sends a signed-in user to the profile, or to ?redirect=', async () => {
    stubApi(() => json({}, 500));
    const first = await renderRoute('/login', { auth: { id: USER_ID, isStaff: false } });
    expect(first.router.state.location.pathname).toBe('/dashboard/profile');
    const second = await renderRoute('/login?redirect=%2Fabout', { auth: { id: USER_ID, isStaff: false } });
    expect(second.router.state.location.pathname).toBe('/about');
  });

  it('keeps ?redirect= on the way to signup', async () => {
    stubApi(() => json({}, 500));
    await renderLogin('/login?redirect=%2Fabout');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Cadastre-se' })).toHaveAttribute('href', '/signup?redirect=%2Fabout');
  });
});
