import { z } from 'zod';
import { setupI18n } from '#tests/utils/render.tsx';
import { ACCOUNT_DELETED_HEADER, ACCOUNT_DELETED_VALUE } from '#shared/account-deleted.ts';
import { API_BASE, ApiError, apiRequest, onAccountDeleted } from './api-client.ts';
import { jsonResponse as json } from '#tests/utils/fake-fetch.ts';

const Item = z.object({ id: z.number(), name: z.string() });

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentHeaders(fetchMock: ReturnType<typeof stubFetch>) {
  return new Headers(fetchMock.mock.calls[0]![1]!.headers);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('calls /api/v1 with cookies and the Accept-Language of the current language, and parses the answer', async () => {
    await setupI18n('en-US');
    const fetchMock = stubFetch(() => json({ id: 1, name: 'Dosimetria' }));

    await expect(apiRequest('/services/1/', Item)).resolves.toEqual({ id: 1, name: 'Dosimetria' });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`${API_BASE}/services/1/`);
    expect(API_BASE).toBe('/api/v1');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(sentHeaders(fetchMock).get('Accept-Language')).toBe('en-US');
    expect(sentHeaders(fetchMock).get('Accept')).toBe('application/json');
  });

  it.each(['pt-BR', 'es'] as const)('follows a language change (%s)', async (language) => {
    await setupI18n(language);
    const fetchMock = stubFetch(() => json({ id: 1, name: 'x' }));
    await apiRequest('/services/1/', Item);
    expect(sentHeaders(fetchMock).get('Accept-Language')).toBe(language);
  });

  it('sends a JSON body with its content type', async () => {
    await setupI18n('pt-BR');
    const fetchMock = stubFetch(() => json({ id: 2, name: 'novo' }, 201));
    await apiRequest('/things/', Item, { method: 'POST', body: { name: 'novo' } });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"name":"novo"}');
    expect(sentHeaders(fetchMock).get('Content-Type')).toBe('application/json');
  });

  it('sends no body and no Content-Type on a GET', async () => {
    await setupI18n('pt-BR');
    const fetchMock = stubFetch(() => json({ id: 1, name: 'x' }));
    await apiRequest('/services/1/', Item);
    expect(fetchMock.mock.calls[0]![1]!.body).toBeUndefined();
    expect(sentHeaders(fetchMock).has('Content-Type')).toBe(false);
  });

  it('turns {"errors":["x","y"]} into an ApiError whose message is the first error (docs/product.md §8)', async () => {
    await setupI18n('pt-BR');
    stubFetch(() => json({ errors: ['x', 'y'] }, 400));

    const error = await apiRequest('/services/1/', Item).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ message: 'x', status: 400, errors: ['x', 'y'], name: 'ApiError' });
  });

  it('gives an ApiError with the status when the error answer has no errors array', async () => {
    await setupI18n('pt-BR');
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));

    const error = await apiRequest('/services/1/', Item).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, errors: [], message: 'HTTP 502' });
  });

  it('rejects an answer that does not match the schema', async () => {
    await setupI18n('pt-BR');
    stubFetch(() => json({ id: 'not a number' }));
    await expect(apiRequest('/services/1/', Item)).rejects.toBeInstanceOf(z.ZodError);
  });

  it('passes the abort signal through', async () => {
    await setupI18n('pt-BR');
    const fetchMock = stubFetch(() => json({ id: 1, name: 'x' }));
    const controller = new AbortController();
    await apiRequest('/services/1/', Item, { signal: controller.signal });
    expect(fetchMock.mock.calls[0]![1]!.signal).toBe(controller.signal);
  });
});

describe('an answer saying the account was deleted (issue 30)', () => {
  it('tells the listeners there are, and a listener added later (the signed-in runtime, still loading) at once', async () => {
    await setupI18n('pt-BR');
    const early = vi.fn();
    const stopEarly = onAccountDeleted(early);
    stubFetch(() => new Response(JSON.stringify({ errors: ['Esta conta foi excluída.'] }), { status: 401, headers: { 'Content-Type': 'application/json', [ACCOUNT_DELETED_HEADER]: ACCOUNT_DELETED_VALUE } }));
    await expect(apiRequest('/users/me/', Item)).rejects.toBeInstanceOf(ApiError);
    await vi.waitFor(() => expect(early).toHaveBeenCalled());

    const late = vi.fn();
    const stopLate = onAccountDeleted(late);
    expect(late).toHaveBeenCalledTimes(1);
    stopEarly();
    stopLate();
  });
});

