import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { DataExportLatest, DataExportState, isExportBuilding } from '#shared/schemas/data-export.ts';
import { apiRequest } from '#app/lib/api-client.ts';

const exportPath = (userId: string) => `/users/${userId}/data-export/`;

/** The user's latest export; polled every second while it is being built (its progress). */
export const dataExportQuery = (userId: string) =>
  queryOptions({
    queryKey: ['privacy', userId, 'data-export'] as const,
    queryFn: ({ signal }) => apiRequest(exportPath(userId), DataExportLatest, { signal }),
    refetchInterval: (query) => (isExportBuilding(query.state.data?.export) ? 1000 : false),
  });

/** Asks for an export; the server starts one or answers the one running (the request joins it). */
export function useRequestDataExport(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(exportPath(userId), DataExportState, { method: 'POST' }),
    onSuccess: (state) => queryClient.setQueryData(dataExportQuery(userId).queryKey, { export: state }),
  });
}
