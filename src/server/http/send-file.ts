import type { FastifyReply } from 'fastify';
import type { files } from '../db/schema.ts';
import type { FileStore } from '../storage/file-store.ts';

/** Streams a stored file as a private download (never cached), its name only in a sanitized Content-Disposition. */
export function sendStoredFile(reply: FastifyReply, store: FileStore, file: typeof files.$inferSelect) {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Length', String(file.size))
    .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('Cache-Control', 'private, no-store')
    .send(store.open(file.storageKey));
}
