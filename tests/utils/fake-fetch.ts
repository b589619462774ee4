/** A JSON answer as the API gives it. */
export function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Stubs `fetch`: calls to /api/v1/ go to `handler`, anything else is a 404. Returns the mock. */
export function stubApi(handler: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    return url.startsWith('/api/v1/') ? handler(url, init) : new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls a stub received for /api/v1/. */
export const apiCalls = (fetchMock: ReturnType<typeof stubApi>) => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/v1/'));
