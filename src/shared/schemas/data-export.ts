import { z } from 'zod';

/**
 * "Download my data" (issue 30, docs/privacy-export.md): the state of a user's export as the API answers it, and
 * the document `data.json` inside the zip (`DataExportDocument`, versioned by `formatVersion`).
 */
export const DATA_EXPORT_FORMAT_VERSION = 1;
/** Days a finished export can be downloaded; then the sweep removes it (410). */
export const DATA_EXPORT_KEPT_DAYS = 7;

export const DataExportState = z
  .object({
    id: z.uuid(),
    state: z.enum(['queued', 'running', 'ready', 'failed', 'expired']),
    /** Bytes written so far and expected (files plus the records); a percentage for the progress bar. */
    doneBytes: z.number().int().nonnegative(),
    totalBytes: z.number().int().nonnegative(),
    requestedAt: z.string(),
    finishedAt: z.string().nullable(),
    /** When the zip stops being downloadable (ready: 7 days after it was built). */
    expiresAt: z.string().nullable(),
    /** The zip's size in bytes, once ready. */
    size: z.number().int().nonnegative().nullable(),
    /** The download (the signed-in owner only), once ready. */
    downloadUrl: z.string().nullable(),
  })
  .meta({ id: 'DataExportState' });
export type DataExportState = z.infer<typeof DataExportState>;

/** Queued or running: the screens poll it every second (its progress). */
export const isExportBuilding = (state: DataExportState | null | undefined) => state?.state === 'queued' || state?.state === 'running';

/** The latest export of the user (null: never asked). */
export const DataExportLatest = z.object({ export: DataExportState.nullable() }).meta({ id: 'DataExportLatest' });
export type DataExportLatest = z.infer<typeof DataExportLatest>;

export const DataExportParams = z.object({ id: z.uuid('validation.invalidUuid') });

const Row = z.record(z.string(), z.unknown());

/** One stored file in the zip, under `path`, with what it belongs to. */
export const DataExportFile = z.object({
  id: z.uuid(),
  path: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  createdAt: z.string(),
  /** The records that name this file: `{type: 'calibration' | 'analysis' | 'order' | 'bill' | 'signature', id, role}`. */
  usedBy: z.array(z.object({ type: z.string(), id: z.string(), role: z.string() })),
});
export type DataExportFile = z.infer<typeof DataExportFile>;

/** `data.json`: every record the user owns or is the subject of, by kind (docs/privacy-export.md lists each kind's fields). */
export const DataExportDocument = z.object({
  formatVersion: z.literal(DATA_EXPORT_FORMAT_VERSION),
  generatedAt: z.string(),
  userId: z.uuid(),
  language: z.string(),
  records: z.record(z.string(), z.union([Row, z.array(Row)])),
  files: z.array(DataExportFile),
});
export type DataExportDocument = z.infer<typeof DataExportDocument>;
