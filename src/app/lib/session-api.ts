import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AuthResponse, LogoutResponse, type LoginBody } from '#shared/schemas/users.ts';
import { apiRequest } from './api-client.ts';
import { clearAuthState, saveAuthState } from './session.ts';

/** Signs in and keeps the readable `id`/`isStaff` cookies (the session itself is in HttpOnly cookies). */
export async function login(body: LoginBody) {
  const auth = await apiRequest('/users/login/', AuthResponse, { method: 'POST', body });
  saveAuthState(auth);
  return auth;
}

/** Ends the session on the server (best effort: offline, the local session still ends) and forgets every cached read. */
export async function logout(queryClient: QueryClient) {
  await apiRequest('/users/auth/token/logout/', LogoutResponse.or(z.null()), { method: 'POST' }).catch(() => null);
  clearAuthState();
  queryClient.clear();
}
