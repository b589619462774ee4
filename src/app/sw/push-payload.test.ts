import { parsePushPayload } from './push-payload.ts';

/** What `PushEvent.data` offers: the message as JSON (throwing when it is not). */
const data = (value: unknown) => ({ json: () => value });
const text = (raw: string) => ({ json: () => JSON.parse(raw) as unknown });

const FULL = {
  id: '0193a2b4-0000-7000-8000-0000000000c1',
  title: 'DoseHub',
  body: 'O laudo da análise 12 está pronto.',
  kind: 'success',
  url: '/dashboard/orders/12',
  unread: 3,
  lang: 'en-US',
};

describe('parsePushPayload', () => {
  it('reads every field of a push from our server', () => {
    expect(parsePushPayload(data(FULL))).toEqual(FULL);
  });

  it('fills what an older server may leave out: kind, the notifications page, 0 unread, pt-BR', () => {
    expect(parsePushPayload(data({ id: 'n1', title: 'DoseHub', body: 'Texto' }))).toEqual({
      id: 'n1',
      title: 'DoseHub',
      body: 'Texto',
      kind: 'info',
      url: '/dashboard/notifications',
      unread: 0,
      lang: 'pt-BR',
    });
  });

  it.each([
    ['another site', 'https://evil.example/phish'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'dashboard/orders/12'],
    ['not a string', 42],
  ])('opens the notifications page instead of %s', (_what, url) => {
    expect(parsePushPayload(data({ ...FULL, url }))?.url).toBe('/dashboard/notifications');
  });

  it.each([
    [-1, 0],
    [2.7, 2],
    ['5', 0],
    [Number.NaN, 0],
  ])('counts %s unread as %s', (unread, expected) => {
    expect(parsePushPayload(data({ ...FULL, unread }))?.unread).toBe(expected);
  });

  it.each([
    ['no data', null],
    ['text that is not JSON', text('hello')],
    ['JSON null', data(null)],
    ['a JSON string', data('DoseHub')],
    ['an array', data([FULL])],
    ['no id', data({ ...FULL, id: undefined })],
    ['no title', data({ ...FULL, title: undefined })],
    ['a body that is not text', data({ ...FULL, body: { html: '<b>x</b>' } })],
  ])('is not one of ours: %s', (_what, payload) => {
    expect(parsePushPayload(payload)).toBeNull();
  });
});
