import type { QueryClient } from '@tanstack/react-query';
import type { SecondStepBody, SecondStepRequired } from '#shared/schemas/security.ts';
import type { AuthResponse, LoginBody } from '#shared/schemas/users.ts';
import { apiRequest } from './api-client.ts';
import { assertPasskey } from './passkeys.ts';
import { clearAuthState, saveAuthState } from './session.ts';

/**
 * The answers' schemas (and zod) load when first needed, not with the login page: its first paint
 * waits for less. `prefetchSessionSchemas` fetches them while the user types.
 */
const sessionSchemas = () => import('#shared/schemas/users.ts');
const securitySchemas = () => import('#shared/schemas/security.ts');
export const prefetchSessionSchemas = () => void Promise.all([sessionSchemas(), securitySchemas()]).catch(() => undefined);

const keepSession = (auth: AuthResponse) => {
  saveAuthState({ id: auth.id, isStaff: auth.isStaff });
  return auth;
};

/**
 * Signs in and keeps the readable `id`/`isStaff` cookies (the session itself is in HttpOnly cookies); an account with
 * a second factor answers `{secondStep}` instead, and `finishSignIn` completes it.
 */
export async function login(body: LoginBody): Promise<AuthResponse | SecondStepRequired> {
  const [{ AuthResponse }, { SecondStepRequired }] = await Promise.all([sessionSchemas(), securitySchemas()]);
  const answer = await apiRequest('/users/login/', SecondStepRequired.or(AuthResponse), { method: 'POST', body });
  return 'secondStep' in answer ? answer : keepSession(answer);
}

/** The sign-in's second step: an authenticator code or a recovery code (issue 31). */
export async function finishSignIn(body: SecondStepBody): Promise<AuthResponse> {
  const { AuthResponse } = await sessionSchemas();
  return keepSession(await apiRequest('/users/login/second-step/', AuthResponse, { method: 'POST', body }));
}

/** Signs in with a passkey: after the password (the server knows whose), or alone with a discoverable one. */
export async function signInWithPasskey(): Promise<AuthResponse> {
  const [{ AuthResponse }, { PasskeyRequestOptions }] = await Promise.all([sessionSchemas(), securitySchemas()]);
  const options = await apiRequest('/users/login/passkey/options/', PasskeyRequestOptions, { method: 'POST' });
  const response = await assertPasskey(options);
  return keepSession(await apiRequest('/users/login/passkey/', AuthResponse, { method: 'POST', body: { response } }));
}

/** Ends the session on the server (best effort: offline, the local session still ends) and forgets every cached read. */
export async function logout(queryClient: QueryClient) {
  await sessionSchemas()
    .then(({ LogoutResponse }) => apiRequest('/users/auth/token/logout/', LogoutResponse.nullable(), { method: 'POST' }))
    .catch(() => null);
  clearAuthState();
  queryClient.clear();
}
