import type { DataExportState } from '#shared/schemas/data-export.ts';

/** A data export's state as the API answers it (issue 30), running and empty unless `over` says otherwise. */
export const dataExportState = (over: Partial<DataExportState>): DataExportState => ({
  id: '0192f0aa-0000-7000-8000-0000000000e1',
  state: 'running',
  doneBytes: 0,
  totalBytes: 0,
  requestedAt: '2026-11-28T12:00:00.000Z',
  finishedAt: null,
  expiresAt: null,
  size: null,
  downloadUrl: null,
  ...over,
});
