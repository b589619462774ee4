import { screen, within } from '@testing-library/react';
import { renderRoute } from '#tests/utils/render.tsx';
import { TEST_USER_ID, accountRoutes, fakeAccountApi } from '../testing/fake-account-api.ts';

const auth = { id: TEST_USER_ID, isStaff: false };

afterEach(() => vi.unstubAllGlobals());

describe('security panel (docs/product.md §2 "Security", §9)', () => {
  it('lists e-mail, a password of 16 asterisks and the formatted phone, each with its edit link', async () => {
    vi.stubGlobal('fetch', fakeAccountApi(accountRoutes({ verified: true })).fetch);
    await renderRoute('/dashboard/security', { auth });

    const panel = await screen.findByRole('region', { name: 'Segurança' });
    await within(panel).findByText('maria.silva@example.com');
    expect(within(panel).getByText('****************')).toBeInTheDocument();
    expect(within(panel).getByText('****************').textContent).toHaveLength(16);
    expect(within(panel).getByText('+55 (11) 98765-4321')).toBeInTheDocument();
    expect(within(panel).getByText('Confirmado')).toBeInTheDocument();

    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['Editar e-mail', '/dashboard/profile/email/edit'],
      ['Editar senha', '/dashboard/profile/password/edit'],
      ['Editar telefone', '/dashboard/profile/phone/edit'],
    ]);
    for (const link of links) expect(link).toHaveTextContent('Editar');
  });

  it('marks the current section while an editor is open', async () => {
    vi.stubGlobal('fetch', fakeAccountApi(accountRoutes()).fetch);
    await renderRoute('/dashboard/profile/phone/edit', { auth });
    const nav = await screen.findByRole('navigation', { name: 'Seções da conta' });
    expect(within(nav).getByRole('link', { name: 'Segurança' })).toHaveAttribute('data-active', 'true');
    expect(within(nav).getByRole('link', { name: 'Perfil' })).not.toHaveAttribute('data-active');
    // Mantine highlights aria-current="page" too: a prefix match would light "Perfil" up here.
    expect(within(nav).getByRole('link', { name: 'Perfil' })).not.toHaveAttribute('aria-current');
  });

  it('says "Não informado" without a phone, and "Não confirmado" for an unconfirmed e-mail', async () => {
    vi.stubGlobal('fetch', fakeAccountApi(accountRoutes({ phone: '', verified: false })).fetch);
    await renderRoute('/dashboard/security', { auth });
    const panel = await screen.findByRole('region', { name: 'Segurança' });
    expect(await within(panel).findByText('Não informado')).toBeInTheDocument();
    expect(within(panel).getByText('Não confirmado')).toBeInTheDocument();
  });
});
