import { screen, waitFor, within } from '@testing-library/react';
import type { Language } from '#shared/languages.ts';
import { renderRoute } from '#tests/utils/render.tsx';
import { db } from '#app/lib/db.ts';
import { saveAuthState } from '#app/lib/session.ts';
import { TEST_USER, fakeApi, resetLocalDatabase } from '#app/lib/testing/local-first.ts';
import { unreadBadgeText } from './notification-bell.tsx';

const auth = { id: TEST_USER, isStaff: false };

async function seed(unread: number, read = 2) {
  await db.notifications.bulkPut(
    Array.from({ length: unread + read }, (_, i) => ({
      id: `n${i}`,
      message: `Aviso ${i}`,
      kind: 'update' as const,
      checked: i >= unread,
      createdAt: '2026-11-22T12:00:00Z',
    })),
  );
}

async function renderHeader(language: Language = 'pt-BR') {
  await renderRoute('/', { auth, language });
  return screen.findByRole('banner');
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fakeApi({}).fetch);
  saveAuthState(auth);
  await resetLocalDatabase(TEST_USER);
});
afterEach(() => vi.unstubAllGlobals());

describe('unreadBadgeText (docs/product.md §4, §9: cap 99)', () => {
  it.each([
    [-1, null],
    [0, null],
    [1, '1'],
    [5, '5'],
    [99, '99'],
    [100, '99+'],
    [120, '99+'],
  ])('%i → %j', (count, expected) => {
    expect(unreadBadgeText(count)).toBe(expected);
  });
});

describe('the bell in the navigation', () => {
  it('links to the notifications and shows no badge at 0', async () => {
    await seed(0);
    const header = await renderHeader();
    const bell = await within(header).findByRole('link', { name: 'Notificações' });
    expect(bell).toHaveAttribute('href', '/dashboard/notifications');
    expect(header.querySelector('.mantine-Indicator-indicator')).toBeNull();
  });

  it('shows the unread count (5) in the badge and in its accessible name', async () => {
    await seed(5);
    const header = await renderHeader();
    const bell = await within(header).findByRole('link', { name: 'Notificações: 5 não lidas' });
    expect(bell.closest('.mantine-Indicator-root')).toHaveTextContent('5');
  });

  it('shows 99+ above 99 (120 unread)', async () => {
    await seed(120);
    const header = await renderHeader();
    const bell = await within(header).findByRole('link', { name: 'Notificações: 120 não lidas' });
    expect(bell.closest('.mantine-Indicator-root')).toHaveTextContent('99+');
  });

  it.each([
    ['en-US', 1, 'Notifications: 1 unread'],
    ['es', 3, 'Notificaciones: 3 sin leer'],
    ['pt-BR', 1, 'Notificações: 1 não lida'],
  ] as const)('is named in the chosen language (%s, %i)', async (language, unread, name) => {
    await seed(unread);
    const header = await renderHeader(language);
    expect(await within(header).findByRole('link', { name })).toBeInTheDocument();
  });

  it('follows the local data live (a notification read elsewhere)', async () => {
    await seed(2);
    const header = await renderHeader();
    await within(header).findByRole('link', { name: 'Notificações: 2 não lidas' });
    await db.notifications.update('n0', { checked: true });
    await waitFor(() => expect(within(header).getByRole('link', { name: 'Notificações: 1 não lida' })).toBeInTheDocument());
  });

  it('is not shown to visitors', async () => {
    await renderRoute('/', { auth: null });
    const header = await screen.findByRole('banner');
    expect(within(header).queryByRole('link', { name: /Notificações/ })).not.toBeInTheDocument();
  });
});
