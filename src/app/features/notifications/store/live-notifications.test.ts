import type { Notification } from '#shared/schemas/notifications.ts';
import { db } from '#app/lib/db.ts';
import type { ServerEvent } from '#app/lib/live/sse-parser.ts';
import { OTHER_USER, TEST_USER, resetLocalDatabase } from '#app/lib/testing/local-first.ts';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { applyLiveEvent, catchUpOnOpen, eventsPath } from './live-notifications.ts';
import { markNotificationRead } from './notification-store.ts';
import { changeRows } from '#app/lib/sync/outbox.ts';

const id = (n: number) => `0193a2b4-0000-7000-8000-0000000000b${n}`;

const note = (n: number, changes: Partial<Notification> = {}): Notification => ({
  id: id(n),
  message: `Aviso ${n}`,
  kind: 'update',
  checked: false,
  createdAt: '2026-11-22T12:00:00Z',
  ...changes,
});

const created = (notification: Notification): ServerEvent => ({ event: 'notification', data: JSON.stringify({ notification }), id: null });
const checked = (notificationId: string, value: boolean): ServerEvent => ({
  event: 'notification-checked',
  data: JSON.stringify({ id: notificationId, checked: value }),
  id: null,
});

beforeEach(() => resetLocalDatabase(TEST_USER));

describe('eventsPath', () => {
  it('is the user’s event stream', () => {
    expect(eventsPath(TEST_USER)).toBe(`/users/${TEST_USER}/events/`);
  });
});

describe('applyLiveEvent (the user’s event stream → the local database)', () => {
  it('adds a new notification, so the bell and the list show it at once', async () => {
    await applyLiveEvent(TEST_USER, created(note(1, { message: 'O laudo da análise 12 está pronto.', kind: 'success' })));
    expect(await db.notifications.get(id(1))).toEqual(note(1, { message: 'O laudo da análise 12 está pronto.', kind: 'success' }));
  });

  it('marks a notification read (or unread) when that happened in another tab or device', async () => {
    await db.notifications.bulkPut([note(1), note(2, { checked: true })]);
    await applyLiveEvent(TEST_USER, checked(id(1), true));
    await applyLiveEvent(TEST_USER, checked(id(2), false));
    expect(await db.notifications.get(id(1))).toEqual(note(1, { checked: true }));
    expect(await db.notifications.get(id(2))).toEqual(note(2, { checked: false }));
  });

  it('does not invent a notification it does not have from a "checked" event', async () => {
    await applyLiveEvent(TEST_USER, checked(id(9), true));
    expect(await db.notifications.count()).toBe(0);
  });

  it('keeps a local change that is not sent yet (marked read offline)', async () => {
    await db.notifications.put(note(1));
    expect(await markNotificationRead(TEST_USER, id(1))).toBe(true);

    // The server has not heard of the read yet: its events still say "unread".
    await applyLiveEvent(TEST_USER, checked(id(1), false));
    expect(await db.notifications.get(id(1))).toMatchObject({ checked: true });
    await applyLiveEvent(TEST_USER, created(note(1, { message: 'texto do servidor', checked: false })));
    expect(await db.notifications.get(id(1))).toEqual(note(1, { checked: true }));
  });

  it('takes the server’s copy again once the local write has been sent', async () => {
    await db.notifications.put(note(1));
    await markNotificationRead(TEST_USER, id(1));
    await changeRows({ state: 'done' });
    await applyLiveEvent(TEST_USER, checked(id(1), false));
    expect(await db.notifications.get(id(1))).toMatchObject({ checked: false });
  });

  it.each([
    ['not JSON', { event: 'notification', data: 'not json', id: null }],
    ['no notification', { event: 'notification', data: '{"id":"x"}', id: null }],
    ['an id that is not a UUID', { event: 'notification', data: JSON.stringify({ notification: { ...note(1), id: 'x' } }), id: null }],
    ['an unknown kind', { event: 'notification', data: JSON.stringify({ notification: { ...note(1), kind: 'spam' } }), id: null }],
    ['a "checked" without a boolean', { event: 'notification-checked', data: JSON.stringify({ id: id(2), checked: 'yes' }), id: null }],
    ['a "checked" that is not JSON', { event: 'notification-checked', data: '{', id: null }],
    ['an event of another kind', { event: 'analysis', data: JSON.stringify({ notification: note(1) }), id: null }],
  ])('ignores malformed data: %s', async (_what, event) => {
    await db.notifications.put(note(2));
    await expect(applyLiveEvent(TEST_USER, event)).resolves.toBeUndefined();
    expect(await db.notifications.toArray()).toEqual([note(2)]);
  });

  it('changes nothing when the local database belongs to someone else', async () => {
    await resetLocalDatabase(OTHER_USER);
    await db.notifications.put(note(2));
    await applyLiveEvent(TEST_USER, created(note(1)));
    await applyLiveEvent(TEST_USER, checked(id(2), true));
    expect(await db.notifications.toArray()).toEqual([note(2)]);
  });
});

describe('catchUpOnOpen (each connection of the stream, the first too)', () => {
  it("reads again what the user's open screens read before the stream listened, and nothing else", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const reads: string[] = [];
    const watch = (key: readonly unknown[]) =>
      new QueryObserver(client, { queryKey: key, queryFn: async () => reads.push(key.join(' ')) }).subscribe(() => undefined);
    const stops = [watch(['orders', TEST_USER, 'pull']), watch(['orders', OTHER_USER, 'pull']), watch(['catalog', 'plans', 'pt-BR'])];
    await vi.waitFor(() => expect(reads).toHaveLength(3));
    reads.length = 0;
    // Mounted but not shown: read when a screen shows it.
    await client.prefetchQuery({ queryKey: ['signatures', TEST_USER, 'pull'], queryFn: async () => reads.push('signatures') });
    reads.length = 0;

    await catchUpOnOpen(client, TEST_USER);
    expect(reads).toEqual([`orders ${TEST_USER} pull`]);
    expect(client.getQueryState(['signatures', TEST_USER, 'pull'])?.isInvalidated).toBe(true);

    // What was read after the open is not read again.
    reads.length = 0;
    await catchUpOnOpen(client, TEST_USER, 0);
    expect(reads).toEqual([]);
    stops.forEach((stop) => stop());
  });
});
