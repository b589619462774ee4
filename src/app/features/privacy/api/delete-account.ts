import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AccountDeleted, type DeleteAccountBody } from '#shared/schemas/account-deletion.ts';
import { ACCOUNT_DELETED_PATH, wipeDeletedAccount } from '#app/lib/account-deleted.ts';
import { apiRequest } from '#app/lib/api-client.ts';

/**
 * Issue 30: deleting the account is online only (never queued: it needs the password checked now, and nothing
 * may be written for this user after it). Once the server answers, this browser's local data goes as at logout,
 * then the page opens the "account deleted" screen: from here, not the form, which the sign-out unmounts.
 */
export function useDeleteAccount(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteAccountBody) =>
      apiRequest(`/users/${encodeURIComponent(userId)}/delete-account/`, AccountDeleted, { method: 'POST', body }),
    onSuccess: async ({ cancelledAnalyses, keptBills }) => {
      await wipeDeletedAccount(queryClient);
      window.location.assign(`${ACCOUNT_DELETED_PATH}?cancelled=${cancelledAnalyses}&kept=${keptBills}`);
    },
  });
}
