import type { QueryClient } from '@tanstack/react-query';
import type { LoginBody } from '#shared/schemas/users.ts';
import { apiRequest } from './api-client.ts';
import { clearAuthState, saveAuthState } from './session.ts';

/**
 * The answers' schemas (and zod) load when first needed, not with the login page: its first paint
 * waits for less. `prefetchSessionSchemas` fetches them while the user types.
 */
const sessionSchemas = () => import('#shared/schemas/users.ts');
export const prefetchSessionSchemas = () => void sessionSchemas().catch(() => undefined);

/** Signs in and keeps the readable `id`/`isStaff` cookies (the session itself is in HttpOnly cookies). */
export async function login(body: LoginBody) {
  const { AuthResponse } = await sessionSchemas();
  const auth = await apiRequest('/users/login/', AuthResponse, { method: 'POST', body });
  saveAuthState(auth);
  return auth;
}

/** Ends the session on the server (best effort: offline, the local session still ends) and forgets every cached read. */
export async function logout(queryClient: QueryClient) {
  await sessionSchemas()
    .then(({ LogoutResponse }) => apiRequest('/users/auth/token/logout/', LogoutResponse.nullable(), { method: 'POST' }))
    .catch(() => null);
  clearAuthState();
  queryClient.clear();
}
