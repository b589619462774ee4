// The tus server loads with the first upload request, not at start (issue 35): the first requests of a fresh
// server, arriving together, are served as any later ones.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { uploads } from '#server/db/schema.ts';
import { registerUser, type SignedInUser } from '#tests/utils/accounts.ts';
import { imageBytes } from '#tests/utils/calibrations.ts';
import { createTestApp, type TestApp } from '#tests/utils/test-app.ts';
import { uploadFile } from '#tests/utils/uploads.ts';

let t: TestApp;
let users: SignedInUser[];
beforeAll(async () => {
  t = await createTestApp();
  users = await Promise.all([registerUser(t.app, { name: 'Ana Primeira' }), registerUser(t.app, { name: 'Bob Primeiro' })]);
}, 120_000);
afterAll(() => t?.close());

it('two uploads started together on a fresh server both finish, each with its own bytes', async () => {
  const files = [imageBytes(300_000, 1), imageBytes(200_000, 2)];
  const ids = await Promise.all(users.map((user, index) => uploadFile(t.app, user, files[index]!, { chunkSize: 64 * 1024 })));
  for (const [index, id] of ids.entries()) {
    const [row] = await t.app.db.select().from(uploads).where(eq(uploads.id, id));
    expect(row).toMatchObject({ status: 'complete', size: files[index]!.length, userId: users[index]!.id });
  }
});
