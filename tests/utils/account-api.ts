import { screen } from '@testing-library/react';
import { TEST_USER_ID, accountRoutes, fakeAccountApi, type FakeRoutes } from '#app/features/account/testing/fake-account-api.ts';
import { renderRoute } from './render.tsx';

const auth = { id: TEST_USER_ID, isStaff: false };

/** Stubs `fetch` with the fake account API answering `routes`; returns it. */
export function stubAccountApi(routes: FakeRoutes) {
  const api = fakeAccountApi(routes);
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

/** Opens the e-mail or phone editor over the fake account API (a typical account, plus `routes`); returns the API, its input and the render. */
export async function renderContactEditor(data: 'email' | 'phone', routes: FakeRoutes = {}) {
  const api = stubAccountApi({ ...accountRoutes(), ...routes });
  const result = await renderRoute(`/dashboard/profile/${data}/edit`, { auth });
  const input = await screen.findByRole('textbox', { name: data === 'email' ? /Novo e-mail/ : /^Telefone/ });
  return { api, input, ...result };
}
