import { createTestQueryClient, setupI18n } from './render.tsx';
import type { QueryClient } from '@tanstack/react-query';
import { saveAuthState } from '#app/lib/session.ts';
import { createDrainer } from '#app/lib/sync/drainer.ts';
import { installWriteKinds, type WriteKinds } from '#app/lib/sync/write-kinds.ts';
import { blobFileReader, fakeTusServer } from '#app/lib/uploads/testing/fake-tus.ts';
import { blobKeepingClone } from '#app/lib/uploads/testing/keep-blobs.ts';
import { configureUploadsForTests } from '#app/lib/uploads/tus-upload.ts';
import { TEST_USER, resetLocalDatabase } from '#app/lib/testing/local-first.ts';

/**
 * Tests of queued writes (the kit's, an entity's): signed in, an empty local database, these write kinds
 * installed, and a fake tus server taking the files in 4-byte chunks. Call at the top of the test file.
 */
export function setupQueuedEntityTests(kinds: (queryClient: QueryClient) => WriteKinds, uploads: Parameters<typeof configureUploadsForTests>[0] = {}) {
  let tus = fakeTusServer();
  let undo = () => {};
  beforeEach(async () => {
    vi.stubGlobal('structuredClone', blobKeepingClone);
    await setupI18n('pt-BR');
    saveAuthState({ id: TEST_USER, isStaff: false });
    await resetLocalDatabase(TEST_USER);
    undo = installWriteKinds(kinds(createTestQueryClient()));
    tus = fakeTusServer();
    configureUploadsForTests({ httpStack: tus.stack, fileReader: blobFileReader, chunkSize: 4, ...uploads });
  });
  afterEach(() => {
    undo();
    configureUploadsForTests();
    vi.unstubAllGlobals();
  });
  const onlyUploadId = () => {
    expect(tus.uploads.size).toBe(1);
    return [...tus.uploads.keys()][0]!;
  };
  return {
    tus: () => tus,
    onlyUploadId,
    /** What reached the server of an upload, as text. */
    uploaded: (uploadId: string) => new TextDecoder().decode(tus.bytesOf(uploadId)),
    drain: () => createDrainer({ locks: null }).drain(),
  };
}
