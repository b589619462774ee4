import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime } from '#shared/format/date-time.ts';
import type { Notification } from '#shared/schemas/notifications.ts';
import { renderRoute } from '#tests/utils/render.tsx';
import { db } from '#app/lib/db.ts';
import { saveAuthState } from '#app/lib/session.ts';
import { createDrainer } from '#app/lib/sync/drainer.ts';
import { TEST_USER, fakeApi, networkError, resetLocalDatabase, type FakeRoutes } from '#app/lib/testing/local-first.ts';
import { createTestQueryClient } from '#tests/utils/render.tsx';
import { NOTIFICATION_CHECK, notificationKinds } from '../store/notification-store.ts';
import { allRows, changeRows } from '#app/lib/sync/outbox.ts';
import { installWriteKinds } from '#app/lib/sync/write-kinds.ts';

const auth = { id: TEST_USER, isStaff: false };
const LIST = `/users/${TEST_USER}/notifications/`;
const id = (n: number) => `0193a2b4-0000-7000-8000-0000000000a${n}`;
const TOGGLE = (n: number) => `${LIST}${id(n)}/toogle_check/`;

const NOTIFICATIONS: Notification[] = [
  { id: id(1), message: 'Sua análise está em processamento.', kind: 'processing', checked: false, createdAt: '2026-11-22T15:30:00Z' },
  { id: id(2), message: 'A calibração "Lu-177 março" foi criada.', kind: 'success', checked: false, createdAt: '2026-11-21T10:00:00Z' },
  { id: id(3), message: 'Informações inválidas na análise 12.', kind: 'error', checked: false, createdAt: '2026-11-20T09:00:00Z' },
  { id: id(4), message: 'O pagamento foi confirmado.', kind: 'update', checked: true, createdAt: '2026-11-19T08:00:00Z' },
];

function serve(list: Notification[] | Error, extra: FakeRoutes = {}) {
  const api = fakeApi({
    [`GET /users/${TEST_USER}/email/`]: { body: { email: 'maria@example.com', verified: true } },
    [`GET ${LIST}`]: list instanceof Error ? list : { body: { count: list.length, row: list } },
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

async function openScreen(language: 'pt-BR' | 'en-US' | 'es' = 'pt-BR') {
  const queryClient = createTestQueryClient();
  const undo = installWriteKinds(notificationKinds(queryClient));
  const result = await renderRoute('/dashboard/notifications', { auth, language, queryClient });
  return { ...result, undo, panel: await screen.findByRole('region', { name: { 'pt-BR': 'Notificações', 'en-US': 'Notifications', es: 'Notificaciones' }[language] }) };
}

const section = (panel: HTMLElement, name: string) => within(panel).getByRole('region', { name });
const queued = () => allRows().then((rows) => rows.filter((row) => row.kind === NOTIFICATION_CHECK));

beforeEach(async () => {
  saveAuthState(auth);
  await resetLocalDatabase(TEST_USER);
});
afterEach(() => vi.unstubAllGlobals());

describe('notifications screen (docs/product.md §2 "Notifications")', () => {
  it('pulls on entering: unread ones as dismissible alerts coloured by kind, read ones grey below, each with its date', async () => {
    const api = serve(NOTIFICATIONS);
    const { panel, undo } = await openScreen();
    const unread = await waitFor(() => section(panel, 'Não lidas'));
    const unreadItems = within(unread).getAllByRole('article');
    expect(unreadItems.map((item) => item.getAttribute('data-kind'))).toEqual(['processing', 'success', 'error']);
    // The kind is also said in words (each alert is named by it), not only by colour.
    for (const name of ['Em processamento', 'Sucesso', 'Erro']) expect(within(unread).getByRole('article', { name })).toBeInTheDocument();
    expect(unreadItems[0]).toHaveTextContent('Sua análise está em processamento.');
    expect(unreadItems[0]).toHaveTextContent(formatDateTime('2026-11-22T15:30:00Z', 'pt-BR'));
    expect(within(unreadItems[0]!).getByText(formatDateTime('2026-11-22T15:30:00Z', 'pt-BR'))).toHaveAttribute('datetime', '2026-11-22T15:30:00Z');
    for (const item of unreadItems) expect(within(item).getByRole('button', { name: 'Marcar como lida' })).toBeInTheDocument();

    const read = section(panel, 'Lidas');
    const [readItem] = within(read).getAllByRole('article');
    expect(readItem).toHaveTextContent('O pagamento foi confirmado.');
    expect(readItem).toHaveAttribute('data-checked', 'true');
    expect(within(readItem!).queryByRole('button')).not.toBeInTheDocument();
    expect(api.callsTo('GET', LIST)[0]!.headers.get('Accept-Language')).toBe('pt-BR');
    undo();
  });

  it.each([
    ['pt-BR', 'Você não tem nenhuma notificação...'],
    ['en-US', 'You have no notifications...'],
    ['es', 'No tiene ninguna notificación...'],
  ] as const)('says so when there are none (%s)', async (language, text) => {
    serve([]);
    const { panel, undo } = await openScreen(language);
    expect(await within(panel).findByText(text)).toBeVisible();
    expect(within(panel).queryByRole('article')).not.toBeInTheDocument();
    undo();
  });

  it('dismissing marks read at once and queues one write, even when clicked twice', async () => {
    const api = serve(NOTIFICATIONS, { [`POST ${TOGGLE(1)}`]: { status: 204 } });
    const { panel, undo } = await openScreen();
    const unread = await waitFor(() => section(panel, 'Não lidas'));
    const close = within(within(unread).getAllByRole('article')[0]!).getByRole('button', { name: 'Marcar como lida' });
    fireEvent.click(close);
    fireEvent.click(close);

    await waitFor(() => expect(within(section(panel, 'Não lidas')).getAllByRole('article')).toHaveLength(2));
    const read = section(panel, 'Lidas');
    const moved = within(read).getByText('Sua análise está em processamento.').closest('[role="article"]')!;
    expect(await within(moved as HTMLElement).findByText('Aguardando envio')).toBeInTheDocument();
    expect(await db.notifications.get(id(1))).toMatchObject({ checked: true });
    expect(await queued()).toMatchObject([{ entityId: id(1), state: 'pending', payload: { userId: TEST_USER, checked: true } }]);

    // The drainer sends it once, with {"checked": true}, and the badge goes.
    await createDrainer({ locks: null }).drain();
    expect(api.callsTo('POST', TOGGLE(1))).toHaveLength(1);
    expect(api.callsTo('POST', TOGGLE(1))[0]!.body).toEqual({ checked: true });
    await waitFor(() => expect(within(moved as HTMLElement).queryByText('Aguardando envio')).not.toBeInTheDocument());
    undo();
  });

  it('offline: shows what is on this device, dismisses locally, and replays exactly once when the network returns', async () => {
    await db.notifications.bulkPut(NOTIFICATIONS);
    let online = false;
    const api = serve(networkError(), { [`POST ${TOGGLE(2)}`]: () => (online ? { status: 204 } : networkError()) });
    const { panel, undo } = await openScreen();
    expect(await within(panel).findByText(/Não foi possível atualizar as notificações agora: Sem conexão com o servidor\./)).toBeVisible();
    // The failed refresh can say so before the device's copy has rendered.
    const unread = await within(panel).findByRole('region', { name: 'Não lidas' });
    expect(within(unread).getAllByRole('article')).toHaveLength(3);

    const item = within(unread).getByText('A calibração "Lu-177 março" foi criada.').closest('[role="article"]') as HTMLElement;
    await userEvent.click(within(item).getByRole('button', { name: 'Marcar como lida' }));
    await waitFor(() => expect(within(section(panel, 'Não lidas')).getAllByRole('article')).toHaveLength(2));

    const tab = createDrainer({ locks: null });
    expect(await tab.drain()).toMatchObject({ status: 'offline' });
    expect(await queued()).toMatchObject([{ state: 'pending', attempts: 0, networkFailures: 1, waitReason: 'network' }]);

    online = true;
    await changeRows({ nextAttemptAt: 0 });
    expect(await tab.drain()).toMatchObject({ status: 'drained', sent: 1 });
    await tab.drain();
    // One send that never reached the server (not an attempt), one that did: the same Idempotency-Key both times.
    expect(api.callsTo('POST', TOGGLE(2))).toHaveLength(2);
    expect(new Set(api.callsTo('POST', TOGGLE(2)).map((c) => c.headers.get('Idempotency-Key'))).size).toBe(1);
    expect(await queued()).toMatchObject([{ state: 'done' }]);
    undo();
  });

  it('a pull keeps a notification read while its write is unsent (the server still says unread)', async () => {
    await db.notifications.bulkPut(NOTIFICATIONS);
    serve(NOTIFICATIONS);
    const { panel, undo, queryClient } = await openScreen();
    const unread = await waitFor(() => section(panel, 'Não lidas'));
    await userEvent.click(within(within(unread).getAllByRole('article')[0]!).getByRole('button', { name: 'Marcar como lida' }));
    await queryClient.refetchQueries();
    await waitFor(() => expect(within(section(panel, 'Não lidas')).getAllByRole('article')).toHaveLength(2));
    expect(await db.notifications.get(id(1))).toMatchObject({ checked: true });
    undo();
  });
});
