import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { DeviceSessionList, PasskeyCreationOptions, PasskeyRequestOptions, PasskeySummary, RecoveryCodes, SecurityStatus, TotpEnrolment } from '#shared/schemas/security.ts';
import { apiRequest } from '#app/lib/api-client.ts';
import { assertPasskey, createPasskey } from '#app/lib/passkeys.ts';
import { accountKeys, userPath } from './account-queries.ts';

/** Second factors (issue 31): not persisted, so that /staff's check follows the server. */
export const securityQuery = (userId: string) =>
  queryOptions({
    queryKey: [...accountKeys.user(userId), 'security'] as const,
    queryFn: ({ signal }) => apiRequest(`${userPath(userId)}security/`, SecurityStatus, { signal }),
  });

const securityPath = (userId: string, rest: string) => `${userPath(userId)}security/${rest}`;

/** A new authenticator secret with its QR code, waiting for a first code. */
export function useStartTotp(userId: string) {
  return useMutation({ mutationFn: () => apiRequest(securityPath(userId, 'totp/'), TotpEnrolment, { method: 'POST' }) });
}

function useSecurityMutation<T, R>(userId: string, mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  // 'all': /staff's check reads it without an observer, and must see the new factor at once.
  const refetch = () => queryClient.invalidateQueries({ queryKey: securityQuery(userId).queryKey, refetchType: 'all' });
  return useMutation({ mutationFn, onSuccess: refetch });
}

/** The first code confirms the authenticator: the answer is the recovery codes, shown once. */
export const useConfirmTotp = (userId: string) =>
  useSecurityMutation(userId, (code: string) => apiRequest(securityPath(userId, 'totp/confirm/'), RecoveryCodes, { method: 'POST', body: { code } }));

export const useRegenerateRecoveryCodes = (userId: string) =>
  useSecurityMutation(userId, () => apiRequest(securityPath(userId, 'recovery-codes/'), RecoveryCodes, { method: 'POST' }));

export const useRemoveTotp = (userId: string) =>
  useSecurityMutation(userId, () => apiRequest(securityPath(userId, 'totp/'), z.null(), { method: 'DELETE' }));

/** Creates a passkey in the browser for the server's options and adds it under `name`. */
export const useAddPasskey = (userId: string) =>
  useSecurityMutation(userId, async (name: string) => {
    const options = await apiRequest(securityPath(userId, 'passkey-options/'), PasskeyCreationOptions, { method: 'POST' });
    const response = await createPasskey(options);
    return apiRequest(securityPath(userId, 'passkeys/'), PasskeySummary, { method: 'POST', body: { name, response } });
  });

/** Re-authentication with one of the user's passkeys (issue 31): the session counts as just signed in (204). */
export async function reauthenticateWithPasskey(userId: string): Promise<null> {
  const options = await apiRequest(`${userPath(userId)}reauthenticate/passkey-options/`, PasskeyRequestOptions, { method: 'POST' });
  const response = await assertPasskey(options);
  return apiRequest(`${userPath(userId)}reauthenticate/passkey/`, z.null(), { method: 'POST', body: { response } });
}

export const useRemovePasskey = (userId: string) =>
  useSecurityMutation(userId, (id: string) => apiRequest(securityPath(userId, `passkeys/${encodeURIComponent(id)}/`), z.null(), { method: 'DELETE' }));

/** The signed-in sessions (devices) of the user. */
export const devicesQuery = (userId: string) =>
  queryOptions({
    queryKey: [...accountKeys.user(userId), 'devices'] as const,
    queryFn: ({ signal }) => apiRequest(`${userPath(userId)}sessions/`, DeviceSessionList, { signal }),
  });

function useDevicesMutation<T>(userId: string, mutationFn: (input: T) => Promise<null>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQuery(userId).queryKey }) });
}

export const useEndSession = (userId: string) =>
  useDevicesMutation(userId, (id: string) => apiRequest(`${userPath(userId)}sessions/${encodeURIComponent(id)}/`, z.null(), { method: 'DELETE' }));

export const useEndOtherSessions = (userId: string) =>
  useDevicesMutation(userId, () => apiRequest(`${userPath(userId)}sessions/`, z.null(), { method: 'DELETE' }));
