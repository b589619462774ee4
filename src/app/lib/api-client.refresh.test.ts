import { z } from 'zod';
import { setupI18n } from '#tests/utils/render.tsx';
import { apiRequest, sessionEndedListeners } from './api-client.ts';
import { readAuthState, saveAuthState } from './session.ts';
import { jsonResponse as json } from '#tests/utils/fake-fetch.ts';

const Profile = z.object({ name: z.string() });
const REFRESH = '/api/v1/users/auth/token/refresh/';

/**
 * A server whose access cookie has expired: every call answers 401 until a refresh succeeds (or never, when refresh
 * fails). `refreshAnswer`: what the refresh gets instead of the server's verdict (no answer, or another status).
 */
function expiredSessionServer({ refreshSucceeds, refreshAnswer }: { refreshSucceeds: boolean; refreshAnswer?: 'none' | 503 }) {
  let refreshed = false;
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    if (url === REFRESH) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (refreshAnswer === 'none') throw new TypeError('Failed to fetch');
      if (refreshAnswer === 503) return json({ errors: ['Serviço indisponível'] }, 503);
      refreshed = refreshSucceeds;
      return refreshSucceeds ? json({ accessTokenExpiration: 'x', refrashTokenExpiration: 'y' }) : json({ errors: ['O token é inválido ou expirou'] }, 401);
    }
    return refreshed ? json({ name: url }) : json({ errors: ['As credenciais de autenticação não foram fornecidas.'] }, 401);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

beforeEach(async () => {
  await setupI18n('pt-BR');
  saveAuthState({ id: '7f3c2a10-0000-4000-8000-000000000001', isStaff: false });
});
afterEach(() => vi.unstubAllGlobals());

describe('apiRequest on 401 (docs/product.md §4)', () => {
  it('refreshes once for many requests that fail together, then repeats each of them', async () => {
    const { calls } = expiredSessionServer({ refreshSucceeds: true });
    const results = await Promise.all(['/a/', '/b/', '/c/'].map((path) => apiRequest(path, Profile)));
    expect(results.map((r) => r.name)).toEqual(['/api/v1/a/', '/api/v1/b/', '/api/v1/c/']);
    expect(calls.filter((url) => url === REFRESH)).toHaveLength(1);
    expect(calls.filter((url) => url !== REFRESH)).toHaveLength(6);
    expect(readAuthState()).not.toBeNull();
  });

  it('ends the session when the refresh fails: cookies cleared, listeners told, the error surfaces', async () => {
    expiredSessionServer({ refreshSucceeds: false });
    const ended = vi.fn();
    sessionEndedListeners.add(ended);
    await expect(apiRequest('/users/x/', Profile)).rejects.toMatchObject({ status: 401 });
    sessionEndedListeners.delete(ended);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(readAuthState()).toBeNull();
  });

  it.each(['none', 503] as const)('keeps the session when the refresh gets no verdict (%s): the request fails as without an answer', async (refreshAnswer) => {
    expiredSessionServer({ refreshSucceeds: false, refreshAnswer });
    const ended = vi.fn();
    sessionEndedListeners.add(ended);
    const failure = await apiRequest('/users/x/', Profile).catch((error: unknown) => error);
    sessionEndedListeners.delete(ended);
    expect(failure).toBeInstanceOf(TypeError);
    expect(ended).not.toHaveBeenCalled();
    expect(readAuthState()).not.toBeNull();
  });

  it('does not refresh for a failed login: a 401 there is about the credentials', async () => {
    const { calls } = expiredSessionServer({ refreshSucceeds: true });
    await expect(apiRequest('/users/login/', Profile, { method: 'POST', body: {} })).rejects.toMatchObject({ status: 401 });
    expect(calls).toEqual(['/api/v1/users/login/']);
  });
});
