import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_DELETED_HEADER, ACCOUNT_DELETED_VALUE } from '#shared/account-deleted.ts';
import { wipeWhenAccountDeleted } from '#app/lib/account-deleted.ts';
import { apiRequest } from '#app/lib/api-client.ts';
import { db } from '#app/lib/db.ts';
import { QUERY_CACHE_STORAGE_KEY } from '#app/lib/query-client.ts';
import { setConnectivityForTests } from '#app/lib/sync/connectivity.ts';
import { TEST_USER, fakeApi, resetLocalDatabase, type FakeRoutes } from '#app/lib/testing/local-first.ts';
import { renderRoute } from '#tests/utils/render.tsx';
import { cleanUpAfterEachTest } from '#tests/utils/signed-in.ts';

const auth = { id: TEST_USER, isStaff: false };
const USER = `/users/${TEST_USER}/`;
const EMAIL = 'maria.silva@example.com';
const DELETE = `${USER}delete-account/`;

cleanUpAfterEachTest();

function accountApi(routes: FakeRoutes = {}, totp = false) {
  const api = fakeApi({
    [`GET ${USER}email/`]: { body: { email: EMAIL, verified: true } },
    [`GET ${USER}security/`]: { body: { totp, passkeys: [], recoveryCodesLeft: totp ? 10 : 0, secondFactorRequired: false, amr: ['pwd'] } },
    'POST /users/auth/token/logout/': { body: { detail: 'Sessão encerrada.' } },
    ...routes,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

async function openScreen() {
  const result = await renderRoute('/dashboard/privacy/delete-account', { auth });
  await screen.findByRole('heading', { level: 2, name: 'Excluir minha conta' });
  // The e-mail and the second factors have arrived: the form no longer changes under the typing.
  await waitFor(() => expect(result.queryClient.isFetching()).toBe(0));
  const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}`), { selector: 'input' });
  return { ...result, password: field('Senha'), confirmation: field('Digite seu e-mail') };
}

describe('delete my account (/dashboard/privacy/delete-account)', () => {
  beforeEach(() => resetLocalDatabase(TEST_USER));

  it('lists what is erased and what is kept and why, then deletes with the password and the e-mail typed, wipes this device and says what happened', async () => {
    const api = accountApi({ [`POST ${DELETE}`]: { body: { deleted: true, cancelledAnalyses: 1, keptBills: 2 } } });
    await db.calibrations.put({ id: 'c1', userId: TEST_USER } as never);
    const user = userEvent.setup();
    const { password, confirmation } = await openScreen();
    // The screen opens with a full page load: a clean start, nothing of the account left in memory.
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    expect(screen.getByText(/uma análise em processamento é cancelada/)).toBeVisible();
    expect(screen.getByText(/Boletos, pagamentos e os pedidos que eles cobram/)).toBeVisible();

    await user.type(password, 'Radiacao#2024x');
    await user.type(confirmation, EMAIL);
    await user.click(screen.getByRole('button', { name: 'Excluir minha conta definitivamente' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/account-deleted?cancelled=1&kept=2'));
    expect(api.callsTo('POST', DELETE)[0]!.body).toEqual({ password: 'Radiacao#2024x', confirmation: EMAIL });
    // The persisted query cache no longer holds anything of the account (an empty cache may be written again).
    expect(localStorage.getItem(QUERY_CACHE_STORAGE_KEY) ?? '').not.toContain(EMAIL);
    await waitFor(async () => expect(await db.calibrations.count().catch(() => 0)).toBe(0));
  });

  it('a mistyped e-mail is refused beside the field before any call; a wrong password shows the server message beside it', async () => {
    const api = accountApi({ [`POST ${DELETE}`]: { status: 403, body: { errors: ['password: A senha não está correta.'] } } });
    const user = userEvent.setup();
    const { password, confirmation } = await openScreen();
    await user.type(password, 'errada');
    await user.type(confirmation, 'outra@example.com');
    await user.click(screen.getByRole('button', { name: 'Excluir minha conta definitivamente' }));
    expect(confirmation).toHaveAccessibleDescription(expect.stringContaining('Digite o e-mail da conta exatamente como ele é.'));
    expect(api.callsTo('POST', DELETE)).toHaveLength(0);

    await user.clear(confirmation);
    await user.type(confirmation, EMAIL);
    await user.click(screen.getByRole('button', { name: 'Excluir minha conta definitivamente' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('A senha não está correta.'));
    expect(password).toHaveValue('errada');
  });

  it('asks for the authenticator code when the account has one', async () => {
    accountApi({}, true);
    await openScreen();
    expect(await screen.findByLabelText(/^Código do aplicativo autenticador/, { selector: 'input' })).toBeVisible();
  });

  it('offline: says deleting needs the network, keeps what was typed, and sends nothing', async () => {
    const api = accountApi();
    const user = userEvent.setup();
    const { password } = await openScreen();
    await user.type(password, 'Radiacao#2024x');
    setConnectivityForTests(false);
    expect(await screen.findByText(/Excluir a conta precisa de conexão com o servidor/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Excluir minha conta definitivamente' })).toBeDisabled();
    expect(password).toHaveValue('Radiacao#2024x');
    expect(api.callsTo('POST', DELETE)).toHaveLength(0);
    setConnectivityForTests(true);
  });
});

describe('another device, at its next contact after the account was deleted', () => {
  it('a 401 with DoseHub-Account: deleted wipes the local database and the persisted cache, then opens /account-deleted', async () => {
    await resetLocalDatabase(TEST_USER);
    await db.calibrations.put({ id: 'c1', userId: TEST_USER } as never);
    localStorage.setItem(QUERY_CACHE_STORAGE_KEY, '{}');
    const deleted = { status: 401, body: { errors: ['Esta conta foi excluída.'] }, headers: { [ACCOUNT_DELETED_HEADER]: ACCOUNT_DELETED_VALUE } };
    vi.stubGlobal('fetch', fakeApi({ [`GET ${USER}`]: deleted, 'POST /users/auth/token/refresh/': deleted, 'POST /users/auth/token/logout/': deleted }).fetch);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { QueryClient } = await import('@tanstack/react-query');
    wipeWhenAccountDeleted(new QueryClient());

    await expect(apiRequest(USER, { parse: (value: unknown) => value } as never)).rejects.toThrow('Esta conta foi excluída.');

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/account-deleted'));
    expect(await db.calibrations.count().catch(() => 0)).toBe(0);
    expect(localStorage.getItem(QUERY_CACHE_STORAGE_KEY)).toBeNull();
  });
});
