// Issue 30 across features: the dashboard (account) behind the consent gate (privacy), over the fake account API.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_USER_ID, USER_PATH, accountRoutes, fakeAccountApi } from '#app/features/account/testing/fake-account-api.ts';
import { renderRoute } from '#tests/utils/render.tsx';

const auth = { id: TEST_USER_ID, isStaff: false };
const CURRENT = { terms: '2026-01-10', privacy: '2026-06-01' };
const accepted = (document: 'terms' | 'privacy', version: string) => ({ document, version, acceptedAt: '2026-01-10T12:00:00Z' });

afterEach(() => vi.unstubAllGlobals());

describe('the consent gate and the privacy page (issue 30)', () => {
  it('asks for the newer privacy notice before any panel, and shows the panel once accepted', async () => {
    const history = [accepted('terms', '2026-01-10'), accepted('privacy', '2026-01-10')];
    const api = fakeAccountApi({
      ...accountRoutes(),
      [`GET ${USER_PATH}consents/`]: { body: { current: CURRENT, pending: ['privacy'], history } },
      [`POST ${USER_PATH}consents/`]: { body: { current: CURRENT, pending: [], history: [accepted('privacy', '2026-06-01'), ...history] } },
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderRoute('/dashboard/profile', { auth });

    const gate = await screen.findByRole('region', { name: 'Atualizamos os nossos documentos' });
    expect(within(gate).getByText(/Aviso de privacidade, versão de 1 de junho de 2026/)).toBeInTheDocument();
    expect(within(gate).getByRole('link', { name: 'Ler (abre em nova aba)' })).toHaveAttribute('href', '/privacy');
    expect(screen.queryByRole('heading', { name: 'Perfil', level: 2 })).not.toBeInTheDocument();
    const accept = within(gate).getByRole('button', { name: 'Aceitar e continuar' });
    expect(accept).toBeDisabled();

    await userEvent.click(within(gate).getByRole('checkbox', { name: 'Li e aceito as novas versões' }));
    await userEvent.click(accept);
    await screen.findByRole('heading', { name: 'Perfil', level: 2 });
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ accept: [{ document: 'privacy', version: '2026-06-01' }] }]);
  });

  it('the privacy page lists what we hold, who processes it (from the server) and the consent history', async () => {
    const api = fakeAccountApi({
      ...accountRoutes(),
      [`GET ${USER_PATH}consents/`]: { body: { current: CURRENT, pending: [], history: [accepted('privacy', '2026-06-01')] } },
      'GET /privacy/': {
        body: {
          controller: { name: 'Dosimagem', cnpj: '42438610000111' },
          dpo: { name: 'Dora Encarregada', email: 'dpo@dosehub.test' },
          versions: CURRENT,
          processors: [
            { kind: 'mail', provider: 'smtp.mailer.example', region: null, abroad: false },
            { kind: 'payments', provider: 'sandbox', region: null, abroad: false },
            { kind: 'storage', provider: 'Amazon S3', region: 'us-east-1', abroad: true },
          ],
        },
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderRoute('/dashboard/privacy', { auth });

    await screen.findByRole('heading', { name: 'O que guardamos', level: 2 });
    expect(screen.getByRole('rowheader', { name: /Dados de saúde/ })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: /Tutela da saúde \(art\. 11, II, f\)/ })).toBeInTheDocument();
    await screen.findByText('Dora Encarregada', { exact: false });
    expect(screen.getByText('Dosimagem · CNPJ 42.438.610/0001-11')).toBeInTheDocument();
    expect(screen.getByText('Amazon S3, região us-east-1')).toBeInTheDocument();
    expect(screen.getByText('Fora do Brasil: transferência internacional (art. 33)')).toBeInTheDocument();
    const history = screen.getByRole('list', { name: 'Documentos que você aceitou' });
    expect(within(history).getByRole('listitem')).toHaveTextContent(/^Aviso de privacidade, versão de 1 de junho de 2026 aceito em/);
  });
});
