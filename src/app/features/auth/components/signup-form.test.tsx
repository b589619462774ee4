import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { clearAuthState } from '#app/lib/session.ts';
import { renderRoute } from '#tests/utils/render.tsx';
import { jsonResponse as json, stubApi, apiCalls } from '#tests/utils/fake-fetch.ts';

const USER_ID = '0b6f3c1e-6d0a-4a8e-9d8a-2f1f5a8f0c11';


/** Stubs fetch for the API: `handler` answers the calls to /api/v1, everything else is a 404. */

function field(label: RegExp) {
  return screen.getByLabelText(label);
}

async function fill(user: UserEvent, values: Partial<Record<'name' | 'email' | 'confirmedEmail' | 'password' | 'passwordConfirm', string>>) {
  const labels = {
    name: /^Nome completo/,
    email: /^E-mail/,
    confirmedEmail: /^Confirme o e-mail/,
    password: /^Senha/,
    passwordConfirm: /^Confirme a senha/,
  };
  for (const [name, value] of Object.entries(values)) {
    const input = field(labels[name as keyof typeof labels]);
    await user.clear(input);
    if (value) await user.paste(value); // clear() leaves the focus in the field
  }
}

const VALID = {
  name: 'Maria da Silva',
  email: 'maria.silva@clinica.com.br',
  confirmedEmail: 'maria.silva@clinica.com.br',
  password: 'Radiof4rmaco!2024',
  passwordConfirm: 'Radiof4rmaco!2024',
};

async function renderSignup(path = '/signup', language?: 'pt-BR' | 'en-US' | 'es') {
  const result = await renderRoute(path, language ? { language } : {});
  await screen.findByRole('heading', { level: 1 });
  return result;
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearAuthState();
});

describe('SignupForm', () => {
  it('has the registration fields with their autocomplete hints and a submit button', async () => {
    stubApi(() => json({}, 500));
    await renderSignup();
    expect(screen.getByRole('heading', { level: 1, name: 'Criar conta' })).toBeInTheDocument();
    expect(field(/^Nome completo/)).toHaveAttribute('autocomplete', 'name');
    expect(field(/^E-mail/)).toHaveAttribute('autocomplete', 'email');
    expect(field(/^Confirme o e-mail/)).toHaveAttribute('autocomplete', 'email');
    expect(field(/^Senha/)).toHaveAttribute('autocomplete', 'new-password');
    expect(field(/^Confirme a senha/)).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByRole('checkbox', { name: /Li e aceito os termos de uso/ })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Criar conta' })).toHaveAttribute('type', 'submit');
    expect(screen.getAllByRole('button', { name: 'Mostrar senha' })).toHaveLength(2);
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
  });

  it('shows the password while the toggle is pressed', async () => {
    const user = userEvent.setup();
    stubApi(() => json({}, 500));
    await renderSignup();
    const password = field(/^Senha/);
    expect(password).toHaveAttribute('type', 'password');
    const [toggle] = screen.getAllByRole('button', { name: 'Mostrar senha' });
    await user.click(toggle!);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  it('reports mismatched confirmations, a common password and the unaccepted terms beside their fields, without calling the API', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(() => json({}, 500));
    await renderSignup();

    await fill(user, { ...VALID, confirmedEmail: 'maria.silva@clinica.com', password: 'qwertyuiop', passwordConfirm: 'qwertyuiop1' });
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(field(/^Confirme o e-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^Confirme o e-mail/)).toHaveAccessibleDescription('Os dois campos de e-mail não correspondem.');
    expect(field(/^Senha/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Esta senha é muito comum.')).toBeInTheDocument();
    expect(field(/^Confirme a senha/)).toHaveAccessibleDescription('Os dois campos de senha não correspondem.');
    const terms = screen.getByRole('checkbox', { name: /Li e aceito os termos de uso/ });
    expect(terms).toHaveAttribute('aria-invalid', 'true');
    expect(terms).toHaveAccessibleDescription('É preciso aceitar os termos de uso.');
    expect(field(/^Nome completo/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(field(/^E-mail/)).not.toHaveAttribute('aria-invalid', 'true');
    // The first invalid field gets the focus.
    expect(field(/^Confirme o e-mail/)).toHaveFocus();
    expect(apiCalls(fetchMock)).toHaveLength(0);

    // Fixing a field clears its message at once.
    await fill(user, { confirmedEmail: VALID.email });
    expect(field(/^Confirme o e-mail/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Os dois campos de e-mail não correspondem.')).not.toBeInTheDocument();
  });

  it('asks for every empty field and focuses the first one (submitting with Enter)', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(() => json({}, 500));
    await renderSignup();
    await user.type(field(/^Nome completo/), '{Enter}');
    expect(screen.getAllByText('Este campo é obrigatório.')).toHaveLength(5);
    expect(field(/^Nome completo/)).toHaveFocus();
    expect(apiCalls(fetchMock)).toHaveLength(0);
  });

  it('puts the server\'s "e-mail taken" beside the e-mail field and keeps what the user typed', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(() => json({ errors: ['email: Usuário com este Endereço de email já existe.'] }, 400));
    const { router } = await renderSignup();

    await fill(user, VALID);
    await user.click(screen.getByRole('checkbox', { name: /Li e aceito os termos de uso/ }));
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    await waitFor(() => expect(field(/^E-mail/)).toHaveAttribute('aria-invalid', 'true'));
    expect(field(/^E-mail/)).toHaveAccessibleDescription('Usuário com este Endereço de email já existe.');
    expect(field(/^E-mail/)).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(apiCalls(fetchMock)).toHaveLength(1);
    expect(field(/^Nome completo/)).toHaveValue(VALID.name);
    expect(field(/^E-mail/)).toHaveValue(VALID.email);
    expect(field(/^Confirme o e-mail/)).toHaveValue(VALID.confirmedEmail);
    expect(field(/^Senha/)).toHaveValue(VALID.password);
    expect(field(/^Confirme a senha/)).toHaveValue(VALID.passwordConfirm);
    expect(screen.getByRole('checkbox', { name: /Li e aceito os termos de uso/ })).toBeChecked();
    expect(router.state.location.pathname).toBe('/signup');
    expect(document.cookie).not.toMatch(/(^|; )id=/);
  });

  it('shows a message that belongs to no field in an alert', async () => {
    const user = userEvent.setup();
    stubApi(() => json({ errors: ['Muitas tentativas. Tente de novo em alguns minutos.'] }, 429));
    await renderSignup();
    await fill(user, VALID);
    await user.click(screen.getByRole('checkbox', { name: /Li e aceito os termos de uso/ }));
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível criar a conta');
    expect(alert).toHaveTextContent('Muitas tentativas. Tente de novo em alguns minutos.');
    expect(field(/^Nome completo/)).toHaveValue(VALID.name);
  });

  it('creates the account with the right body, keeps the id/isStaff cookies and goes to ?redirect=', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(() => json({ id: USER_ID, isStaff: false }, 201));
    const { router } = await renderSignup('/signup?redirect=%2Fabout');

    await fill(user, { ...VALID, name: '  Maria da Silva ' });
    await user.click(screen.getByRole('checkbox', { name: /Li e aceito os termos de uso/ }));
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    const calls = apiCalls(fetchMock);
    expect(calls).toHaveLength(1);
    const [url, init] = calls[0]!;
    expect(url).toBe('/api/v1/users/register/');
    expect(init!.method).toBe('POST');
    expect(JSON.parse(String(init!.body))).toEqual({
      name: 'Maria da Silva',
      email: VALID.email,
      confirmedEmail: VALID.confirmedEmail,
      password1: VALID.password,
      password2: VALID.passwordConfirm,
      acceptTerms: true,
    });
    expect(document.cookie).toMatch(new RegExp(`(^|; )id=${USER_ID}(;|$)`));
    expect(document.cookie).toMatch(/(^|; )isStaff=false(;|$)/);
    expect(await screen.findByText('Conta criada! Enviamos um link para confirmar o seu e-mail.')).toBeInTheDocument();
  });

  it.each([
    ['pt-BR', /Li e aceito os termos de uso/, 'termos de uso', '/terms/termos-de-uso.pdf'],
    ['es', /He leído y acepto los términos de uso/, 'términos de uso', '/terms/terminos-de-uso.pdf'],
  ] as const)('in %s links the terms of use PDF from the checkbox label, in a new tab', async (language, checkboxName, linkText, href) => {
    stubApi(() => json({}, 500));
    await renderSignup('/signup', language);
    expect(screen.getByRole('checkbox', { name: checkboxName })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: new RegExp(`^${linkText}`) });
    expect(link).toHaveAttribute('href', href);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')?.split(/\s+/)).toContain('noopener');
  });

  it('in en-US shows the terms without a link (there is no English PDF), and links the privacy notice in a new tab', async () => {
    stubApi(() => json({}, 500));
    await renderSignup('/signup', 'en-US');
    const checkbox = screen.getByRole('checkbox', { name: /^I have read and accept the terms of use and the privacy notice/ });
    const label = document.querySelector(`label[for="${checkbox.id}"]`)!;
    const links = within(label as HTMLElement).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('target')])).toEqual([['privacy notice (opens in a new tab)', '/privacy', '_blank']]);
  });

  it('sends a signed-in user to the profile', async () => {
    stubApi(() => json({}, 500));
    const { router } = await renderRoute('/signup', { auth: { id: USER_ID, isStaff: false } });
    expect(router.state.location.pathname).toBe('/dashboard/profile');
  });
});
