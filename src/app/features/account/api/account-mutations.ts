import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { MessageResponse, type ChangePasswordBody } from '#shared/schemas/users.ts';
import { apiRequest } from '#app/lib/api-client.ts';
import { accountKeys, userPath } from './account-queries.ts';

const NoContent = z.null();

/** What the profile form sends: the editable fields (docs/product.md §5), CNPJ already stripped of formatting; "" clears one. */
export interface ProfileChanges {
  name: string;
  clinic: string;
  role: string;
  cnpj: string;
}

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileChanges) => apiRequest(userPath(userId), NoContent, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.profile(userId) }),
  });
}

/** 204: the address changed; its confirmation mail goes through the server's mail queue. */
export function useChangeEmail(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest(`${userPath(userId)}email/`, NoContent, { method: 'PATCH', body: { email } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.email(userId) }),
        queryClient.invalidateQueries({ queryKey: accountKeys.profile(userId) }),
      ]),
  });
}

/** Mails a new confirmation link; 409 when already verified, 429 when asked too often. */
export function useResendVerification(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`${userPath(userId)}email/resend/`, NoContent, { method: 'POST' }),
    // A 409 means the address was confirmed meanwhile (in another tab, say): read the status again.
    onError: () => queryClient.invalidateQueries({ queryKey: accountKeys.email(userId) }),
  });
}

export function useChangePhone(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phone: string) => apiRequest(`${userPath(userId)}phone/`, NoContent, { method: 'PATCH', body: { phone } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.phone(userId) }),
        queryClient.invalidateQueries({ queryKey: accountKeys.profile(userId) }),
      ]),
  });
}

/** 200 `{ message }` (translated by the server); field errors on old_password and new_password2. */
export function useChangePassword(userId: string) {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      apiRequest(`${userPath(userId)}change_password/`, MessageResponse, { method: 'POST', body }),
  });
}
