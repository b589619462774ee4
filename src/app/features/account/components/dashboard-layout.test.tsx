import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubAccountApi } from '#tests/utils/account-api.ts';
import { renderRoute } from '#tests/utils/render.tsx';
import { cleanUpAfterEachTest } from '#tests/utils/signed-in.ts';
import { TEST_USER_ID, USER_PATH, accountRoutes } from '../testing/fake-account-api.ts';

const auth = { id: TEST_USER_ID, isStaff: false };

cleanUpAfterEachTest();

describe('dashboard layout (docs/product.md §2 dashboard sections)', () => {
  it('links Perfil, Meus serviços, Meus orçamentos, Minhas calibrações, Minhas assinaturas, Segurança, Privacidade and Notificações, each a link', async () => {
    stubAccountApi(accountRoutes());
    await renderRoute('/dashboard/profile', { auth });
    const nav = await screen.findByRole('navigation', { name: 'Seções da conta' });
    expect(within(nav).getByRole('link', { name: 'Perfil' })).toHaveAttribute('href', '/dashboard/profile');
    expect(within(nav).getByRole('link', { name: 'Perfil' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Meus serviços' })).toHaveAttribute('href', '/dashboard/my-services');
    expect(within(nav).getByRole('link', { name: 'Meus orçamentos' })).toHaveAttribute('href', '/dashboard/my-quotes');
    expect(within(nav).getByRole('link', { name: 'Minhas calibrações' })).toHaveAttribute('href', '/dashboard/my-calibrations');
    expect(within(nav).getByRole('link', { name: 'Segurança' })).toHaveAttribute('href', '/dashboard/security');
    expect(within(nav).getByRole('link', { name: 'Notificações' })).toHaveAttribute('href', '/dashboard/notifications');
    expect(within(nav).getByRole('link', { name: 'Minhas assinaturas' })).toHaveAttribute('href', '/dashboard/my-signatures');
    expect(within(nav).getByRole('link', { name: 'Privacidade' })).toHaveAttribute('href', '/dashboard/privacy');
    expect(within(nav).getAllByRole('link')).toHaveLength(8);
    expect(screen.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
  });

  it('shows no e-mail notice once the address is confirmed', async () => {
    const api = stubAccountApi(accountRoutes({ verified: true }));
    const { queryClient } = await renderRoute('/dashboard/profile', { auth });
    await screen.findByRole('heading', { level: 2, name: 'Perfil' });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(api.callsTo('GET', `${USER_PATH}email/`).length).toBeGreaterThan(0);
    expect(screen.queryByText('Por favor, verifique seu e-mail para acessar a plataforma')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reenviar e-mail' })).not.toBeInTheDocument();
  });

  it('asks to verify the e-mail while it is not confirmed; "Reenviar e-mail" posts once and says so', async () => {
    const user = userEvent.setup();
    const api = stubAccountApi({ ...accountRoutes({ verified: false }), [`POST ${USER_PATH}email/resend/`]: { status: 204 } });
    await renderRoute('/dashboard/security', { auth });

    const notice = await screen.findByRole('status', { name: /Por favor, verifique seu e-mail para acessar a plataforma/ });
    expect(notice).toHaveTextContent('maria.silva@example.com');
    await user.click(within(notice).getByRole('button', { name: 'Reenviar e-mail' }));

    expect(await screen.findByText('E-mail enviado com sucesso!')).toBeVisible();
    expect(api.callsTo('POST', `${USER_PATH}email/resend/`)).toHaveLength(1);
  });

  it.each([
    [409, 'O e-mail já foi verificado.'],
    [429, 'Muitas requisições. Tente novamente mais tarde.'],
  ])('shows the server message when resending answers %i', async (status, message) => {
    const user = userEvent.setup();
    stubAccountApi({
      ...accountRoutes({ verified: false }),
      [`POST ${USER_PATH}email/resend/`]: { status, body: { errors: [message] }, headers: { 'Retry-After': '60' } },
    });
    await renderRoute('/dashboard/profile', { auth });
    await user.click(await screen.findByRole('button', { name: 'Reenviar e-mail' }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.queryByText('E-mail enviado com sucesso!')).not.toBeInTheDocument();
  });

  it('speaks English in en-US', async () => {
    stubAccountApi(accountRoutes({ verified: false }));
    await renderRoute('/dashboard/profile', { auth, language: 'en-US' });
    expect(await screen.findByText('Please verify your email to access the platform')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Resend email' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Security' })).toBeInTheDocument();
  });

  it('an unknown /dashboard/profile/foo/edit is the not-found page', async () => {
    stubAccountApi(accountRoutes());
    await renderRoute('/dashboard/profile/foo/edit', { auth });
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada!' })).toBeVisible();
  });

  it('a visitor is sent to the login page', async () => {
    const api = stubAccountApi(accountRoutes());
    const { router } = await renderRoute('/dashboard/security', { auth: null });
    expect(router.state.location.pathname).toBe('/login');
    expect(api.calls).toHaveLength(0);
  });
});
